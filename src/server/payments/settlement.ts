import type { BillStatus } from '../../shared/payments/admin/schema.ts';
import type { Database } from '../db/index.ts';
import { redactPersonalData } from '../error-summary.ts';
import { recordPayment } from './recording.ts';
import { refundClaimed } from './refunds.ts';
import type { ClaimedBill, Settlement } from './claimed-bill.ts';
import { describeError, WebpayError, type WebpayClient, type WebpayTransaction } from './webpay-client.ts';

/**
 * What a bill comes to once Webpay is asked about it: confirmed and recorded, refunded, closed,
 * or still unknown. Used by the customer's return (webpay-return.ts) and by the reconciliation
 * (reconcile.ts) alike. Every change of a bill is a conditional UPDATE on the status the caller
 * holds (`committing`), so two processes settling one bill never both record, refund or close it.
 */

/**
 * A transaction Webpay no longer lets the commerce confirm: aborted past the confirmation window,
 * expired, or past the 7 days in which its status is kept.
 */
const CANNOT_CONFIRM = /aborted|expired|finished state|max time/i;

/** A pending transaction never confirmed this long after its creation can no longer be charged. */
const ABANDON_AFTER_SECONDS = 60 * 60;

/**
 * Confirms a claimed bill with Webpay (`commit`) and settles it by the answer. A commit that
 * answers anything but a transaction (a 422, a timeout, a 5xx, a lost answer) is followed by
 * `status`, which tells whether the charge happened. `closeAs` names the bill Webpay can no longer
 * confirm: `failed` for a customer back too late, `abandoned` for one who never came back.
 */
export async function confirmClaimed(
  db: Database,
  webpay: WebpayClient,
  bill: ClaimedBill,
  closeAs: 'failed' | 'abandoned',
): Promise<Settlement> {
  // A debt already paid (by another bill) is not confirmed: Webpay aborts what is not confirmed.
  // An earlier attempt may have confirmed it all the same (a bill stuck committing), which only the
  // status tells; such a charge is refunded.
  if (!bill.owed) {
    let transaction: WebpayTransaction;
    try {
      transaction = await webpay.status(bill.token);
    } catch (statusError) {
      return unknown(db, bill, `status: ${describeError(statusError)}`);
    }
    return transaction.status === 'INITIALIZED' ? close(db, bill, 'cancelled') : settle(db, webpay, bill, transaction);
  }

  let transaction: WebpayTransaction;
  try {
    transaction = await webpay.commit(bill.token);
  } catch (commitError) {
    return settleByStatus(db, webpay, bill, commitError, closeAs);
  }
  return settle(db, webpay, bill, transaction);
}

async function settleByStatus(
  db: Database,
  webpay: WebpayClient,
  bill: ClaimedBill,
  commitError: unknown,
  closeAs: 'failed' | 'abandoned',
): Promise<Settlement> {
  let transaction: WebpayTransaction;
  try {
    transaction = await webpay.status(bill.token);
  } catch (statusError) {
    return unknown(db, bill, `commit: ${describeError(commitError)}; status: ${describeError(statusError)}`);
  }
  if (transaction.status !== 'INITIALIZED') return settle(db, webpay, bill, transaction);
  // Not confirmed. After a timeout or a 5xx the commit may still be under way at Webpay.
  const refused = commitError instanceof WebpayError && commitError.status < 500;
  if (!refused) return unknown(db, bill, `commit: ${describeError(commitError)}; status: INITIALIZED`);
  if (CANNOT_CONFIRM.test(commitError.message) || bill.age > ABANDON_AFTER_SECONDS) return close(db, bill, closeAs);
  // Refused because the customer is still on Webpay's form: the next reconciliation asks again.
  await db.query(`UPDATE bills SET status = 'pending' WHERE id = $1 AND status = 'committing'`, [bill.id]);
  return { kind: 'waiting' };
}

/**
 * Settles a claimed bill by the transaction Webpay answered (to commit or to status), by the
 * meaning Transbank's API reference gives each state: AUTHORIZED with `response_code` 0 is an
 * approved charge; FAILED, a decline; REVERSED and NULLIFIED, a charge undone; INITIALIZED,
 * nothing confirmed. Anything else (AUTHORIZED without response code 0, PARTIALLY_NULLIFIED,
 * CAPTURED, a state Transbank adds later) may leave money charged that this bill cannot record as
 * its payment: it is refunded, never closed.
 */
async function settle(
  db: Database,
  webpay: WebpayClient,
  bill: ClaimedBill,
  transaction: WebpayTransaction,
): Promise<Settlement> {
  if (transaction.status === 'FAILED') return close(db, bill, 'rejected', transaction);
  // INITIALIZED (never confirmed) is aborted by Webpay: nothing is charged either.
  if (['REVERSED', 'NULLIFIED', 'INITIALIZED'].includes(transaction.status))
    return close(db, bill, 'failed', transaction);
  const approved = transaction.status === 'AUTHORIZED' && transaction.response_code === 0;

  if (approved && transaction.amount === bill.amount && transaction.buy_order === bill.buy_order) {
    const tbkPaymentId = await recordPayment(db, bill, transaction);
    if (tbkPaymentId) return { kind: 'recorded', tbkPaymentId };
    // Not recorded: either another process settling this bill recorded it first, or the debt was
    // paid meanwhile by another bill.
    const [paid] = await db.query<{ id: string }>(
      `SELECT t.id FROM bills b JOIN tbk_payments t ON t.bill_id = b.id WHERE b.id = $1 AND b.status = 'paid'`,
      [bill.id],
    );
    if (paid) return { kind: 'recorded', tbkPaymentId: paid.id };
  }
  // Charged but not what this bill asked for (a tampered amount or order), not approved, or its
  // debt went away meanwhile: the charge is refunded.
  return refundClaimed(db, webpay, bill, transaction);
}

/** Closes a claimed bill; a transaction Webpay answered is kept as its card record, for staff. */
async function close(
  db: Database,
  bill: ClaimedBill,
  status: Extract<BillStatus, 'rejected' | 'cancelled' | 'failed' | 'abandoned'>,
  transaction?: WebpayTransaction,
): Promise<Settlement> {
  await db.query(
    `WITH closed AS (
       UPDATE bills SET status = $2, webpay_error = NULL WHERE id = $1 AND status = 'committing' RETURNING id
     )
     INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, transaction_date)
     SELECT id, $3, $4, $5, $6, $7, $8 FROM closed WHERE $3::text IS NOT NULL ON CONFLICT (bill_id) DO NOTHING`,
    [
      bill.id,
      status,
      transaction?.status ?? null,
      transaction?.response_code ?? null,
      transaction?.amount ?? null,
      transaction?.buy_order ?? null,
      transaction?.payment_type_code ?? null,
      transaction?.transaction_date ?? null,
    ],
  );
  return { kind: 'closed', status };
}

/** Webpay keeps a transaction's status 7 days from its creation (Transbank, "Obtener estado"). */
const STATUS_WINDOW = "interval '7 days'";

/**
 * No clear answer: the bill stays `committing` and is asked about again, unless Webpay's status
 * window is over, when no later answer can be expected: it goes to a person.
 */
async function unknown(db: Database, bill: ClaimedBill, error: string): Promise<Settlement> {
  console.error(`webpay: outcome of bill ${bill.id} unknown: ${redactPersonalData(error)}`);
  const [row] = await db.query<{ status: string }>(
    `UPDATE bills SET webpay_error = $2,
       status = CASE WHEN created_at < now() - ${STATUS_WINDOW} THEN 'requires_person' ELSE status END,
       person_reason = CASE WHEN created_at < now() - ${STATUS_WINDOW} THEN 'unknown-outcome' END,
       person_since = CASE WHEN created_at < now() - ${STATUS_WINDOW} THEN now() END
     WHERE id = $1 AND status = 'committing' RETURNING status`,
    [bill.id, error],
  );
  return row?.status === 'requires_person' ? { kind: 'requires-person' } : { kind: 'unknown' };
}
