import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import type { WebpayClient } from '../../src/server/payments/webpay-client.ts';
import { handleReturn } from '../../src/server/payments/webpay-return.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';
import { approvedTransaction } from '../helpers/webpay.ts';

/**
 * Webpay's answer is kept on the bill in the round trip of the write that settles the bill
 * by it (one batch, webpay-answers.ts). The two stay as independent as two trips were: an answer
 * the database refuses does not stop the payment being recorded, and a settlement the database
 * refuses does not lose the answer that staff settle the bill by.
 */

const AMOUNT = 5000;
let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
  await postgres.db.query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('500005', $1, 'Prat 1, Coyhaique')`,
    [AMOUNT * 10],
  );
}, 120_000);
afterAll(() => postgres?.stop());

async function pendingBill(name: string) {
  const [bill] = await postgres.db.query<{ id: string; token: string; buy_order: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, token)
     VALUES ('500005', $1, 'cliente@example.com', 'boleta', 'webpay-plus', $2, $2, 'T' || $2) RETURNING id, token, buy_order`,
    [AMOUNT, `ANS${name}`],
  );
  return bill!;
}

const approving = (buyOrder: string) =>
  ({ commit: async () => approvedTransaction(buyOrder, AMOUNT) }) as unknown as WebpayClient;

/** The database refusing every statement that `refused` matches, alone or in a batch. */
function refusing(db: Database, refused: RegExp): Database {
  const check = (text: string) => {
    if (refused.test(text)) throw new Error('refused by the test');
  };
  return {
    query: async (text, params) => (check(text), db.query(text, params)),
    batch: async (statements) => (statements.forEach(({ text }) => check(text)), db.batch(statements)),
    close: () => db.close(),
  };
}

const billOf = async (id: string) =>
  (
    await postgres.db.query<{ status: string; webpay_answers: { operation: string }[] }>(
      'SELECT status, webpay_answers FROM bills WHERE id = $1',
      [id],
    )
  )[0]!;

describe('the answer kept with the settlement', () => {
  it('an answer the database refuses: the payment is recorded all the same', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bill = await pendingBill('1');
    const screen = await handleReturn(refusing(postgres.db, /webpay_answers =/), approving(bill.buy_order), {
      token_ws: bill.token,
    });
    expect(screen).toMatchObject({ screen: 'final', billId: bill.id });
    expect(await billOf(bill.id)).toMatchObject({ status: 'paid', webpay_answers: [] });
  });

  it('a settlement the database refuses: the answer is kept, the bill left to the reconciliation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bill = await pendingBill('2');
    const screen = await handleReturn(refusing(postgres.db, /SET status = 'paid'/), approving(bill.buy_order), {
      token_ws: bill.token,
    });
    expect(screen).toEqual({ screen: 'reject' });
    expect(await billOf(bill.id)).toMatchObject({ status: 'committing', webpay_answers: [{ operation: 'commit' }] });
  });
});
