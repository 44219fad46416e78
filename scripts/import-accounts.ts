/**
 * `npm run accounts:import -- export.csv`: loads the billing system's CSV export into the
 * accounts table (src/server/accounts-import.ts) of the database at NETLIFY_DB_URL, or of the
 * running `npm start` in local mode; prints the lines it left out and why.
 */
import { readFile } from 'node:fs/promises';
import { importAccounts, parseAccountsCsv } from '../src/server/accounts-import.ts';
import { commandDatabase } from './lib/command-database.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run accounts:import -- <export.csv>');
  process.exit(1);
}

const { rows, rejected } = parseAccountsCsv(await readFile(file, 'utf8'));
for (const { line, reason } of rejected) console.warn(`line ${line} left out: ${reason}`);
const db = await commandDatabase();
try {
  if (rows.length > 0) await importAccounts(db, rows);
  console.log(`Imported ${rows.length} account(s); ${rejected.length} line(s) left out.`);
} finally {
  await db.close();
}
process.exitCode = rejected.length > 0 ? 2 : 0;
