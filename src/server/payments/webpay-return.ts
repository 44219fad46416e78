import type { Database } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import { confirmClaimed } from './settlement.ts';
import { CLAIMED_COLUMNS, type ClaimedBill, type Settlement } from './claimed-bill.ts';
import { keepingAnswers } from './webpay-answers.ts';
import type { WebpayClient } from './webpay-client.ts';

/**
 * Webpay's return to the site (spec §4 step 4), by the parameters it brings: a cancellation or a
 * timeout closes the bill, a token_ws confirms it. The return claims its bill in one statement, so
 * a repeated or concurrent return, or a reconciliation confirming the same bill, finds it claimed
 * and shows what that one decided.
 */

export type ReturnScreen =
  { screen: 'final'; tbkPaymentId: string; billId: string } | { screen: 'reject' } | { screen: 'null' };

export interface ReturnParams {
  token_ws?: string | undefined;
  TBK_TOKEN?: string | undefined;
  TBK_ORDEN_COMPRA?: string | undefined;
  TBK_ID_SESION?: string | undefined;
}

export async function handleReturn(db: Database, webpay: WebpayClient, params: ReturnParams): Promise<ReturnScreen> {
  const { token_ws: token, TBK_TOKEN: abortedToken, TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId } = params;
  if (token && abortedToken) {
    // An error in Webpay's payment form: nothing to commit.
    await db.query(`UPDATE bills SET status = 'failed' WHERE token = $1 AND status = 'pending'`, [token]);
    return { screen: 'reject' };
  }
  if (abortedToken && buyOrder && sessionId) {
    // The customer cancelled in Webpay.
    await db.query(`UPDATE bills SET status = 'cancelled' WHERE token = $1 AND buy_order = $2 AND status = 'pending'`, [
      abortedToken,
      buyOrder,
    ]);
    return { screen: 'null' };
  }
  if (!token && buyOrder && sessionId) {
    // Webpay's form timed out.
    await db.query(
      `UPDATE bills SET status = 'cancelled' WHERE buy_order = $1 AND session_id = $2 AND status = 'pending'`,
      [buyOrder, sessionId],
    );
    return { screen: 'null' };
  }
  if (token) return commitReturn(db, webpay, token);
  return { screen: 'reject' };
}

/** The bill of a returned token: claimed by this return (the claim's columns), or as it was found. */
type Found = { bill_id: string; status: string; payment_id: string | null } & (ClaimedBill | { id: null });

async function commitReturn(db: Database, webpay: WebpayClient, token: string): Promise<ReturnScreen> {
  // Another return or a reconciliation holding the bill settles it within seconds: wait for it.
  for (let attempt = 0; attempt < 40; attempt++) {
    // One round trip claims the bill or, when another process holds or has settled it, reads what
    // that one decided. The read sees the bill as it was when the statement began, so a bill it
    // finds still pending was claimed meanwhile: the next attempt finds how.
    const [row] = await db.query<Found>(
      `WITH claimed AS (
         UPDATE bills SET status = 'committing', claimed_at = now() WHERE token = $1 AND status = 'pending'
         RETURNING ${CLAIMED_COLUMNS}
       )
       SELECT claimed.*, b.id AS bill_id, b.status, t.id AS payment_id
       FROM bills b LEFT JOIN claimed ON true LEFT JOIN tbk_payments t ON t.bill_id = b.id WHERE b.token = $1`,
      [token],
    );
    if (!row) return { screen: 'reject' };
    if (row.id !== null) return screenOf(await confirmOrLeave(db, webpay, row), row.id);
    if (row.status === 'paid' && row.payment_id)
      return { screen: 'final', tbkPaymentId: row.payment_id, billId: row.bill_id };
    if (row.status === 'cancelled') return { screen: 'null' };
    if (row.status === 'pending') continue;
    if (row.status !== 'committing') return { screen: 'reject' };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { screen: 'reject' };
}

/**
 * A fault after the claim (the database failing once Webpay has charged) leaves the bill
 * `committing`: the reconciliation takes it over when the claim's lease ends and records it
 * through `status`.
 */
async function confirmOrLeave(db: Database, webpay: WebpayClient, bill: ClaimedBill): Promise<Settlement> {
  try {
    return await keepingAnswers(db, webpay, bill.id, (db, webpay) => confirmClaimed(db, webpay, bill, 'failed'));
  } catch (error) {
    console.error(`webpay: return of bill ${bill.id} left for the reconciliation: ${errorSummary(error)}`);
    return { kind: 'unknown' };
  }
}

/**
 * Spec §4: three screens. An outcome not known yet shows the rejection, whose page gives the
 * contact e-mail; the reconciliation records or refunds it within minutes.
 */
function screenOf(settlement: Settlement, billId: string): ReturnScreen {
  if (settlement.kind === 'recorded') return { screen: 'final', tbkPaymentId: settlement.tbkPaymentId, billId };
  if (settlement.kind === 'closed' && settlement.status === 'cancelled') return { screen: 'null' };
  return { screen: 'reject' };
}
