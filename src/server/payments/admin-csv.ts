import { paymentTypeLabel } from '../../shared/payments/schema.ts';
import { formatDateTime } from '../../shared/time/format.ts';
import { billStatuses, type PaymentRow } from '../../shared/payments/admin/schema.ts';
import { csvStream, type CsvColumn } from '../csv-export.ts';

/** The Pagos Webpay export (csv-export.ts: as a spreadsheet opens it), with Spanish headers and labels. */

const COLUMNS: CsvColumn<PaymentRow>[] = [
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

/** The CSV of the rows as a byte stream, written as the rows arrive. */
export const paymentsCsv = (rows: AsyncIterable<PaymentRow>): ReadableStream<Uint8Array> =>
  csvStream('payments export', COLUMNS, rows);
