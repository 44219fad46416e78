import {
  PAYMENTS_PAGE_SIZE,
  type ManualCase,
  type PaymentDetail,
  type PaymentFilters,
  type PaymentRow,
  type PersonCase,
} from '../../shared/payments/admin/schema.ts';
import { chileLocalToIso } from '../../shared/time/wall-clock.ts';
import { addDays } from '../../shared/time/days.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import { UNSETTLED } from './reconcile.ts';

/** Pagos Webpay (docs/reference/admin-api.md): every bill created for Webpay, with its card record once Webpay answered. */

/** Unsettled (the reconciliation is on it) or handed to a person: staff look at it. */
const NEEDS_ATTENTION = `(${UNSETTLED} OR b.status = 'requires_person')`;

/** The `manual` of a bill that went to a person (alias b), as JSON; null for any other. */
const MANUAL_CASE = `CASE WHEN b.person_reason IS NOT NULL THEN json_build_object(
  'reason', b.person_reason, 'since', ${isoTime('b.person_since')}, 'token', b.token, 'answers', b.webpay_answers,
  'settlement', CASE WHEN b.settlement IS NOT NULL THEN json_build_object(
    'kind', b.settlement, 'note', b.settlement_note, 'at', ${isoTime('b.settled_at')}, 'by', b.settled_by) END) END`;

const ROW_COLUMNS = `b.id AS bill_id, ${isoTime('b.created_at')} AS created_at, b.service_number, b.amount, b.status, b.email,
  t.authorization_code, t.card_number, t.payment_type_code, t.installments_number, ${isoTime('t.transaction_date')} AS transaction_date,
  ${NEEDS_ATTENTION} AS needs_attention`;
const FROM = 'bills b LEFT JOIN tbk_payments t ON t.bill_id = b.id';

const aysenMidnight = (day: string): string => chileLocalToIso(`${day}T00:00`);
const dayAfter = (day: string): string => addDays(day, 1);

/** The WHERE of the filters; `from` and `to` are whole days on Aysén's clock, both included. */
function matching(filters: PaymentFilters, params: unknown[] = []) {
  const conditions = [`b.payment_method = 'webpay-plus'`];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  // A day's midnight on Aysén's clock, as an instant computed here (not by the database's zone data).
  if (filters.from) add((p) => `b.created_at >= ${p}::timestamptz`, aysenMidnight(filters.from));
  if (filters.to) add((p) => `b.created_at < ${p}::timestamptz`, aysenMidnight(dayAfter(filters.to)));
  if (filters.status) add((p) => `b.status = ${p}`, filters.status);
  if (filters.serviceNumber) add((p) => `b.service_number = ${p}`, filters.serviceNumber);
  if (filters.attention) conditions.push(NEEDS_ATTENTION);
  return { where: conditions.join(' AND '), params };
}

/** The audit log's words for an export: which filters chose its rows. */
export function exportSummary({ from, to, status, serviceNumber, attention }: PaymentFilters): string {
  const chosen = [
    from && `desde ${from}`,
    to && `hasta ${to}`,
    status && `estado ${status}`,
    serviceNumber && `servicio ${serviceNumber}`,
    attention && 'requieren atención',
  ].filter(Boolean);
  return `CSV de pagos Webpay${chosen.length > 0 ? `: ${chosen.join(', ')}` : ', sin filtros'}`;
}

export async function listPayments(db: Database, filters: PaymentFilters) {
  const { where, params } = matching(filters);
  const [count, attention, payments, requiringPerson] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM bills b WHERE ${where}`, params },
    {
      text: `SELECT count(*)::int AS total FROM bills b WHERE b.payment_method = 'webpay-plus' AND ${NEEDS_ATTENTION}`,
    },
    {
      text: `SELECT ${ROW_COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY b.created_at DESC, b.id DESC LIMIT ${PAYMENTS_PAGE_SIZE} OFFSET ${(filters.page - 1) * PAYMENTS_PAGE_SIZE}`,
      params,
    },
    {
      // Few: what the reconciliation could not settle in 7 or 90 days, until staff settle it.
      text: `SELECT b.id AS bill_id, ${isoTime('b.created_at')} AS created_at, b.service_number, b.amount, b.buy_order,
               t.amount AS charged_amount, ${isoTime('t.transaction_date')} AS transaction_date, b.refund_attempts,
               b.webpay_error, ${MANUAL_CASE} AS manual
             FROM ${FROM} WHERE b.payment_method = 'webpay-plus' AND b.status = 'requires_person'
             ORDER BY b.person_since, b.id`,
    },
  ])) as [{ total: number }[], { total: number }[], PaymentRow[], PersonCase[]];
  return {
    payments,
    total: count[0]!.total,
    attentionTotal: attention[0]!.total,
    page: filters.page,
    pageSize: PAYMENTS_PAGE_SIZE,
    requiringPerson,
  };
}

/** The export's rows, newest first, read in batches so no single answer of the database grows large. */
export async function* paymentsForExport(
  db: Database,
  filters: PaymentFilters,
  { limit, batchSize }: { limit: number; batchSize: number },
): AsyncGenerator<PaymentRow> {
  let after: { created: string; id: string } | undefined;
  for (let read = 0; read < limit;) {
    const { where, params } = matching(filters, after ? [after.created, after.id] : []);
    // Keyset paging on the exact timestamp: rows added meanwhile neither repeat nor shift others.
    const page = await db.query<PaymentRow & { cursor: string }>(
      `SELECT ${ROW_COLUMNS}, b.created_at::text AS cursor FROM ${FROM}
       WHERE ${where}${after ? ' AND (b.created_at, b.id) < ($1::timestamptz, $2::uuid)' : ''}
       ORDER BY b.created_at DESC, b.id DESC LIMIT ${Math.min(batchSize, limit - read)}`,
      params,
    );
    for (const { cursor: _, ...row } of page) yield row;
    read += page.length;
    const last = page.at(-1);
    if (!last || page.length < batchSize) return;
    after = { created: last.cursor, id: last.bill_id };
  }
}

/**
 * One bill and its card record, in one round trip. `viewedBy`: staff's view, whose audit row is
 * written first in the same transaction, so no bill is shown without it (audit.ts).
 */
export async function findPayment(
  db: Database,
  billId: string,
  viewedBy?: SignedInAdmin,
): Promise<PaymentDetail | undefined> {
  if (!isUuid(billId)) return undefined;
  const access: Statement[] = viewedBy
    ? [
        {
          text: `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
                 SELECT $2::uuid, $3, 'view', 'payment', id::text,
                        'Orden ' || coalesce(buy_order, '(sin orden)') || ', servicio ' || service_number
                 FROM bills WHERE id = $1 AND payment_method = 'webpay-plus'`,
          params: [billId, viewedBy.id, viewedBy.email],
        },
      ]
    : [];
  const results = await db.batch([
    ...access,
    {
      text: `SELECT id, ${isoTime('created_at')} AS created_at, service_number, amount, status, email, billing_type, company, rut, activity,
                    billing_address, billing_commune, billing_city, payment_method, buy_order, ${isoTime('paid_at')} AS paid_at,
                    ${NEEDS_ATTENTION} AS needs_attention, refund_attempts, webpay_error, ${MANUAL_CASE} AS manual
             FROM bills b WHERE id = $1 AND payment_method = 'webpay-plus'`,
      params: [billId],
    },
    {
      text: `SELECT id, bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code,
                    ${isoTime('transaction_date')} AS transaction_date, card_number, installments_number, ${isoTime('created_at')} AS created_at
             FROM tbk_payments WHERE bill_id = $1`,
      params: [billId],
    },
  ]);
  const [[bill], [tbkPayment]] = results.slice(access.length) as [
    (PaymentDetail['bill'] & { manual: ManualCase | null })[],
    NonNullable<PaymentDetail['tbkPayment']>[],
  ];
  if (!bill) return undefined;
  const { manual, ...billColumns } = bill;
  return { bill: billColumns, manual, tbkPayment: tbkPayment ?? null };
}
