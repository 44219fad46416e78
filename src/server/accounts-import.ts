import { clean, getCheckDigit } from 'rut.js';
import * as z from 'zod/mini';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS_REPORT_LIMIT,
  accountsMessages,
  MAX_ACCOUNT_LINES,
  type AccountsImportReport,
  type KeptAccount,
} from '../shared/accounts/schema.ts';
import { INT4_MAX } from '../shared/fields.ts';
import { e164 } from '../shared/phone.ts';
import { isValidRut, storedRut } from '../shared/rut.ts';
import { chileLocalToIso } from '../shared/time/wall-clock.ts';
import { isoTime, type Database, type Statement } from './db/index.ts';
import { cell, docUrlCell, orNull, serviceNumberCell, wholeCell } from './imports/cells.ts';
import { billingPhonesStatement } from './phone-alerts/billing-phones.ts';
import { parseCsvExport, type ImportActor, type ParsedExport } from './imports/csv-import.ts';

/**
 * The billing system's CSV export (docs/features/payments.md, the accounts import): one row per service,
 * columns service_number, balance, install_address, expiration_date (YYYY-MM-DD, may be empty)
 * and doc_url (may be empty), and optionally locality (a town of outage_towns by its slug, for
 * /cortes' "¿Me afecta?"), previous_bill_amount with previous_bill_days (the previous bill, for
 * ¿Me afecta?'s estimate of Ley 19.496 art. 25 A's compensation) and the holder's holder_rut,
 * contact_email and contact_phone (Mi consumo, docs/features/consumption.md). Read by
 * POST /api/admin/accounts/import and `npm run accounts:import`, which report the same lines, through
 * the one CSV reader of the billing exports (src/server/imports/csv-import.ts).
 */

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

/**
 * An optional column's cell, trimmed and normalised, or its line's reason (`problem`); absent or
 * empty, the value stored is kept (null).
 */
const optionalChecked = (problem: (value: string) => string | undefined, normalise: (value: string) => string) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim()),
      // zod/mini's transforms report a problem by pushing an issue, as zod's documentation does.
      z.transform((value: string, context) => {
        if (value === '') return null;
        const message = problem(value);
        if (message === undefined) return normalise(value);
        context.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }),
    ),
  );

// A RUT as people write it: digits with or without dots, a hyphen or not, its check digit.
const RUT_SHAPE = /^\d{1,3}(\.?\d{3}){0,2}-?[\dkK]$/;

/**
 * Stored as the migration's CHECK wants it, digits, hyphen and check digit (12345678-5, K
 * uppercase), so /consumo compares one spelling; a wrong check digit is a typo in the billing system.
 */
const holderRut = optionalChecked((value) => {
  if (!RUT_SHAPE.test(value)) return 'holder_rut debe ser un RUT con su dígito verificador, como 12.345.678-5';
  const body = clean(value).slice(0, -1);
  if (!isValidRut(value)) return `holder_rut ${value}: el dígito verificador de ${body} es ${getCheckDigit(body)}`;
  return undefined;
}, storedRut);

const contactEmail = optionalChecked(
  (value) =>
    value.length > 254
      ? 'contact_email tiene más de 254 caracteres'
      : z.email().safeParse(value).success
        ? undefined
        : 'contact_email debe ser una dirección de correo válida',
  (value) => value,
);

const contactPhone = optionalChecked(
  (value) =>
    value.length <= 30 && e164(value) !== undefined
      ? undefined
      : 'contact_phone debe ser un teléfono de 9 dígitos (9 1234 5678) o con el código de país (+56 9 1234 5678)',
  (value) => e164(value) ?? value,
);

const Row = z.object({
  service_number: serviceNumberCell(),
  balance: wholeCell('balance', 'un número entero de pesos'),
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
  doc_url: docUrlCell(),
  // Optional column: absent or empty, the locality stored is kept (older exports lack it).
  locality: z.optional(z.pipe(z.string().check(z.trim(), z.toLowerCase()), orNull)),
  // Optional columns, both or neither on a line (refusal below), as locality: absent or empty, the
  // previous bill stored is kept.
  previous_bill_amount: optionalWhole(
    'previous_bill_amount debe ser un número entero de pesos, sin puntos ni signo',
    (amount) => amount <= INT4_MAX,
  ),
  previous_bill_days: optionalWhole(
    'previous_bill_days debe ser un número entero de días entre 1 y 366',
    (days) => days >= 1 && days <= 366,
  ),
  // Optional columns, as locality: absent or empty, the value stored is kept.
  holder_rut: holderRut,
  contact_email: contactEmail,
  contact_phone: contactPhone,
});

export type AccountRow = z.output<typeof Row>;

/** The towns a locality may name: outage_towns' slugs (staff may add one; no deploy needed). */
export async function accountTowns(db: Database): Promise<ReadonlySet<string>> {
  const rows = await db.query<{ slug: string }>(`SELECT slug FROM outage_towns`);
  return new Set(rows.map((row) => row.slug));
}

/**
 * Why a row is left out beyond its own cells: a town that does not exist, or half of the previous
 * bill (an amount without its days gives no daily average, and the other way round).
 */
function refusal(row: AccountRow, towns: ReadonlySet<string>): string | undefined {
  if (row.locality && !towns.has(row.locality))
    return `locality ${row.locality} no es una localidad conocida (${[...towns].sort().join(', ')})`;
  const amount = row.previous_bill_amount ?? null;
  const days = row.previous_bill_days ?? null;
  if ((amount === null) !== (days === null))
    return `falta ${amount === null ? 'previous_bill_amount' : 'previous_bill_days'}: previous_bill_amount y previous_bill_days se indican juntas o ninguna`;
  return undefined;
}

/** `towns`: accountTowns of the database the rows go to. */
export const parseAccountsCsv = (text: string, towns: ReadonlySet<string>): ParsedExport<AccountRow> =>
  parseCsvExport(text, {
    columns: ACCOUNT_COLUMNS,
    row: Row,
    key: (row) => row.service_number,
    repeated: (row, earlier) => `service_number ${row.service_number} repetido (ya está en la línea ${earlier})`,
    refusal: (row) => refusal(row, towns),
    maxLines: MAX_ACCOUNT_LINES,
    messages: { noLines: accountsMessages.noAccounts, tooManyLines: accountsMessages.tooManyLines },
  });

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
export async function importAccounts(db: Database, rows: AccountRow[], options: ImportOptions): Promise<KeptAccount[]> {
  const [, kept] = (await db.batch([
    { text: 'LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE' },
    accountsImportStatement(rows, options),
    // The export's phones get their towns' alerts, when staff have it on.
    billingPhonesStatement(),
  ])) as [unknown[], KeptAccount[], unknown[]];
  return kept;
}

/**
 * importAccounts' statement: one array per column (unnest), so the whole export is a few
 * parameters, not 25,000 statements; what a request to Neon carries (accounts-import.test.ts
 * measures it against its 10 MiB).
 */
export function accountsImportStatement(
  rows: AccountRow[],
  { exportedAt, actor, rejectedLines }: ImportOptions,
): Statement {
  return {
    text: `WITH input AS (
               SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::date[], $5::text[], $10::text[],
                                    $12::integer[], $13::integer[], $14::text[], $15::text[], $16::text[])
                 AS exported_row (service_number, balance, install_address, expiration_date, doc_url, locality,
                                  previous_bill_amount, previous_bill_days, holder_rut, contact_email, contact_phone)
             ), exported AS (
               SELECT $6::text AS local, $11::timestamptz AS taken
             ), paid_online AS (
               SELECT service_number, max(paid_at) AS paid_at FROM bills
               WHERE status = 'paid' AND paid_at > (SELECT taken FROM exported) GROUP BY service_number
             ), written AS (
               INSERT INTO accounts AS a (service_number, balance, install_address, expiration_date, doc_url, locality,
                                          previous_bill_amount, previous_bill_days, holder_rut, contact_email,
                                          contact_phone, updated_at)
               SELECT service_number, balance, install_address, expiration_date, doc_url, locality,
                 previous_bill_amount, previous_bill_days, holder_rut, contact_email, contact_phone, now() FROM input
               ON CONFLICT (service_number) DO UPDATE SET
                 balance = CASE WHEN EXISTS (SELECT 1 FROM paid_online p WHERE p.service_number = a.service_number)
                   THEN a.balance ELSE EXCLUDED.balance END,
                 install_address = EXCLUDED.install_address, expiration_date = EXCLUDED.expiration_date,
                 doc_url = EXCLUDED.doc_url, locality = coalesce(EXCLUDED.locality, a.locality),
                 -- A line has both or neither (parseAccountsCsv), so the pair stays whole.
                 previous_bill_amount = coalesce(EXCLUDED.previous_bill_amount, a.previous_bill_amount),
                 previous_bill_days = coalesce(EXCLUDED.previous_bill_days, a.previous_bill_days),
                 holder_rut = coalesce(EXCLUDED.holder_rut, a.holder_rut),
                 contact_email = coalesce(EXCLUDED.contact_email, a.contact_email),
                 contact_phone = coalesce(EXCLUDED.contact_phone, a.contact_phone),
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
      rows.map((row) => row.holder_rut ?? null),
      rows.map((row) => row.contact_email ?? null),
      rows.map((row) => row.contact_phone ?? null),
    ],
  };
}

/** The answer of POST /api/admin/accounts/import: the counts, and each list up to ACCOUNTS_REPORT_LIMIT. */
export const importReport = (
  exportedAt: string,
  { rows, rejected }: ParsedExport<AccountRow>,
  kept: KeptAccount[],
): AccountsImportReport => ({
  exportedAt,
  imported: rows.length,
  kept: kept.slice(0, ACCOUNTS_REPORT_LIMIT),
  keptTotal: kept.length,
  rejected: rejected.slice(0, ACCOUNTS_REPORT_LIMIT),
  rejectedTotal: rejected.length,
});
