import { CsvError, parse } from 'csv-parse/sync';
import * as z from 'zod/mini';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS_REPORT_LIMIT,
  accountsMessages,
  MAX_ACCOUNT_LINES,
  type AccountsImportReport,
  type KeptAccount,
  type RejectedLine,
} from '../shared/accounts/schema.ts';
import { chileLocalToIso } from '../shared/time/wall-clock.ts';
import { isoTime, type Database } from './db/index.ts';
import { fileRefused } from './uploads/files.ts';

/**
 * The billing system's CSV export (docs/features/payments.md, the accounts import): one row per service,
 * columns service_number, balance, install_address, expiration_date (YYYY-MM-DD, may be empty)
 * and doc_url (may be empty), and optionally locality (a town of outage_towns by its slug, for
 * /cortes' "¿Me afecta?") and previous_bill_amount with previous_bill_days (the previous bill, for
 * ¿Me afecta?'s estimate of Ley 19.496 art. 25 A's compensation); comma or semicolon separated,
 * UTF-8, with a header row. Read by
 * POST /api/admin/accounts/import and `npm run accounts:import`, which report the same lines.
 * A file that cannot be read as the export at all is refused whole (`fileRefused`, a 400 at the
 * file field); its lines are not looked at.
 */

// A missing cell (a short line) is named, not reported as a type error.
const cell = (column: string) => z.string({ error: `falta ${column}` }).check(z.trim());
// The number columns are Postgres integers: a larger number would fail the whole import.
const INTEGER_MAX = 2_147_483_647;
/** An empty cell is stored as null. */
const orNull = z.transform((value: string) => value || null);
/** A whole number in an optional column: empty is null (the stored value is kept). */
const optionalWhole = (message: string, fits: (value: number) => boolean) =>
  z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || (/^\d+$/.test(value) && fits(Number(value))), message),
      ),
      z.transform((value) => (value === '' ? null : Number(value))),
    ),
  );

const Row = z.object({
  service_number: cell('service_number').check(z.regex(/^\d{1,12}$/, 'service_number debe tener de 1 a 12 dígitos')),
  balance: z
    .pipe(
      cell('balance').check(z.regex(/^\d+$/, 'balance debe ser un número entero de pesos, sin puntos ni signo')),
      z.transform(Number),
    )
    .check(z.refine((balance) => balance <= INTEGER_MAX, 'balance es demasiado grande')),
  install_address: cell('install_address').check(
    z.minLength(1, 'install_address está vacía'),
    z.maxLength(200, 'install_address tiene más de 200 caracteres'),
  ),
  expiration_date: z.pipe(
    cell('expiration_date').check(
      z.refine(
        (value) => value === '' || z.iso.date().safeParse(value).success,
        'expiration_date debe ser una fecha válida AAAA-MM-DD',
      ),
    ),
    orNull,
  ),
  // /boleta links to it: an http(s) address or a path of this site, never javascript: nor a
  // //host address, which leaves the site while looking like a path.
  doc_url: z.pipe(
    cell('doc_url').check(
      z.maxLength(500, 'doc_url tiene más de 500 caracteres'),
      z.refine(
        (value) =>
          value === '' ||
          (value.startsWith('/') && !value.startsWith('//')) ||
          z.url({ protocol: /^https?$/ }).safeParse(value).success,
        'doc_url debe ser una dirección http(s):// o una ruta que empiece con /',
      ),
    ),
    orNull,
  ),
  // Optional column: absent or empty, the locality stored is kept (older exports lack it).
  locality: z.optional(z.pipe(z.string().check(z.trim(), z.toLowerCase()), orNull)),
  // Optional columns, both or neither on a line (refusal below), as locality: absent or empty, the
  // previous bill stored is kept.
  previous_bill_amount: optionalWhole(
    'previous_bill_amount debe ser un número entero de pesos, sin puntos ni signo',
    (amount) => amount <= INTEGER_MAX,
  ),
  previous_bill_days: optionalWhole(
    'previous_bill_days debe ser un número entero de días entre 1 y 366',
    (days) => days >= 1 && days <= 366,
  ),
});

export type AccountRow = z.output<typeof Row>;

export interface ParsedExport {
  rows: AccountRow[];
  /** Line number in the file and why the line was left out. */
  rejected: RejectedLine[];
}

/** The file's text; an export that is not UTF-8 text is refused rather than imported garbled. */
export function decodeAccountsFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileRefused(accountsMessages.notUtf8);
  }
  if (text.includes('\u0000')) throw fileRefused(accountsMessages.notText);
  return text;
}

function readHeader(header: string[]): string[] {
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = ACCOUNT_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw fileRefused(accountsMessages.missingColumns(missing));
  return columns;
}

/** The towns a locality may name: outage_towns' slugs (staff may add one; no deploy needed). */
export async function accountTowns(db: Database): Promise<ReadonlySet<string>> {
  const rows = await db.query<{ slug: string }>(`SELECT slug FROM outage_towns`);
  return new Set(rows.map((row) => row.slug));
}

/**
 * Why a row is left out beyond its own cells: a repeated number, a town that does not exist, or half
 * of the previous bill (an amount without its days gives no daily average, and the other way round).
 */
function refusal(row: AccountRow, earlier: number | undefined, towns: ReadonlySet<string>): string | undefined {
  if (earlier !== undefined) return `service_number ${row.service_number} repetido (ya está en la línea ${earlier})`;
  if (row.locality && !towns.has(row.locality))
    return `locality ${row.locality} no es una localidad conocida (${[...towns].sort().join(', ')})`;
  const amount = row.previous_bill_amount ?? null;
  const days = row.previous_bill_days ?? null;
  if ((amount === null) !== (days === null))
    return `falta ${amount === null ? 'previous_bill_amount' : 'previous_bill_days'}: previous_bill_amount y previous_bill_days se indican juntas o ninguna`;
  return undefined;
}

/** `towns`: accountTowns of the database the rows go to. */
export function parseAccountsCsv(text: string, towns: ReadonlySet<string>): ParsedExport {
  const delimiter = (text.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: readHeader,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      // A quote inside an unquoted cell (Villa "Los Ñires") is part of the text.
      relax_quotes: true,
      relax_column_count: true,
      info: true,
    });
  } catch (error) {
    if (error instanceof CsvError) throw fileRefused(accountsMessages.malformed(Number(error.lines) || 1));
    throw error;
  }
  if (records.length === 0) throw fileRefused(accountsMessages.noAccounts);
  if (records.length > MAX_ACCOUNT_LINES) throw fileRefused(accountsMessages.tooManyLines(MAX_ACCOUNT_LINES));
  const result: ParsedExport = { rows: [], rejected: [] };
  const firstLine = new Map<string, number>();
  for (const { record, info } of records) {
    const parsed = Row.safeParse(record);
    if (!parsed.success) {
      result.rejected.push({ line: info.lines, reason: parsed.error.issues.map((issue) => issue.message).join('; ') });
      continue;
    }
    const refused = refusal(parsed.data, firstLine.get(parsed.data.service_number), towns);
    if (refused !== undefined) result.rejected.push({ line: info.lines, reason: refused });
    else {
      firstLine.set(parsed.data.service_number, info.lines);
      result.rows.push(parsed.data);
    }
  }
  return result;
}

/** Who imports: the signed-in admin, or the command line (no admin id). */
export interface ImportActor {
  id: string | null;
  email: string;
}

export interface ImportOptions {
  /** When the billing system took the export, in Chile's time (YYYY-MM-DDTHH:mm[:ss]). */
  exportedAt: string;
  actor: ImportActor;
  /** Lines of the file left out, counted in the audit row. */
  rejectedLines: number;
}

/**
 * Upserts the valid rows and writes the audit row in one statement, so the import is all or
 * nothing, and answers the accounts whose balance it kept: those with a bill paid online after
 * the export was taken. The export still shows that debt, and writing it back would charge the
 * customer again. Keeping the current balance, rather than subtracting the payment
 * from the export's, is right whether or not the billing system had already received the
 * payment; the report lists them so staff can check.
 *
 * The statement runs after a SHARE ROW EXCLUSIVE lock on accounts in the same transaction: a
 * payment being recorded (src/server/payments/recording.ts, recordPayment: it updates accounts and marks
 * the bill paid in one statement) either committed before the lock, and this statement sees its
 * paid bill, or waits for the import and subtracts from the imported balance. Without the lock a
 * payment committing meanwhile would be invisible to this statement's snapshot and overwritten.
 * Bill creation and balance lookups (reads, key-share locks) are not held up.
 */
export async function importAccounts(
  db: Database,
  rows: AccountRow[],
  { exportedAt, actor, rejectedLines }: ImportOptions,
): Promise<KeptAccount[]> {
  const [, kept] = (await db.batch([
    { text: 'LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE' },
    {
      // One array per column (unnest): the whole export is five parameters, not 25,000 statements.
      text: `WITH input AS (
               SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::date[], $5::text[], $10::text[],
                                    $12::integer[], $13::integer[])
                 AS exported_row (service_number, balance, install_address, expiration_date, doc_url, locality,
                                  previous_bill_amount, previous_bill_days)
             ), exported AS (
               SELECT $6::text AS local, $11::timestamptz AS taken
             ), paid_online AS (
               SELECT service_number, max(paid_at) AS paid_at FROM bills
               WHERE status = 'paid' AND paid_at > (SELECT taken FROM exported) GROUP BY service_number
             ), written AS (
               INSERT INTO accounts AS a (service_number, balance, install_address, expiration_date, doc_url, locality,
                                          previous_bill_amount, previous_bill_days, updated_at)
               SELECT service_number, balance, install_address, expiration_date, doc_url, locality,
                 previous_bill_amount, previous_bill_days, now() FROM input
               ON CONFLICT (service_number) DO UPDATE SET
                 balance = CASE WHEN EXISTS (SELECT 1 FROM paid_online p WHERE p.service_number = a.service_number)
                   THEN a.balance ELSE EXCLUDED.balance END,
                 install_address = EXCLUDED.install_address, expiration_date = EXCLUDED.expiration_date,
                 doc_url = EXCLUDED.doc_url, locality = coalesce(EXCLUDED.locality, a.locality),
                 -- A line has both or neither (parseAccountsCsv), so the pair stays whole.
                 previous_bill_amount = coalesce(EXCLUDED.previous_bill_amount, a.previous_bill_amount),
                 previous_bill_days = coalesce(EXCLUDED.previous_bill_days, a.previous_bill_days),
                 updated_at = now()
               RETURNING service_number
             ), kept AS (
               SELECT i.service_number, i.balance AS exported_balance, a.balance, p.paid_at
               FROM paid_online p JOIN input i USING (service_number) JOIN accounts a USING (service_number)
             ), logged AS (
               INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
               SELECT $7::uuid, $8, 'import', 'accounts', local,
                 format('Exportación del %s. Importadas: %s; con el saldo conservado (pagadas en línea después de la exportación): %s; líneas rechazadas: %s',
                   to_char(local::timestamp, 'DD-MM-YYYY HH24:MI'), (SELECT count(*) FROM written), (SELECT count(*) FROM kept), $9::int)
               FROM exported
             )
             SELECT service_number, exported_balance, balance, ${isoTime('paid_at')} AS paid_at
             FROM kept ORDER BY service_number`,
      params: [
        rows.map((row) => row.service_number),
        rows.map((row) => row.balance),
        rows.map((row) => row.install_address),
        rows.map((row) => row.expiration_date),
        rows.map((row) => row.doc_url),
        exportedAt,
        actor.id,
        actor.email,
        rejectedLines,
        rows.map((row) => row.locality ?? null),
        // The export's wall time is Aysén's; the instant is computed here, not by the database's zone data.
        chileLocalToIso(exportedAt),
        rows.map((row) => row.previous_bill_amount ?? null),
        rows.map((row) => row.previous_bill_days ?? null),
      ],
    },
  ])) as [unknown[], KeptAccount[]];
  return kept;
}

/** The answer of POST /api/admin/accounts/import: the counts, and each list up to ACCOUNTS_REPORT_LIMIT. */
export const importReport = (
  exportedAt: string,
  { rows, rejected }: ParsedExport,
  kept: KeptAccount[],
): AccountsImportReport => ({
  exportedAt,
  imported: rows.length,
  kept: kept.slice(0, ACCOUNTS_REPORT_LIMIT),
  keptTotal: kept.length,
  rejected: rejected.slice(0, ACCOUNTS_REPORT_LIMIT),
  rejectedTotal: rejected.length,
});
