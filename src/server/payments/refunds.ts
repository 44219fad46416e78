import type { Database } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import type { ClaimedBill, Settlement } from './claimed-bill.ts';
import { describeError, type WebpayClient, type WebpayRefund, type WebpayTransaction } from './webpay-client.ts';

/**
 * Refunds of charges that must not stand (another amount or order, a debt already paid by another
 * bill, an authorization Webpay did not approve with response code 0). The bill first becomes
 * `refund_pending` with its card record, then Webpay is asked to refund; a refund that is not done
 * stays `refund_pending`, is retried by the reconciliation with growing delays (at most an hour
 * apart) and is listed for staff; one still not done 90 days after the payment, when Transbank no
 * longer refunds it, goes to a person (`requires_person`).
 */

/**
 * A refund being attempted is held this long by the process attempting it: `claimed_at` says since
 * when (null once the attempt ended), and the retry waits at least as long (`next_refund_at`).
 */
const REFUND_LEASE = "interval '2 minutes'";
/** Nobody is attempting the bill's refund (alias b): no claim, or one whose process died. */
const UNHELD = `(b.claimed_at IS NULL OR b.claimed_at < now() - ${REFUND_LEASE})`;

/**
 * The delay before the next retry: a minute doubled per failed attempt, at most an hour. The
 * exponent is capped before the power is taken: 2^38 minutes is past what an interval holds, and
 * the bill would then fail at every run ("interval out of range").
 */
const NEXT_RETRY = "least(interval '1 minute' * power(2, least(b.refund_attempts, 6)), interval '1 hour')";

/** Transbank's refund window: 90 days from the sale (the authorization's date). */
const REFUND_WINDOW = "interval '90 days'";

/**
 * Transbank ("Reversar o Anular un pago"): REVERSED answers only its type; NULLIFIED carries
 * `response_code`, 0 when done and anything else when nothing was refunded. Nothing else is a
 * refund done: a missing code or a type this site does not know leaves the charge standing.
 */
const refundDone = (answer: WebpayRefund): boolean =>
  answer.type === 'REVERSED' || (answer.type === 'NULLIFIED' && answer.response_code === 0);

/**
 * What is still charged: a transaction partly refunded elsewhere (PARTIALLY_NULLIFIED) holds its
 * balance, any other its amount.
 */
const chargedAmount = (tx: WebpayTransaction): number =>
  tx.status === 'PARTIALLY_NULLIFIED' && typeof tx.balance === 'number' ? tx.balance : tx.amount;

/** Moves a claimed, charged bill to `refund_pending` and refunds it. */
export async function refundClaimed(
  db: Database,
  webpay: WebpayClient,
  bill: ClaimedBill,
  tx: WebpayTransaction,
): Promise<Settlement> {
  const amount = chargedAmount(tx);
  const [claimed] = await db.query<{ id: string }>(
    `WITH claimed AS (
       UPDATE bills SET status = 'refund_pending', claimed_at = now(), next_refund_at = now() + ${REFUND_LEASE}
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
      amount,
      tx.buy_order,
      tx.payment_type_code ?? null,
      tx.authorization_code ?? null,
      tx.transaction_date,
    ],
  );
  // Another process settled this bill meanwhile: its outcome stands.
  if (!claimed) return { kind: 'unknown' };
  return attemptRefund(db, webpay, { id: bill.id, token: bill.token, amount });
}

/**
 * Takes a `refund_pending` bill whose retry is due to retry its refund; with `force` (staff's
 * "Verificar estado en Webpay") one waiting for its retry too, never one another process holds.
 */
export async function claimRefund(
  db: Database,
  billId: string,
  force: boolean,
): Promise<{ id: string; token: string; amount: number } | undefined> {
  const [bill] = await db.query<{ id: string; token: string; amount: number }>(
    `UPDATE bills b SET claimed_at = now(), next_refund_at = now() + ${REFUND_LEASE}
     FROM tbk_payments t
     WHERE b.id = $1 AND t.bill_id = b.id AND b.status = 'refund_pending'
       AND (b.next_refund_at <= now() OR ($2 AND ${UNHELD}))
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
  let done: string | undefined;
  let failure = '';
  try {
    const answer = await webpay.refund(bill.token, bill.amount);
    if (refundDone(answer)) done = answer.type;
    else failure = `reembolso no realizado: ${answer.type}, código de respuesta ${answer.response_code ?? 'ausente'}`;
  } catch (error) {
    // An earlier refund whose answer was lost makes this one fail: the status says it was done.
    const status = await webpay.status(bill.token).catch(() => undefined);
    if (status?.status === 'REVERSED' || status?.status === 'NULLIFIED') done = status.status;
    else failure = `reembolso: ${describeError(error)}`;
  }
  if (done === undefined) return refundFailed(db, bill.id, failure);
  await db.query(
    `WITH refunded AS (
       UPDATE bills SET status = 'refunded', claimed_at = NULL, next_refund_at = NULL, webpay_error = NULL
       WHERE id = $1 AND status = 'refund_pending' RETURNING id
     )
     UPDATE tbk_payments SET status = $2 WHERE bill_id IN (SELECT id FROM refunded)`,
    [bill.id, done],
  );
  return { kind: 'refunded' };
}

/**
 * A refund not done: retried after the next delay or, past Transbank's refund window, handed to a
 * person. The attempt count stops at the largest integer rather than overflowing.
 */
async function refundFailed(db: Database, billId: string, failure: string): Promise<Settlement> {
  console.error(`webpay: refund failed for bill ${billId}: ${errorSummary(failure)}`);
  const [bill] = await db.query<{ status: string }>(
    `WITH expired AS (
       SELECT b.id, coalesce(t.transaction_date, b.created_at) < now() - ${REFUND_WINDOW} AS expired
       FROM bills b LEFT JOIN tbk_payments t ON t.bill_id = b.id WHERE b.id = $1
     )
     UPDATE bills b SET refund_attempts = least(b.refund_attempts::bigint + 1, 2147483647), webpay_error = $2,
       status = CASE WHEN e.expired THEN 'requires_person' ELSE b.status END,
       person_reason = CASE WHEN e.expired THEN 'refund-expired' END,
       person_since = CASE WHEN e.expired THEN now() END, claimed_at = NULL,
       next_refund_at = CASE WHEN e.expired THEN NULL ELSE now() + ${NEXT_RETRY} END
     FROM expired e
     WHERE b.id = e.id AND b.status = 'refund_pending'
     RETURNING b.status`,
    [billId, failure],
  );
  return bill?.status === 'requires_person' ? { kind: 'requires-person' } : { kind: 'refund-failed' };
}
