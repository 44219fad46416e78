import type { Database } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import type { ClaimedBill, Settlement } from './settlement.ts';
import { describeError, type WebpayClient, type WebpayTransaction } from './webpay-client.ts';

/**
 * Refunds of authorized transactions that must not stand (another amount or order, a debt
 * already paid by another bill). The bill first becomes `refund_pending` with its card record,
 * then Webpay is asked to refund; a refund that fails stays `refund_pending`, is retried by the
 * reconciliation with growing delays (at most an hour apart) and is listed for staff.
 */

/** A refund being retried is held this long by the process retrying it. */
const REFUND_LEASE = "interval '2 minutes'";

/** Moves a claimed, authorized bill to `refund_pending` and refunds it. */
export async function refundClaimed(
  db: Database,
  webpay: WebpayClient,
  bill: ClaimedBill,
  tx: WebpayTransaction,
): Promise<Settlement> {
  const [claimed] = await db.query<{ id: string }>(
    `WITH claimed AS (
       UPDATE bills SET status = 'refund_pending', next_refund_at = now() + ${REFUND_LEASE}
       WHERE id = $1 AND status = 'committing' RETURNING id
     ), card AS (
       INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code, transaction_date)
       SELECT id, $2, $3, $4, $5, $6, $7, $8 FROM claimed ON CONFLICT (bill_id) DO NOTHING
     )
     SELECT id FROM claimed`,
    [
      bill.id,
      tx.status,
      tx.response_code ?? null,
      tx.amount,
      tx.buy_order,
      tx.payment_type_code ?? null,
      tx.authorization_code ?? null,
      tx.transaction_date,
    ],
  );
  // Another process settled this bill meanwhile: its outcome stands.
  if (!claimed) return { kind: 'unknown' };
  return attemptRefund(db, webpay, { id: bill.id, token: bill.token, amount: tx.amount });
}

/** Takes a `refund_pending` bill whose retry is due (or any, when `force`) to retry its refund. */
export async function claimRefund(
  db: Database,
  billId: string,
  force: boolean,
): Promise<{ id: string; token: string; amount: number } | undefined> {
  const [bill] = await db.query<{ id: string; token: string; amount: number }>(
    `UPDATE bills b SET next_refund_at = now() + ${REFUND_LEASE}
     FROM tbk_payments t
     WHERE b.id = $1 AND t.bill_id = b.id AND b.status = 'refund_pending' AND (b.next_refund_at <= now() OR $2)
     RETURNING b.id, b.token, t.amount`,
    [billId, force],
  );
  return bill;
}

export async function attemptRefund(
  db: Database,
  webpay: WebpayClient,
  bill: { id: string; token: string; amount: number },
): Promise<Settlement> {
  let refundType: string;
  try {
    refundType = (await webpay.refund(bill.token, bill.amount)).type;
  } catch (error) {
    // An earlier refund whose answer was lost makes this one fail: the status says it was done.
    const status = await webpay.status(bill.token).catch(() => undefined);
    if (status?.status !== 'REVERSED' && status?.status !== 'NULLIFIED') {
      console.error(`webpay: refund failed for bill ${bill.id}: ${errorSummary(error)}`);
      await db.query(
        `UPDATE bills SET refund_attempts = refund_attempts + 1, webpay_error = $2,
           next_refund_at = now() + least(interval '1 minute' * power(2, refund_attempts), interval '1 hour')
         WHERE id = $1 AND status = 'refund_pending'`,
        [bill.id, `reembolso: ${describeError(error)}`],
      );
      return { kind: 'refund-failed' };
    }
    refundType = status.status;
  }
  await db.query(
    `WITH refunded AS (
       UPDATE bills SET status = 'refunded', next_refund_at = NULL, webpay_error = NULL
       WHERE id = $1 AND status = 'refund_pending' RETURNING id
     )
     UPDATE tbk_payments SET status = $2 WHERE bill_id IN (SELECT id FROM refunded)`,
    [bill.id, refundType],
  );
  return { kind: 'refunded' };
}
