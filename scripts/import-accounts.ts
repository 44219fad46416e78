/**
 * `npm run accounts:import -- export.csv --exported-at 2026-11-22T10:30`: loads the billing
 * system's CSV export into the accounts table (src/server/accounts-import.ts) of the database at
 * NETLIFY_DB_URL, or of the running `npm start` in local mode; prints the lines it left out and
 * the accounts whose balance it kept because they were paid online after the export was taken
 * (`--exported-at`, Chile's time). The admin area does the same at /admin/cuentas/importar.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AccountsImportSchema } from '../src/shared/accounts/schema.ts';
import { formatAmount } from '../src/shared/payments/schema.ts';
import { formatDateTime } from '../src/shared/time/format.ts';
import { accountTowns, decodeAccountsFile, importAccounts, parseAccountsCsv } from '../src/server/accounts-import.ts';
import { Invalid } from '../src/server/errors.ts';
import { commandDatabase } from './lib/command-database.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'exported-at': { type: 'string' } } });
const file = positionals[0];
if (!file || values['exported-at'] === undefined) {
  console.error('Usage: npm run accounts:import -- <export.csv> --exported-at <YYYY-MM-DDTHH:mm, Chile time>');
  process.exit(1);
}
const exportedAt = AccountsImportSchema.shape.exportedAt.safeParse(values['exported-at']);
if (!exportedAt.success) {
  console.error(`--exported-at: ${exportedAt.error.issues[0]?.message}`);
  process.exit(1);
}

const db = await commandDatabase();
let parsed: ReturnType<typeof parseAccountsCsv>;
try {
  // A locality must be one of the database's towns, the ones /cortes knows.
  parsed = parseAccountsCsv(decodeAccountsFile(await readFile(file)), await accountTowns(db));
} catch (error) {
  await db.close();
  if (!(error instanceof Invalid)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { rows, rejected } = parsed;
for (const { line, reason } of rejected) console.warn(`line ${line} left out: ${reason}`);
try {
  const kept =
    rows.length > 0
      ? await importAccounts(db, rows, {
          exportedAt: exportedAt.data,
          actor: { id: null, email: 'npm run accounts:import' },
          rejectedLines: rejected.length,
        })
      : [];
  for (const account of kept)
    console.warn(
      `service ${account.service_number} kept its balance ${formatAmount(account.balance)} (the export says ${formatAmount(account.exported_balance)}): paid online on ${formatDateTime(account.paid_at)}, after the export`,
    );
  console.log(
    `Imported ${rows.length} account(s), ${kept.length} of them keeping their balance; ${rejected.length} line(s) left out.`,
  );
} finally {
  await db.close();
}
process.exitCode = rejected.length > 0 ? 2 : 0;
