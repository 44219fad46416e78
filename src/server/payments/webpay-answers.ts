import type { Database, Statement } from '../db/index.ts';
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

const keepStatement = (billId: string, operation: Operation, answer: Record<string, unknown>): Statement => ({
  text: `UPDATE bills SET webpay_answers = (
         SELECT coalesce(jsonb_agg(entry ORDER BY position), '[]') FROM jsonb_array_elements(webpay_answers || $2::jsonb)
           WITH ORDINALITY AS answers(entry, position)
         WHERE position > jsonb_array_length(webpay_answers) + 1 - ${KEPT}
       ) WHERE id = $1`,
  params: [billId, JSON.stringify([{ at: new Date().toISOString(), operation, answer }])],
});

/** Keeps answers alone, each in its own trip. */
async function keepAlone(db: Database, billId: string, answers: Statement[]) {
  for (const answer of answers) {
    try {
      await db.query(answer.text, answer.params);
    } catch (error) {
      // Only a record for staff: the settlement of the bill goes on without it.
      console.error(`webpay: answer of bill ${billId} not kept: ${errorSummary(error)}`);
    }
  }
}

/**
 * Runs `settle` with a client keeping each answer (or failure) of commit, status and refund on the
 * bill. Every answer is followed by a write that settles the bill by it, so an answer is kept in
 * that write's round trip (one batch) rather than in one of its own. Should that batch
 * fail, the answers are kept alone and the write is sent alone, as two separate trips would have:
 * an answer the database refuses never blocks the settlement, nor a settlement refused (a broken
 * CHECK) the answers. A statement sent again after a batch whose fate is unknown changes nothing:
 * every settlement is conditional on the status its process holds (settlement.ts). Answers still
 * waiting when `settle` ends are kept then.
 */
export async function keepingAnswers<T>(
  db: Database,
  webpay: WebpayClient,
  billId: string,
  settle: (db: Database, webpay: WebpayClient) => Promise<T>,
): Promise<T> {
  let waiting: Statement[] = [];
  const taken = () => {
    const answers = waiting;
    waiting = [];
    return answers;
  };

  async function asked<A>(operation: Operation, call: () => Promise<A>): Promise<A> {
    let answer: A;
    try {
      answer = await call();
    } catch (error) {
      waiting.push(keepStatement(billId, operation, { error: describeError(error) }));
      throw error;
    }
    waiting.push(keepStatement(billId, operation, stored(answer)));
    return answer;
  }

  async function query<Row>(text: string, params?: unknown[]): Promise<Row[]> {
    const answers = taken();
    if (answers.length === 0) return db.query<Row>(text, params);
    try {
      return (await db.batch([...answers, { text, params: params ?? [] }])).at(-1) as Row[];
    } catch {
      await keepAlone(db, billId, answers);
      return db.query<Row>(text, params);
    }
  }

  const keeping: Database = {
    query,
    // No settlement writes in a batch; one that did would keep the answers first, in a trip of their own.
    batch: async (statements) => {
      await keepAlone(db, billId, taken());
      return db.batch(statements);
    },
    close: () => db.close(),
  };
  try {
    return await settle(keeping, {
      ...webpay,
      commit: (token) => asked('commit', () => webpay.commit(token)),
      status: (token) => asked('status', () => webpay.status(token)),
      refund: (token, amount) => asked('refund', () => webpay.refund(token, amount)),
    });
  } finally {
    await keepAlone(db, billId, taken());
  }
}
