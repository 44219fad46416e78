/**
 * `npm run accounts:import -- export.csv --exported-at 2026-11-22T10:30`: loads the billing
 * system's CSV export into the accounts table (src/server/accounts-import.ts); prints the lines it
 * left out and the accounts whose balance it kept because they were paid online after the export
 * was taken (`--exported-at`, Chile's time). The admin area does the same at /admin/cuentas/importar.
 */
import { AccountsImportSchema } from '../src/shared/accounts/schema.ts';
import { formatAmount } from '../src/shared/payments/schema.ts';
import { formatDateTime } from '../src/shared/time/format.ts';
import { accountTowns, importAccounts, parseAccountsCsv } from '../src/server/accounts-import.ts';
import { runImportCommand } from './lib/csv-import-command.ts';

const usage = 'npm run accounts:import -- <export.csv> --exported-at <YYYY-MM-DDTHH:mm, Chile time>';

await runImportCommand({
  name: 'accounts:import',
  usage,
  options: { 'exported-at': { type: 'string' } },
  read: (values) => {
    if (values['exported-at'] === undefined) return { error: `Usage: ${usage}` };
    const exportedAt = AccountsImportSchema.shape.exportedAt.safeParse(values['exported-at']);
    return exportedAt.success
      ? { options: exportedAt.data }
      : { error: `--exported-at: ${exportedAt.error.issues[0]?.message}` };
  },
  // A locality must be one of the database's towns, the ones /cortes knows.
  parse: async (db, text) => parseAccountsCsv(text, await accountTowns(db)),
  import: async (db, rows, { actor, rejectedLines, options: exportedAt }) => {
    const kept = rows.length > 0 ? await importAccounts(db, rows, { exportedAt, actor, rejectedLines }) : [];
    return {
      warnings: kept.map(
        (account) =>
          `service ${account.service_number} kept its balance ${formatAmount(account.balance)} (the export says ${formatAmount(account.exported_balance)}): paid online on ${formatDateTime(account.paid_at)}, after the export`,
      ),
      summary: `Imported ${rows.length} account(s), ${kept.length} of them keeping their balance; ${rejectedLines} line(s) left out.`,
    };
  },
});
