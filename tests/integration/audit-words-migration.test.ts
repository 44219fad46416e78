import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvisory, updateAdvisory } from '../../src/server/advisories/manage.ts';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { addOutageUpdate, publishOutage } from '../../src/server/outages/lifecycle.ts';
import { createOutage, updateOutage } from '../../src/server/outages/manage.ts';
import { AdvisoryInputSchema } from '../../src/shared/advisories/schema.ts';
import { OutageInputSchema } from '../../src/shared/outages/schema.ts';
import { raceStaff, startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * Migration 0039 gives the drafts written before it the words the code had logged for them (their
 * creation's, or their last edit's), which their publication now logs; drafts written after it keep
 * them from their creation and edits. Here its backfill runs again over drafts whose words were
 * taken away, and must give back exactly what the code had kept.
 */

const MIGRATION = path.join(import.meta.dirname, '../../netlify/database/migrations/0039_audit_words.sql');
const NOW = new Date('2026-03-02T15:00:00Z');

let postgres: RealPostgres;
let admin: SignedInAdmin;
beforeAll(async () => {
  postgres = await startRealPostgres();
  admin = (await raceStaff(postgres.db, 1))[0]!;
}, 120_000);
afterAll(() => postgres?.stop());

const outage = (startsAt: string) =>
  OutageInputSchema.parse({
    kind: 'programado',
    town: 'coyhaique',
    sectors: 'Villa Los Ñires',
    startsAt,
    endsAt: '2026-03-10T18:00:00-03:00',
  });
const advisory = (towns: string[]) =>
  AdvisoryInputSchema.parse({
    kind: 'no-beber',
    towns,
    startsAt: '2026-03-02T08:00:00-03:00',
    instructions: 'No beba el agua de la red.',
  });

/** The migration's statements that fill the words, apart from the ones that add the columns. */
async function backfill(): Promise<string[]> {
  const text = (await readFile(MIGRATION, 'utf8')).replace(/^--.*$/gm, '');
  return text
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.startsWith('UPDATE'));
}

const wordsOf = async (table: 'outages' | 'advisories') =>
  postgres.db.query<{ id: string; audit_words: string | null }>(
    `SELECT id::text AS id, audit_words FROM ${table} ORDER BY id`,
  );

describe('migration 0039', () => {
  it("gives each draft of before its words from the log, as the code kept them, and leaves the others'", async () => {
    const db = postgres.db;
    await createOutage(db, admin, outage('2026-03-05T09:00:00-03:00'), NOW);
    const edited = await createOutage(db, admin, outage('2026-03-05T09:00:00-03:00'), NOW);
    await updateOutage(db, admin, edited.id, { ...outage('2026-03-06T10:30:00-03:00'), town: 'puerto-aysen' }, NOW);
    // An update of a draft logs its words too ('actualización de …'), and is not taken for them.
    await addOutageUpdate(db, admin, edited.id, 'Se confirma el horario.', NOW);
    const published = await createOutage(db, admin, outage('2026-03-09T09:00:00-03:00'), NOW);
    await publishOutage(db, admin, published.id, { confirmShortNotice: false, shortNoticeReason: '' }, NOW);
    const notice = await createAdvisory(db, admin, advisory(['coyhaique', 'puerto-aysen']), NOW);
    await updateAdvisory(db, admin, notice.id, advisory(['coyhaique', 'puerto-ibanez']), NOW);
    await createAdvisory(db, admin, advisory(['cochrane']), NOW);
    const kept = { outages: await wordsOf('outages'), advisories: await wordsOf('advisories') };
    expect(kept.outages.map((row) => row.audit_words)).toEqual([
      'Programado en Coyhaique, desde 05-03-2026 09:00',
      'Programado en Puerto Aysén, desde 06-03-2026 10:30',
      'Programado en Coyhaique, desde 09-03-2026 09:00',
    ]);
    expect(kept.advisories.map((row) => row.audit_words)).toEqual([
      'No beber el agua de la red en Coyhaique y Puerto Ibáñez, desde 02-03-2026 08:00',
      'No beber el agua de la red en Cochrane, desde 02-03-2026 08:00',
    ]);

    await db.query('UPDATE outages SET audit_words = NULL');
    await db.query('UPDATE advisories SET audit_words = NULL');
    const statements = await backfill();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.query(statement);

    expect(await wordsOf('outages')).toEqual(
      kept.outages.map((row) => (row.id === published.id ? { ...row, audit_words: null } : row)),
    );
    expect(await wordsOf('advisories')).toEqual(kept.advisories);
  });
});
