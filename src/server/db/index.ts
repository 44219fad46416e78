import { config } from '../config.ts';
import type { Database } from './database.ts';
import { lazyDatabase } from './lazy-database.ts';
import { markingQueues } from '../work-markers/queueing.ts';

export type { Database, Statement } from './database.ts';

/**
 * The drivers (Netlify Database's, with Neon's and pg's clients beneath it: 28 ms of a cold start
 * and most of a function's bundle) are imported by the first statement, not by the function's
 * import: a function answers what needs no database (a refused request, a scheduled run with no
 * work) without paying for them (docs/performance.md, "Cold starts").
 */
const drivers = () => import('./drivers.ts');

let database: Database | undefined;

/**
 * The process-wide database. Production: Netlify Database through `@netlify/database`, which
 * Netlify provisions for the site, branches per deploy preview and whose credentials it rotates
 * (the HTTP client it gives re-reads the connection string). Local mode: the embedded Postgres
 * of the local emulation over one wire-protocol connection (see pg-database.ts), or the real
 * PostgreSQL `npm start` was given, over several. A deploy preview's is refused until production's
 * anonymiser marked its branch (preview-gate.ts). Every statement that gives a scheduled run work marks
 * its queue once committed (work-markers/queueing.ts).
 */
export function getDatabase(): Database {
  if (!database)
    database = markingQueues(
      lazyDatabase(async () => {
        const { localDatabase, netlifyDatabase } = await drivers();
        return config.isLocal() ? localDatabase() : netlifyDatabase();
      }),
    );
  return database;
}

/**
 * The database at `connectionString`: production's anonymiser reaching a deploy preview's branch
 * (src/server/preview-anonymisation.ts); locally, and in the tests, over one connection.
 */
export const databaseAt = (connectionString: string): Database =>
  lazyDatabase(async () => (await drivers()).databaseAt(connectionString));

/** A timestamptz column as the API answers it: ISO 8601 in UTC, whatever the driver returns. */
export const isoTime = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
