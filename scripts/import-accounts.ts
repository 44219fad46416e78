/**
 * `npm run accounts:import -- export.csv`: loads the billing system's CSV export into the
 * accounts table (src/server/accounts-import.ts) of the database at NETLIFY_DB_URL, or of the
 * running `npm start` in local mode; prints the lines it left out and why.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importAccounts, parseAccountsCsv } from '../src/server/accounts-import.ts';
import { createPgDatabase } from '../src/server/db/pg-database.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run accounts:import -- <export.csv>');
  process.exit(1);
}
const url = process.env.NETLIFY_DB_URL ?? (await readFile(path.resolve(import.meta.dirname, '../.data/database-url'), 'utf8').catch(() => undefined));
if (!url) {
  console.error('NETLIFY_DB_URL is not set and no local server is running (npm start).');
  process.exit(1);
}

const { rows, rejected } = parseAccountsCsv(await readFile(file, 'utf8'));
for (const { line, reason } of rejected) console.warn(`line ${line} left out: ${reason}`);
const db = createPgDatabase(url);
try {
  if (rows.length > 0) await importAccounts(db, rows);
  console.log(`Imported ${rows.length} account(s); ${rejected.length} line(s) left out.`);
} finally {
  await db.close();
}
process.exitCode = rejected.length > 0 ? 2 : 0;
