import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatDateTime, paymentTypeLabel } from '../../shared/billing/schema.ts';
import { billStatuses, type PaymentRow } from '../../shared/payments/schema.ts';
import { errorSummary } from '../error-summary.ts';

/**
 * The Pagos Webpay export as a spreadsheet opens it: UTF-8 with a BOM (so Excel reads the
 * accents), `;` between cells (Excel's separator in Chile, where `,` is the decimal mark), any
 * cell with `;`, `,`, quotes or a line break quoted, Spanish headers and labels.
 */

const COLUMNS: [header: string, value: (row: PaymentRow) => string | number][] = [
  ['Fecha', (row) => formatDateTime(row.created_at)],
  ['Número de servicio', (row) => row.service_number],
  ['Monto', (row) => row.amount],
  ['Estado', (row) => billStatuses[row.status]],
  ['Código de autorización', (row) => row.authorization_code ?? ''],
  ['Tarjeta', (row) => row.card_number ?? ''],
  ['Tipo de pago', (row) => (row.payment_type_code ? paymentTypeLabel(row.payment_type_code) : '')],
  ['Cuotas', (row) => row.installments_number ?? ''],
  ['Fecha de transacción', (row) => (row.transaction_date ? formatDateTime(row.transaction_date) : '')],
  ['Correo', (row) => row.email],
];

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * such a cell gets a leading apostrophe, so it shows as the text it is.
 */
export const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The CSV of the rows as a byte stream, written as the rows arrive. */
export function paymentsCsv(rows: AsyncIterable<PaymentRow>): ReadableStream<Uint8Array> {
  const csv = stringify({
    bom: true,
    header: true,
    columns: COLUMNS.map(([header], index) => ({ key: String(index), header })),
    delimiter: ';',
    quoted_match: ',',
    record_delimiter: 'windows',
    cast: { string: neutralise },
  });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield COLUMNS.map(([, value]) => value(row));
    })(),
  );
  // A failure of the database midway ends the download early rather than leaving it open.
  pipeline(records, csv, (error) => {
    if (error) console.error(`payments export failed: ${errorSummary(error)}`);
  });
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
