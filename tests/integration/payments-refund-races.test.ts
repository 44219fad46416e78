import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileBill } from '../../src/server/payments/reconcile.ts';
import type { WebpayClient } from '../../src/server/payments/webpay-client.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';
import { approvedTransaction } from '../helpers/webpay.ts';

/**
 * "Verificar estado en Webpay" against a refund another process is retrying, on a real PostgreSQL
 * 17 with one session each: staff's check of the bill (force) never takes over the held claim, so
 * Webpay is asked to refund once, and staff are told the bill is being processed.
 */

const AMOUNT = 5000;
let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
  await postgres.db.query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('400005', $1, 'Prat 2, Coyhaique')`,
    [AMOUNT],
  );
}, 120_000);
afterAll(() => postgres?.stop());

/** A bill whose refund is due for its retry. */
async function refundPendingBill() {
  const order = `REF${Date.now()}`.slice(0, 26);
  const [bill] = await postgres.db.query<{ id: string; token: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, token,
                        status, next_refund_at, refund_attempts, claimed_at, created_at)
     VALUES ('400005', $1, 'cliente@example.com', 'boleta', 'webpay-plus', $2, $2, 'T' || $2,
             'refund_pending', now() - interval '1 second', 1, now() - interval '10 minutes', now() - interval '10 minutes')
     RETURNING id, token`,
    [AMOUNT, order],
  );
  const tx = approvedTransaction(order, AMOUNT, { status: 'AUTHORIZED' });
  await postgres.db.query(
    `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, authorization_code, transaction_date)
     VALUES ($1, 'AUTHORIZED', 0, $2, $3, '1213', $4)`,
    [bill!.id, AMOUNT, order, tx.transaction_date],
  );
  return bill!;
}

/** Webpay whose refund waits until the test lets it answer, so another process can try meanwhile. */
function slowRefundingWebpay() {
  const calls = { refund: 0, status: 0 };
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let started!: () => void;
  const refunding = new Promise<void>((resolve) => (started = resolve));
  const client = {
    async refund() {
      calls.refund += 1;
      // Only the first refund waits: a second one, the defect, answers at once.
      if (calls.refund === 1) {
        started();
        await answered;
      }
      return { type: 'NULLIFIED', response_code: 0 };
    },
    async status() {
      calls.status += 1;
      return { status: 'AUTHORIZED' };
    },
  } as unknown as WebpayClient;
  return { client, calls, refunding, answer };
}

/** A run staff force (Verificar estado) that refunds `billId` at once: answers its Webpay. */
async function forcedRefund(billId: string) {
  const webpay = slowRefundingWebpay();
  webpay.answer();
  expect(await reconcileBill(postgres.connect(), webpay.client, billId, { force: true })).toEqual({ kind: 'refunded' });
  return webpay;
}

describe('Verificar estado en Webpay while another run retries the refund', () => {
  it('answers busy and leaves the held claim alone: one refund asked of Webpay', async () => {
    const [scheduled, staff] = [postgres.connect(), postgres.connect()];
    const bill = await refundPendingBill();
    const webpay = slowRefundingWebpay();

    const retrying = reconcileBill(scheduled, webpay.client, bill.id);
    await webpay.refunding;
    const checked = await reconcileBill(staff, webpay.client, bill.id, { force: true });
    webpay.answer();

    expect(checked).toEqual({ kind: 'busy' });
    expect(await retrying).toEqual({ kind: 'refunded' });
    expect(webpay.calls.refund).toBe(1);
    const [row] = await postgres.db.query<{ status: string }>('SELECT status FROM bills WHERE id = $1', [bill.id]);
    expect(row!.status).toBe('refunded');
  });

  it('takes a refund waiting for its next retry that nobody holds', async () => {
    const bill = await refundPendingBill();
    await postgres.db.query(`UPDATE bills SET next_refund_at = now() + interval '30 minutes' WHERE id = $1`, [bill.id]);
    const webpay = await forcedRefund(bill.id);
    expect(webpay.calls.refund).toBe(1);
  });

  it('takes a refund again once the attempt before it failed', async () => {
    const bill = await refundPendingBill();
    const failing = {
      refund: () => Promise.resolve({ type: 'NULLIFIED', response_code: -1 }),
      status: () => Promise.resolve({ status: 'AUTHORIZED' }),
    } as unknown as WebpayClient;
    expect(await reconcileBill(postgres.connect(), failing, bill.id)).toEqual({ kind: 'refund-failed' });

    await forcedRefund(bill.id);
  });
});
