import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createPgDatabase } from '../../src/server/db/pg-database.ts';

/** The database a command works on: NETLIFY_DB_URL, or in local mode the running `npm start`'s. */
export async function commandDatabase() {
  const url =
    process.env.NETLIFY_DB_URL ??
    (await readFile(path.resolve(import.meta.dirname, '../../.data/database-url'), 'utf8').catch(() => undefined));
  if (!url) {
    console.error('NETLIFY_DB_URL is not set and no local server is running (npm start).');
    process.exit(1);
  }
  return createPgDatabase(new pg.Pool({ connectionString: url, max: 1 }));
}
