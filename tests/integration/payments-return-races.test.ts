import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { reconcileBill } from '../../src/server/payments/reconcile.ts';
import { WebpayError, type WebpayClient } from '../../src/server/payments/webpay-client.ts';
import { handleReturn } from '../../src/server/payments/webpay-return.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';
import { approvedTransaction } from '../helpers/webpay.ts';

/**
 * A card payment settled by two processes at once, on a real PostgreSQL 17 with
 * one session each (READ COMMITTED, as Neon): the customer's browser returning twice from Webpay,
 * and a return against the scheduled reconciliation of an ordinary pending bill. Each bill's claim
 * is one conditional UPDATE (webpay-return.ts, reconcile.ts), so exactly one process asks Webpay to
 * commit, and the payment is recorded, mailed and charged to the debt once, never refunded.
 */

const ROUNDS = 20;
const AMOUNT = 5000;
let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
  await postgres.db.query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('400004', $1, 'Prat 1, Coyhaique')`,
    [AMOUNT * ROUNDS * 2],
  );
}, 120_000);
afterAll(() => postgres?.stop());

/**
 * Webpay for one approved transaction, as Transbank answers: the first commit authorizes it (after
 * a moment, so the two processes are at it together), a later one is refused with a 422, and status
 * tells what happened. Counts every call.
 */
function approvingWebpay(buyOrder: string) {
  const calls = { commit: 0, status: 0, refund: 0 };
  let committed = false;
  const transaction = (status: string) => approvedTransaction(buyOrder, AMOUNT, { status });
  const client = {
    create: () => Promise.reject(new Error('not used')),
    async commit() {
      calls.commit += 1;
      await sleep(20);
      if (committed) throw new WebpayError(422, 'Transaction already locked by another process');
      committed = true;
      return transaction('AUTHORIZED');
    },
    async status() {
      calls.status += 1;
      return transaction(committed ? 'AUTHORIZED' : 'INITIALIZED');
    },
    async refund() {
      calls.refund += 1;
      return { type: 'NULLIFIED', response_code: 0 };
    },
  } as unknown as WebpayClient;
  return { client, calls };
}

/** A pending bill sent to Webpay `age` ago. */
async function pendingBill(round: number, age: string) {
  const order = `RACE${Date.now()}${round}`.slice(0, 26);
  const [bill] = await postgres.db.query<{ id: string; token: string; buy_order: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, token, created_at)
     VALUES ('400004', $1, 'cliente@example.com', 'boleta', 'webpay-plus', $2, $2, 'T' || $2, now() - $3::interval)
     RETURNING id, token, buy_order`,
    [AMOUNT, order, age],
  );
  return bill!;
}

const balance = async () =>
  (await postgres.db.query<{ balance: number }>(`SELECT balance FROM accounts WHERE service_number = '400004'`))[0]!
    .balance;

/** What the payment left: the bill's status, its card records and its receipts. */
async function recorded(db: Database, bill: { id: string; buy_order: string }) {
  const [row] = await db.query<{ status: string }>('SELECT status FROM bills WHERE id = $1', [bill.id]);
  const cards = await db.query<{ id: string }>('SELECT id FROM tbk_payments WHERE bill_id = $1', [bill.id]);
  const receipts = await db.query('SELECT 1 FROM outbox WHERE reference = $1', [bill.buy_order]);
  return { status: row!.status, cards: cards.map(({ id }) => id), receipts: receipts.length };
}

/** One commit and no refund: the bill is paid with one card record and one receipt; answers the card records. */
async function expectPaidOnce(webpay: ReturnType<typeof approvingWebpay>, bill: { id: string; buy_order: string }) {
  expect(webpay.calls).toEqual({ commit: 1, status: 0, refund: 0 });
  const { status, cards, receipts } = await recorded(postgres.db, bill);
  expect({ status, cards: cards.length, receipts }).toEqual({ status: 'paid', cards: 1, receipts: 1 });
  return cards;
}

describe('a Webpay payment settled by two processes at once', () => {
  it('two returns of one bill: one commit, one payment and receipt, both screens show it', async () => {
    const [first, second] = [postgres.connect(), postgres.connect()];
    for (let round = 0; round < ROUNDS; round++) {
      const bill = await pendingBill(round, '0 seconds');
      const webpay = approvingWebpay(bill.buy_order);
      const before = await balance();

      const screens = await Promise.all([
        handleReturn(first, webpay.client, { token_ws: bill.token }),
        handleReturn(second, webpay.client, { token_ws: bill.token }),
      ]);

      const cards = await expectPaidOnce(webpay, bill);
      expect(screens).toEqual([
        { screen: 'final', tbkPaymentId: cards[0], billId: bill.id },
        { screen: 'final', tbkPaymentId: cards[0], billId: bill.id },
      ]);
      expect(await balance()).toBe(before - AMOUNT);
    }
  });

  it('a late return and the reconciliation of the same pending bill: one commit, recorded once, no refund', async () => {
    const [returning, reconciling] = [postgres.connect(), postgres.connect()];
    for (let round = 0; round < ROUNDS; round++) {
      // Past the return's grace, so the reconciliation takes it as a bill whose customer never came back.
      const bill = await pendingBill(round, '3 minutes');
      const webpay = approvingWebpay(bill.buy_order);
      const before = await balance();

      const [screen, reconciliation] = await Promise.all([
        handleReturn(returning, webpay.client, { token_ws: bill.token }),
        reconcileBill(reconciling, webpay.client, bill.id),
      ]);

      const cards = await expectPaidOnce(webpay, bill);
      expect(screen).toEqual({ screen: 'final', tbkPaymentId: cards[0], billId: bill.id });
      // The reconciliation recorded it, or found it held by the return or already paid.
      expect([
        { kind: 'recorded', tbkPaymentId: cards[0] },
        { kind: 'busy' },
        { kind: 'settled', status: 'paid' },
      ]).toContainEqual(reconciliation);
      expect(await balance()).toBe(before - AMOUNT);
    }
  });
});
