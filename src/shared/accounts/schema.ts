import * as z from 'zod/mini';
import { chileNow } from '../time/wall-clock.ts';
import { localDateTime } from '../fields.ts';
import { csvFileField, IMPORT_REPORT_LIMIT, RejectedLineSchema } from '../imports/schema.ts';

/**
 * The accounts import: staff load the billing system's CSV export of every service's
 * debt from the admin (/admin/cuentas/importar), as `npm run accounts:import` does from a terminal.
 */

export const accountsMessages = {
  fileRequired: 'Seleccione el archivo CSV de cuentas.',
  exportedAtRequired: 'Ingrese la fecha y hora de la exportación.',
  exportedAtInvalid: 'Ingrese una fecha y hora válidas.',
  exportedAtFuture: 'La fecha y hora de la exportación no puede ser posterior a este momento.',
  noAccounts: 'El archivo no tiene cuentas: está vacío o solo tiene la línea de títulos.',
  tooManyLines: (max: number) =>
    `El archivo tiene más de ${new Intl.NumberFormat('es-CL').format(max)} líneas de cuentas: divídalo en partes e impórtelas con la misma fecha de exportación.`,
  paidOnline: 'Pagada en línea después de la exportación',
} as const;

/** The columns of the export, in its first line (docs/features/payments.md, "Accounts: where the debt comes from"). */
export const ACCOUNT_COLUMNS = ['service_number', 'balance', 'install_address', 'expiration_date', 'doc_url'] as const;

/**
 * Lines of accounts a file may hold: the utility has about 25,000 customers. The import is one
 * statement, and Neon's HTTP driver takes at most 10 MiB a request: 60,000 rows of the shortest
 * kind add about 1.5 MB of encoding to the 5 MB file (tests/integration/accounts-import.test.ts).
 */
export const MAX_ACCOUNT_LINES = 60_000;

/** Lines of each list the answer carries: a file of 5 MB may hold many more bad lines than a screen (or 6 MB) can. */
export const ACCOUNTS_REPORT_LIMIT = IMPORT_REPORT_LIMIT;

/**
 * When the billing system took the export, in Chile's time. An account paid online after it
 * keeps its balance: the export still shows the debt the customer has paid. A moment in the
 * future would protect nobody, so it is refused.
 */
const exportedAt = z.pipe(
  z
    .string({ error: accountsMessages.exportedAtRequired })
    .check(z.trim(), z.minLength(1, accountsMessages.exportedAtRequired)),
  // A local time without a zone: Chile's is implied.
  localDateTime(accountsMessages.exportedAtInvalid).check(
    z.refine((value) => value.slice(0, 16) <= chileNow(), accountsMessages.exportedAtFuture),
  ),
);

/** POST /api/admin/accounts/import: a completed upload of purpose `accounts` and the export's time. */
export const AccountsImportSchema = z.object({
  uploadId: z
    .string({ error: accountsMessages.fileRequired })
    .check(z.minLength(1, accountsMessages.fileRequired), z.maxLength(100)),
  exportedAt,
});

/** The import form: the chosen file (checked as the server will) and the export's time. */
export const AccountsImportFormSchema = z.object({
  file: csvFileField('accounts', accountsMessages.fileRequired),
  exportedAt,
});

const KeptAccountSchema = z.object({
  service_number: z.string(),
  /** What the export says is owed. */
  exported_balance: z.number(),
  /** The balance kept, as it was before the import. */
  balance: z.number(),
  /** The last online payment, ISO 8601 in UTC. */
  paid_at: z.string(),
});
export type KeptAccount = z.infer<typeof KeptAccountSchema>;

/** POST /api/admin/accounts/import: data.report. Each list holds at most ACCOUNTS_REPORT_LIMIT entries of its total. */
export const AccountsImportReportSchema = z.object({
  exportedAt: z.string(),
  /** Accounts written (new or updated), the kept ones included. */
  imported: z.number(),
  kept: z.array(KeptAccountSchema),
  keptTotal: z.number(),
  rejected: z.array(RejectedLineSchema),
  rejectedTotal: z.number(),
});
export type AccountsImportReport = z.infer<typeof AccountsImportReportSchema>;

export const AccountsImportAnswerSchema = z.object({ report: AccountsImportReportSchema });
