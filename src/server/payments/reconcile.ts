import type { BillStatus } from '../../shared/payments/admin/schema.ts';
import type { Database } from '../db/index.ts';
import { deadlineIn, type Deadline } from '../deadline.ts';
import { errorSummary } from '../error-summary.ts';
import { attemptRefund, claimRefund } from './refunds.ts';
import { confirmClaimed } from './settlement.ts';
import { CLAIMED_COLUMNS, type ClaimedBill, type Settlement } from './claimed-bill.ts';
import { keepingAnswers } from './webpay-answers.ts';
import type { WebpayClient } from './webpay-client.ts';

/**
 * The reconciliation (docs/features/payments.md, "Reconciliation"): every bill whose outcome is
 * unknown is settled with Webpay's own word, by the scheduled function `payments-reconcile` (every
 * minute, inside Webpay's confirmation window) and by staff for one bill ("Verificar estado en
 * Webpay").
 *
 * - Never returned (pending a couple of minutes after it was created): confirmed with `commit`
 *   while Webpay allows it and recorded as a return would; closed as abandoned once Webpay says it
 *   can no longer be confirmed (nothing was charged).
 * - Stuck `committing` (a return or a run that died, or got no clear answer): `commit` again,
 *   which Webpay refuses for a committed token, then `status` (kept 7 days) settles it.
 * - `refund_pending`: the refund is retried.
 * - Past what Webpay still answers (its 7-day status window, Transbank's 90-day refund window):
 *   `requires_person`, final for the reconciliation, until staff settle it by hand.
 */

/** A customer back from Webpay takes seconds; a bill still pending after this never came back. */
export const RETURN_GRACE = "interval '2 minutes'";
/** A claim older than this belongs to a process that died (a function runs 30 s at most). */
export const CLAIM_LEASE = "interval '2 minutes'";

/** A bill of unknown outcome: what the reconciliation takes and what staff are shown (alias b). */
export const UNSETTLED = `(b.token IS NOT NULL AND (
  (b.status = 'pending' AND b.created_at < now() - ${RETURN_GRACE})
  OR b.status = 'committing' OR b.status = 'refund_pending'))`;

export type Reconciliation =
  | Settlement
  /** Another return or run holds the bill right now. */
  | { kind: 'busy' }
  /** Nothing to do: the bill's outcome is known. */
  | { kind: 'settled'; status: BillStatus }
  | { kind: 'not-found' };

/**
 * Reconciles one bill. `force` (staff asking) does not wait for the return's grace or the next
 * refund retry; a claim still held by another process is never taken over.
 */
export async function reconcileBill(
  db: Database,
  webpay: WebpayClient,
  billId: string,
  { force = false } = {},
): Promise<Reconciliation> {
  const [bill] = await db.query<ClaimedBill>(
    `UPDATE bills SET status = 'committing', claimed_at = now()
     WHERE id = $1 AND token IS NOT NULL AND (
       (status = 'pending' AND (created_at < now() - ${RETURN_GRACE} OR $2))
       OR (status = 'committing' AND claimed_at < now() - ${CLAIM_LEASE}))
     RETURNING ${CLAIMED_COLUMNS}`,
    [billId, force],
  );
  if (bill) return keepingAnswers(db, webpay, billId, (db, webpay) => confirmClaimed(db, webpay, bill, 'abandoned'));
  const refund = await claimRefund(db, billId, force);
  if (refund) return keepingAnswers(db, webpay, billId, (db, webpay) => attemptRefund(db, webpay, refund));

  const [current] = await db.query<{ status: BillStatus }>('SELECT status FROM bills WHERE id = $1', [billId]);
  if (!current) return { kind: 'not-found' };
  return current.status === 'committing' || current.status === 'refund_pending' || current.status === 'pending'
    ? { kind: 'busy' }
    : { kind: 'settled', status: current.status };
}

/**
 * When the next bill becomes due for the reconciliation, or null when none will: what
 * `payments-reconcile` records for its next run (work-markers/markers.ts).
 */
export async function nextReconciliation(db: Database): Promise<Date | null> {
  const [row] = await db.query<{ due: Date | null }>(
    `SELECT min(CASE b.status WHEN 'pending' THEN b.created_at + ${RETURN_GRACE}
                              WHEN 'committing' THEN b.claimed_at + ${CLAIM_LEASE}
                              ELSE b.next_refund_at END) AS due
     FROM bills b WHERE b.token IS NOT NULL AND b.status IN ('pending', 'committing', 'refund_pending')`,
  );
  return row?.due ? new Date(row.due) : null;
}

export interface ReconciliationRun {
  /** How many bills came to each outcome. */
  outcomes: Partial<Record<Reconciliation['kind'] | 'error', number>>;
  /** Bills left for the next run: the batch or the time budget ran out. */
  more: boolean;
}

/**
 * One run over the bills that are due, oldest attempt first: at most `batch` bills, none started
 * once `deadline` has passed (the caller's Webpay client cuts its calls at its own, later one), so
 * the next run goes on where this one stopped.
 */
export async function reconcileDue(
  db: Database,
  webpay: WebpayClient,
  { batch = 20, deadline = deadlineIn(15_000) }: { batch?: number; deadline?: Deadline } = {},
): Promise<ReconciliationRun> {
  const due = await db.query<{ id: string }>(
    `SELECT id FROM bills b WHERE b.token IS NOT NULL AND (
       (b.status = 'pending' AND b.created_at < now() - ${RETURN_GRACE})
       OR (b.status = 'committing' AND b.claimed_at < now() - ${CLAIM_LEASE})
       OR (b.status = 'refund_pending' AND b.next_refund_at <= now()))
     ORDER BY coalesce(b.claimed_at, b.created_at), b.id LIMIT $1`,
    [batch + 1],
  );
  const run: ReconciliationRun = { outcomes: {}, more: due.length > batch };
  for (const { id } of due.slice(0, batch)) {
    if (deadline.passed()) {
      run.more = true;
      break;
    }
    let kind: keyof ReconciliationRun['outcomes'];
    try {
      kind = (await reconcileBill(db, webpay, id)).kind;
    } catch (error) {
      // The bill stays claimed; its lease ends and a later run takes it again.
      console.error(`payments-reconcile: bill ${id} failed: ${errorSummary(error)}`);
      kind = 'error';
    }
    run.outcomes[kind] = (run.outcomes[kind] ?? 0) + 1;
  }
  return run;
}
