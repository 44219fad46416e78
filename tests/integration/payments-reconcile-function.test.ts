import { beforeEach, describe, expect, it } from 'vitest';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import { config as reconcileConfig } from '../../netlify/functions/payments-reconcile.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { reconcileDue } from '../../src/server/payments/reconcile.ts';
import { createWebpayClient, WEBPAY_PATH } from '../../src/server/payments/webpay-client.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import {
  attentionList,
  oneAccountOwing,
  returnFromWebpay,
  runReconciliation,
  useWebpaySimulator,
} from '../helpers/webpay.ts';

const environment = useAdminEnvironment();
const webpay = useWebpaySimulator();
const db = () => environment.database.db;
const simulatorHandle = webpay.simulator.handle;

beforeEach(async () => {
  webpay.simulator.handle = simulatorHandle;
  await oneAccountOwing(db());
});

/** The customer's choice at the simulator; the return address it sends the browser to, if any. */
const decide = async (token: string, action: 'aprobar' | 'aprobar-sin-volver' | 'rechazar') =>
  (await webpay.choose(token, action)).headers.get('location');

/** Time passes: the bill was created (and last claimed) `minutes` earlier. */
const age = (billId: string, minutes: number) =>
  db().query(
    `UPDATE bills SET created_at = created_at - make_interval(mins => $2), claimed_at = claimed_at - make_interval(mins => $2) WHERE id = $1`,
    [billId, minutes],
  );

/** What a payment left behind: the bill, the debt, card records and receipts. */
async function outcome(billId: string) {
  const [bill] = await db().query<{ status: string; buy_order: string }>(
    'SELECT status, buy_order FROM bills WHERE id = $1',
    [billId],
  );
  const [account] = await db().query<{ balance: number }>(
    `SELECT balance FROM accounts WHERE service_number = '100001'`,
  );
  return {
    status: bill!.status,
    balance: account!.balance,
    cardRecords: (await db().query('SELECT 1 FROM tbk_payments WHERE bill_id = $1', [billId])).length,
    receipts: (await db().query('SELECT 1 FROM outbox WHERE reference = $1', [bill!.buy_order])).length,
  };
}

const paid = { status: 'paid', balance: 0, cardRecords: 1, receipts: 1 };

/** Webpay's REST calls the site made to the simulator, by method, from now on. */
function webpayCalls() {
  const calls: string[] = [];
  webpay.simulator.handle = (request: Request) => {
    if (new URL(request.url).pathname.startsWith(WEBPAY_PATH)) calls.push(request.method);
    return simulatorHandle(request);
  };
  return calls;
}

describe('the simulator, where it matters, behaves like Webpay', () => {
  const client = () => createWebpayClient({ baseUrl: webpay.url, commerceCode: 'c', apiKey: 'k' });

  it('approved without coming back: INITIALIZED until committed, then AUTHORIZED; a second commit answers 422', async () => {
    const { token } = await webpay.newBill();
    const voucher = await webpay.choose(token, 'aprobar-sin-volver');
    expect(voucher.status).toBe(200);
    expect(voucher.headers.get('location')).toBeNull();
    expect(await voucher.text()).toContain('Pago aprobado (simulador)');
    expect((await client().status(token)).status).toBe('INITIALIZED');
    expect((await client().commit(token)).status).toBe('AUTHORIZED');
    await expect(client().commit(token)).rejects.toMatchObject({ status: 422 });
    expect((await client().status(token)).status).toBe('AUTHORIZED');
  });

  it('past the confirmation window a commit answers 422 aborted and the status stays INITIALIZED', async () => {
    const { token, tx } = await webpay.newBill();
    await decide(token, 'aprobar-sin-volver');
    tx.decidedAt! -= 6 * 60 * 1000;
    await expect(client().commit(token)).rejects.toMatchObject({
      status: 422,
      message: 'Transaction has an invalid finished state: aborted',
    });
    expect((await client().status(token)).status).toBe('INITIALIZED');
  });
});

describe('a customer who approved at Webpay and never came back', () => {
  it('is confirmed and recorded by one run (paid, debt settled, one receipt); a second run changes nothing', async () => {
    const { billId, token, tx } = await webpay.newBill();
    expect(await decide(token, 'aprobar-sin-volver')).toBeNull();
    // Until the commerce confirms it, Webpay has charged nothing.
    expect(
      (await createWebpayClient({ baseUrl: webpay.url, commerceCode: 'c', apiKey: 'k' }).status(token)).status,
    ).toBe('INITIALIZED');

    // Within the grace a customer is still expected back: nothing is done.
    expect(await runReconciliation()).toEqual({ outcomes: {}, more: false });
    await age(billId, 3);
    expect(await runReconciliation()).toEqual({ outcomes: { recorded: 1 }, more: false });
    expect(tx.committed).toBe(true);
    expect(await outcome(billId)).toEqual(paid);

    const calls = webpayCalls();
    expect(await runReconciliation()).toEqual({ outcomes: {}, more: false });
    expect(calls).toEqual([]);
    expect(await outcome(billId)).toEqual(paid);
  });

  it('past the confirmation window is closed as abandoned, nothing recorded', async () => {
    const { billId, token, tx } = await webpay.newBill();
    await decide(token, 'aprobar-sin-volver');
    tx.decidedAt! -= 6 * 60 * 1000;
    await age(billId, 8);
    expect(await runReconciliation()).toEqual({ outcomes: { closed: 1 }, more: false });
    expect(tx.committed).toBe(false);
    expect(await outcome(billId)).toEqual({ status: 'abandoned', balance: 18990, cardRecords: 0, receipts: 0 });
  });

  it('still on Webpay’s form stays pending, and is asked about again on the next run', async () => {
    const { billId } = await webpay.newBill();
    await age(billId, 3);
    expect(await runReconciliation()).toEqual({ outcomes: { waiting: 1 }, more: false });
    expect((await outcome(billId)).status).toBe('pending');
  });

  it('whose debt was paid meanwhile by another bill is not confirmed (nothing charged)', async () => {
    const first = await webpay.newBill();
    const second = await webpay.newBill();
    await decide(second.token, 'aprobar-sin-volver');
    await returnFromWebpay((await decide(first.token, 'aprobar'))!);
    await age(second.billId, 3);
    expect(await runReconciliation()).toEqual({ outcomes: { closed: 1 }, more: false });
    expect(second.tx.committed).toBe(false);
    expect((await outcome(second.billId)).status).toBe('cancelled');
  });

  it('and a late browser return, at the same time as a run, record the payment once', async () => {
    const { billId, token } = await webpay.newBill();
    const back = (await decide(token, 'aprobar'))!;
    await age(billId, 3);
    const [run, screen] = await Promise.all([runReconciliation(), returnFromWebpay(back)]);
    expect(screen).toMatch(new RegExp(`^/tbk-final/[0-9a-f-]{36}/${billId}$`));
    expect(run.outcomes.recorded ?? 0).toBeLessThanOrEqual(1);
    expect(await outcome(billId)).toEqual(paid);
    // And a return after the run shows the same receipt.
    expect(await returnFromWebpay(back)).toBe(screen);
    expect(await outcome(billId)).toEqual(paid);
  });
});

/** The customer back from Webpay while the database refuses to record a card payment: where it is sent. */
async function returnWhileCardPaymentsFail(location: string) {
  await db().query(`CREATE FUNCTION fail_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the database write failed'; END $$`);
  await db().query(
    'CREATE TRIGGER fail_write BEFORE INSERT ON tbk_payments FOR EACH ROW EXECUTE FUNCTION fail_write()',
  );
  try {
    return await returnFromWebpay(location);
  } finally {
    await db().query('DROP TRIGGER fail_write ON tbk_payments');
    await db().query('DROP FUNCTION fail_write()');
  }
}

describe('a bill whose commit gave no clear answer', () => {
  it('a failure right after a successful commit (the database write fails) ends recorded by the next run, through status', async () => {
    const { billId, token, tx } = await webpay.newBill();
    const back = (await decide(token, 'aprobar'))!;
    expect(await returnWhileCardPaymentsFail(back)).toBe('/tbk-reject');
    // Charged at Webpay, recorded nowhere: the bill stays claimed.
    expect(tx.committed).toBe(true);
    expect(await outcome(billId)).toEqual({ status: 'committing', balance: 18990, cardRecords: 0, receipts: 0 });
    expect(await runReconciliation()).toEqual({ outcomes: {}, more: false });

    await age(billId, 3);
    const calls = webpayCalls();
    expect(await runReconciliation()).toEqual({ outcomes: { recorded: 1 }, more: false });
    // The commit again (refused: committed), then the status.
    expect(calls).toEqual(['PUT', 'GET']);
    expect(await outcome(billId)).toEqual(paid);
  });

  it('charged, then its debt paid by another bill before it was recorded: refunded, not left charged', async () => {
    const first = await webpay.newBill();
    const second = await webpay.newBill();
    const back = (await decide(first.token, 'aprobar'))!;
    expect(await returnWhileCardPaymentsFail(back)).toBe('/tbk-reject');
    // The customer tries again and pays with a second bill.
    expect(await returnFromWebpay((await decide(second.token, 'aprobar'))!)).toMatch(/^\/tbk-final\//);

    await age(first.billId, 3);
    expect(await runReconciliation()).toEqual({ outcomes: { refunded: 1 }, more: false });
    expect(first.tx.reversed).toBe(true);
    expect(await outcome(first.billId)).toEqual({ status: 'refunded', balance: 0, cardRecords: 1, receipts: 0 });
    expect(await outcome(second.billId)).toEqual(paid);
  });

  it.each([
    ['the return', (back: string) => returnFromWebpay(back)],
    [
      'a reconciliation',
      async (_back: string, billId: string) => {
        await age(billId, 3);
        return JSON.stringify(await runReconciliation());
      },
    ],
  ])('a commit answering 422 for a committed token ends recorded, not rejected, by %s', async (_case, settle) => {
    const { billId, token } = await webpay.newBill();
    const back = (await decide(token, 'aprobar'))!;
    // A commit whose answer was lost: Webpay committed, the site never heard.
    await createWebpayClient({ baseUrl: webpay.url, commerceCode: 'c', apiKey: 'k' }).commit(token);
    const answer = await settle(back, billId);
    expect(answer).not.toBe('/tbk-reject');
    expect(await outcome(billId)).toEqual(paid);
  });

  it('Webpay unreachable: stays committing with the error for staff, and is recorded once Webpay answers', async () => {
    const { billId, token } = await webpay.newBill();
    await decide(token, 'aprobar-sin-volver');
    await age(billId, 3);
    webpay.simulator.handle = () => Promise.resolve(new Response('{}', { status: 503 }));
    expect(await runReconciliation()).toEqual({ outcomes: { unknown: 1 }, more: false });
    const [bill] = await db().query<{ status: string; webpay_error: string }>(
      'SELECT status, webpay_error FROM bills WHERE id = $1',
      [billId],
    );
    expect(bill).toEqual({
      status: 'committing',
      webpay_error: 'commit: 503 Webpay answered 503; status: 503 Webpay answered 503',
    });

    webpay.simulator.handle = simulatorHandle;
    await age(billId, 3);
    expect(await runReconciliation()).toEqual({ outcomes: { recorded: 1 }, more: false });
    expect(await outcome(billId)).toEqual(paid);
  });
});

describe('refunds', () => {
  it('a failed refund is retried, listed as needing attention meanwhile, and done by a later run', async () => {
    const { token: adminToken } = await signedInAdmin(db(), 'Ana Admin', `ana${Date.now()}@example.com`);
    const { billId, token, tx } = await webpay.newBill();
    const back = (await decide(token, 'aprobar'))!;
    tx.amount = 100; // Authorized for another amount: it must not stand.
    webpay.simulator.handle = (request: Request) =>
      request.url.endsWith('/refunds')
        ? Promise.resolve(Response.json({ error_message: 'Refund service unavailable' }, { status: 500 }))
        : simulatorHandle(request);
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    const [bill] = await db().query('SELECT status, refund_attempts, webpay_error FROM bills WHERE id = $1', [billId]);
    expect(bill).toEqual({
      status: 'refund_pending',
      refund_attempts: 1,
      webpay_error: 'reembolso: 500 Refund service unavailable',
    });

    const list = await attentionList(adminToken);
    expect(list.body.data).toMatchObject({ total: 1, attentionTotal: 1 });
    expect(list.body.data.payments[0]).toMatchObject({
      bill_id: billId,
      status: 'refund_pending',
      needs_attention: true,
    });

    // The retry waits for its delay; once due, the next run refunds it.
    expect(await runReconciliation()).toEqual({ outcomes: {}, more: false });
    await db().query('UPDATE bills SET next_refund_at = now() WHERE id = $1', [billId]);
    expect(await runReconciliation()).toEqual({ outcomes: { 'refund-failed': 1 }, more: false });
    webpay.simulator.handle = simulatorHandle;
    await db().query('UPDATE bills SET next_refund_at = now() WHERE id = $1', [billId]);
    expect(await runReconciliation()).toEqual({ outcomes: { refunded: 1 }, more: false });
    expect(tx.reversed).toBe(true);
    expect(await outcome(billId)).toEqual({ status: 'refunded', balance: 18990, cardRecords: 1, receipts: 0 });
    const after = await attentionList(adminToken);
    expect(after.body.data).toMatchObject({ total: 0, attentionTotal: 0 });
  });

  it('a refund whose answer was lost is found done through status', async () => {
    const { billId, token, tx } = await webpay.newBill();
    const back = (await decide(token, 'aprobar'))!;
    tx.amount = 100;
    webpay.simulator.handle = async (request: Request) => {
      const answer = await simulatorHandle(request);
      // Webpay refunds, the answer never arrives.
      return request.url.endsWith('/refunds') ? new Response('{}', { status: 504 }) : answer;
    };
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(tx.reversed).toBe(true);
    expect((await outcome(billId)).status).toBe('refunded');
  });
});

describe('each run stays bounded', () => {
  it('runs every minute, so a payment left unconfirmed falls inside Webpay’s confirmation window', () => {
    expect(reconcileConfig.schedule).toBe('* * * * *');
  });

  it('a backlog larger than one batch is settled by repeated runs', async () => {
    await db().query(`UPDATE accounts SET balance = 18990 * 5`);
    const created = [];
    for (let i = 0; i < 5; i++) {
      const bill = await webpay.newBill();
      await decide(bill.token, 'aprobar-sin-volver');
      await age(bill.billId, 3);
      created.push(bill);
    }
    // Every bill was created for the whole debt; one paid leaves too little for the others.
    await db().query(`UPDATE bills SET amount = 18990`);
    for (const { tx } of created) tx.amount = 18990;
    const client = createWebpayClient({ baseUrl: webpay.url, commerceCode: 'c', apiKey: 'k' });
    expect(await reconcileDue(db(), client, { batch: 2 })).toEqual({ outcomes: { recorded: 2 }, more: true });
    expect(await reconcileDue(db(), client, { batch: 2 })).toEqual({ outcomes: { recorded: 2 }, more: true });
    expect(await reconcileDue(db(), client, { batch: 2 })).toEqual({ outcomes: { recorded: 1 }, more: false });
    expect(await db().query(`SELECT status, count(*)::int AS count FROM bills GROUP BY status`)).toEqual([
      { status: 'paid', count: 5 },
    ]);
  });

  it('no bill is started once its deadline has passed', async () => {
    const { billId, token } = await webpay.newBill();
    await decide(token, 'aprobar-sin-volver');
    await age(billId, 3);
    const second = await webpay.newBill();
    await age(second.billId, 3);
    const client = createWebpayClient({ baseUrl: webpay.url, commerceCode: 'c', apiKey: 'k' });
    expect(await reconcileDue(db(), client, { batch: 10, deadline: deadlineIn(-1) })).toEqual({
      outcomes: {},
      more: true,
    });
  });
});

describe('POST /api/admin/payments/{billId}/verify ("Verificar estado en Webpay")', () => {
  let adminToken: string;
  beforeEach(async () => {
    adminToken = (await signedInAdmin(db(), 'Luis Admin', `luis${Date.now()}@example.com`)).token;
  });
  const verify = (billId: string) =>
    callFunction(adminPayments, 'POST', `/api/admin/payments/${billId}/verify`, { token: adminToken });
  const verifications = (billId: string) =>
    db().query('SELECT admin_email, action, entity, summary FROM audit_log WHERE entity_id = $1 ORDER BY id', [billId]);

  it('settles the bill at once, without waiting for the return’s grace, and writes its audit row', async () => {
    const { billId, token } = await webpay.newBill();
    await decide(token, 'aprobar-sin-volver');
    const { status, body } = await read(await verify(billId));
    expect(status).toBe(200);
    expect(body.data.message).toBe('Webpay confirmó el pago: quedó registrado como pagado.');
    expect(body.data.payment.bill).toMatchObject({ id: billId, status: 'paid', needs_attention: false });
    expect(body.data.payment.tbkPayment).toMatchObject({ status: 'AUTHORIZED', amount: 18990 });
    expect(await outcome(billId)).toEqual(paid);
    const [row] = await verifications(billId);
    expect(row).toEqual({
      admin_email: expect.stringMatching(/^luis/),
      action: 'verify',
      entity: 'payment',
      summary: `Orden ${body.data.payment.bill.buy_order}, servicio 100001: Webpay confirmó el pago: quedó registrado como pagado.`,
    });

    // Asked again: nothing to do, nothing charged or mailed twice; audited again.
    const again = await read(await verify(billId));
    expect(again.body.data.message).toBe('La cuenta ya tiene su resultado: no hay nada que verificar. Estado: Pagado.');
    expect(await outcome(billId)).toEqual(paid);
    expect(await verifications(billId)).toHaveLength(2);
  });

  it('never takes over a claim another process still holds', async () => {
    const { billId, token } = await webpay.newBill();
    await decide(token, 'aprobar-sin-volver');
    await db().query(`UPDATE bills SET status = 'committing', claimed_at = now() WHERE id = $1`, [billId]);
    const calls = webpayCalls();
    expect((await read(await verify(billId))).body.data.message).toBe(
      'La cuenta se está procesando en este momento: intente de nuevo en unos minutos.',
    );
    expect(calls).toEqual([]);
  });

  it.each([
    ['an unknown bill', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a uuid', '12345'],
  ])('answers 404 to %s and audits nothing', async (_case, billId) => {
    expect(await read(await verify(billId))).toEqual({
      status: 404,
      body: { success: false, error: 'Pago no encontrado.', message: 'Pago no encontrado.' },
    });
    expect(await verifications(billId)).toEqual([]);
  });

  it('answers 405 to a GET of the verification and to a POST elsewhere', async () => {
    const { billId } = await webpay.newBill();
    expect(
      (await callFunction(adminPayments, 'GET', `/api/admin/payments/${billId}/verify`, { token: adminToken })).status,
    ).toBe(405);
    expect(
      (await callFunction(adminPayments, 'POST', `/api/admin/payments/${billId}`, { token: adminToken })).status,
    ).toBe(405);
  });
});
