import { createHash } from 'node:crypto';
import { MissingSettingError } from '../config.ts';
import type { Database, Statement } from './database.ts';

/**
 * A deploy preview's database branch starts as a copy of production's, people included. Production's
 * own code anonymises it (src/server/preview-anonymisation.ts, asked by the preview's build) and
 * marks it in the same transaction (`preview_anonymisation`, naming this database). Until that mark
 * names the preview's branch, none of the preview's functions reads or writes it: each answers 503,
 * so a preview whose anonymisation was skipped, failed or is still under way shows nobody's data.
 */

/** The identity of a database from its connection address, without its password. */
export function databaseFingerprint(connectionUrl: string): string {
  const url = new URL(connectionUrl);
  return createHash('sha256').update(`${url.hostname}:${url.port}/${url.pathname}?${url.username}`).digest('hex');
}

/** Whether production's anonymiser marked this very database (a branch forked from another carries its mark). */
export async function isAnonymised(db: Database, fingerprint: string): Promise<boolean> {
  const rows = await db
    .query(`SELECT 1 FROM preview_anonymisation WHERE database_fingerprint = $1`, [fingerprint])
    .catch(() => []);
  return rows.length > 0;
}

/** `db`, refusing every statement until its branch is marked anonymised; the mark is read until it is there. */
export function untilAnonymised(db: Database, connectionString: string): Database {
  const fingerprint = databaseFingerprint(connectionString);
  let marked = false;
  const ready = async () => {
    marked ||= await isAnonymised(db, fingerprint);
    if (!marked)
      throw new MissingSettingError(
        'preview anonymisation',
        "this deploy preview's database branch is not anonymised yet (docs/guides/deploy.md, section 3a).",
      );
  };
  return {
    async query<Row>(text: string, params?: unknown[]) {
      await ready();
      return db.query<Row>(text, params);
    },
    async batch(statements: Statement[]) {
      await ready();
      return db.batch(statements);
    },
    close: () => db.close(),
  };
}
