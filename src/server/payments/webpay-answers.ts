import type { Database } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import { describeError, type WebpayClient } from './webpay-client.ts';

/**
 * Webpay's last answers about a bill, kept with it: a bill the reconciliation hands to
 * a person is settled by hand with Transbank, and staff need what Webpay said, not only that it
 * was unclear. The card number is never kept (Transbank sends the whole number to some commerces).
 */

type Operation = 'commit' | 'status' | 'refund';

/** How many answers a bill keeps, the newest ones. */
const KEPT = 6;

function stored(answer: unknown): Record<string, unknown> {
  const { card_detail: _, ...rest } = answer as Record<string, unknown>;
  return rest;
}

async function keep(db: Database, billId: string, operation: Operation, answer: Record<string, unknown>) {
  try {
    await db.query(
      `UPDATE bills SET webpay_answers = (
         SELECT coalesce(jsonb_agg(entry ORDER BY position), '[]') FROM jsonb_array_elements(webpay_answers || $2::jsonb)
           WITH ORDINALITY AS answers(entry, position)
         WHERE position > jsonb_array_length(webpay_answers) + 1 - ${KEPT}
       ) WHERE id = $1`,
      [billId, JSON.stringify([{ at: new Date().toISOString(), operation, answer }])],
    );
  } catch (error) {
    // Only a record for staff: the settlement of the bill goes on without it.
    console.error(`webpay: answer of bill ${billId} not kept: ${errorSummary(error)}`);
  }
}

/** The client, keeping each answer (or failure) of commit, status and refund on the bill. */
export function keepingAnswers(db: Database, webpay: WebpayClient, billId: string): WebpayClient {
  async function asked<T>(operation: Operation, call: () => Promise<T>): Promise<T> {
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      await keep(db, billId, operation, { error: describeError(error) });
      throw error;
    }
    await keep(db, billId, operation, stored(answer));
    return answer;
  }
  return {
    ...webpay,
    commit: (token) => asked('commit', () => webpay.commit(token)),
    status: (token) => asked('status', () => webpay.status(token)),
    refund: (token, amount) => asked('refund', () => webpay.refund(token, amount)),
  };
}
