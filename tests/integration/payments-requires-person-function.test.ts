import { beforeEach, describe, expect, it } from 'vitest';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import { ManualSettlementAnswerSchema, PaymentPageSchema } from '../../src/shared/payments/admin/schema.ts';
import { auditRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import {
  attentionList,
  oneAccountOwing,
  returnFromWebpay,
  runReconciliation,
  useWebpaySimulator,
} from '../helpers/webpay.ts';

/**
 * A refund is done only when Transbank says so, retries never overflow,
 * and what the reconciliation can no longer settle goes to a person, who records how it was
 * settled. Webpay is the local simulator, with one operation stubbed where a test needs an answer
 * the simulator never gives.
 */

const environment = useAdminEnvironment();
const webpay = useWebpaySimulator();
const db = () => environment.database.db;

let adminToken: string;
beforeEach(async () => {
  await oneAccountOwing(db(), 'audit_log');
  adminToken = (await signedInAdmin(db(), 'Marta Pagos', `marta${Date.now()}@example.com`)).token;
});

/** The customer approves at the simulator; the address Webpay sends the browser back to. */
const approve = async (token: string, { refuseRefunds = false } = {}) =>
  (await webpay.choose(token, 'aprobar', { refuseRefunds })).headers.get('location')!;

const billRow = async (billId: string) =>
  (
    await db().query<{
      status: string;
      refund_attempts: number;
      webpay_error: string | null;
      person_reason: string | null;
      retry_in_minutes: number | null;
    }>(
      `SELECT status, refund_attempts, webpay_error, person_reason,
         round(extract(epoch FROM next_refund_at - now()) / 60)::int AS retry_in_minutes
       FROM bills WHERE id = $1`,
      [billId],
    )
  )[0]!;

/** A payment authorized for another amount than its bill's: it must not stand, and is refunded at the return. */
async function chargeToRefund() {
  const bill = await webpay.newBill();
  const back = await approve(bill.token);
  bill.tx.amount = 100;
  return { ...bill, back };
}

const refundAnswer = (body: unknown, status = 200) => webpay.stub('refund', () => Response.json(body, { status }));

describe('a refund is done only when Transbank says it was', () => {
  it.each([
    ['REVERSED (only its type)', { type: 'REVERSED' }],
    [
      'NULLIFIED with response_code 0',
      { type: 'NULLIFIED', authorization_code: '123456', nullified_amount: 100, balance: 0, response_code: 0 },
    ],
  ])('%s: the bill is refunded', async (_case, answer) => {
    const { billId, back } = await chargeToRefund();
    refundAnswer(answer);
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(await billRow(billId)).toMatchObject({ status: 'refunded', refund_attempts: 0, webpay_error: null });
    const [card] = await db().query('SELECT status FROM tbk_payments WHERE bill_id = $1', [billId]);
    expect(card).toEqual({ status: answer.type });
  });

  it.each([
    [
      'NULLIFIED with response_code -1',
      { type: 'NULLIFIED', nullified_amount: 0, balance: 100, response_code: -1 },
      'reembolso no realizado: NULLIFIED, código de respuesta -1',
    ],
    [
      'NULLIFIED with response_code 312',
      { type: 'NULLIFIED', response_code: 312 },
      'reembolso no realizado: NULLIFIED, código de respuesta 312',
    ],
    [
      'NULLIFIED without response_code',
      { type: 'NULLIFIED', nullified_amount: 100, balance: 0 },
      'reembolso no realizado: NULLIFIED, código de respuesta ausente',
    ],
    [
      'a type Transbank does not document',
      { type: 'PENDING', response_code: 0 },
      'reembolso no realizado: PENDING, código de respuesta 0',
    ],
  ])('%s: the bill stays refund_pending and the refund is retried', async (_case, answer, error) => {
    const { billId, back, tx } = await chargeToRefund();
    refundAnswer(answer);
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(await billRow(billId)).toEqual({
      status: 'refund_pending',
      refund_attempts: 1,
      webpay_error: error,
      person_reason: null,
      retry_in_minutes: 1,
    });
    // The answer is kept for staff, without the card number.
    const [stored] = await db().query<{ webpay_answers: { operation: string; answer: object }[] }>(
      'SELECT webpay_answers FROM bills WHERE id = $1',
      [billId],
    );
    const answers = stored!.webpay_answers;
    expect(answers.map((entry) => entry.operation)).toEqual(['commit', 'refund']);
    expect(answers[1]!.answer).toEqual(answer);
    expect(answers[0]!.answer).not.toHaveProperty('card_detail');

    // Once the retry is due and Webpay refunds, it is done.
    webpay.stub('refund', (_request, simulated) => simulated());
    await db().query('UPDATE bills SET next_refund_at = now() WHERE id = $1', [billId]);
    expect(await runReconciliation()).toEqual({ outcomes: { refunded: 1 }, more: false });
    expect(tx.reversed).toBe(true);
    expect((await billRow(billId)).status).toBe('refunded');
  });

  it('a refund refused by the simulator’s switch stays refund_pending', async () => {
    const { billId, token, tx } = await webpay.newBill();
    const back = await approve(token, { refuseRefunds: true });
    tx.amount = 100;
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(tx.reversed).toBe(false);
    expect(await billRow(billId)).toMatchObject({
      status: 'refund_pending',
      webpay_error: 'reembolso no realizado: NULLIFIED, código de respuesta -1',
    });
  });
});

describe('a status or commit answering AUTHORIZED without response code 0 is never closed unrefunded', () => {
  const withoutCode = async (simulated: () => Promise<Response>, code: number | undefined) => {
    const body = await (await simulated()).json();
    if (code === undefined) delete body.response_code;
    else body.response_code = code;
    return Response.json(body);
  };

  it.each([
    ['without response_code', undefined],
    ['with response_code -1', -1],
  ])('a commit answering AUTHORIZED %s: not recorded, refunded', async (_case, code) => {
    const { billId, token, tx } = await webpay.newBill();
    const back = await approve(token);
    webpay.stub('commit', (_request, simulated) => withoutCode(simulated, code));
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(tx.reversed).toBe(true);
    expect((await billRow(billId)).status).toBe('refunded');
    const [account] = await db().query(`SELECT balance FROM accounts WHERE service_number = '100001'`);
    expect(account).toEqual({ balance: 18990 });
    expect(await db().query('SELECT 1 FROM outbox')).toEqual([]);
  });

  it('a lost commit answer and a status AUTHORIZED without response_code: refunded, not closed as failed', async () => {
    const { billId, token, tx } = await webpay.newBill();
    const back = await approve(token);
    // Webpay commits, the answer never arrives; its status then omits the response code.
    webpay.loseCommitAnswer();
    webpay.stub('status', (_request, simulated) => withoutCode(simulated, undefined));
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(tx.committed).toBe(true);
    expect(tx.reversed).toBe(true);
    expect((await billRow(billId)).status).toBe('refunded');
  });
  it('a status PARTIALLY_NULLIFIED (refunded in part elsewhere): what is still charged, its balance, is refunded', async () => {
    const { billId, token } = await webpay.newBill();
    const back = await approve(token);
    webpay.loseCommitAnswer();
    webpay.stub('status', async (_request, simulated) =>
      Response.json({ ...(await (await simulated()).json()), status: 'PARTIALLY_NULLIFIED', balance: 8990 }),
    );
    const refunded: unknown[] = [];
    webpay.stub('refund', async (request) => {
      refunded.push(await request.json());
      return Response.json({ type: 'NULLIFIED', nullified_amount: 8990, balance: 0, response_code: 0 });
    });
    expect(await returnFromWebpay(back)).toBe('/tbk-reject');
    expect(refunded).toEqual([{ amount: 8990 }]);
    expect((await billRow(billId)).status).toBe('refunded');
    const [card] = await db().query('SELECT status, amount FROM tbk_payments WHERE bill_id = $1', [billId]);
    expect(card).toEqual({ status: 'NULLIFIED', amount: 8990 });
  });
});

describe('refund retries never overflow', () => {
  it.each([38, 40, 1000, 10 ** 6, 2 ** 31 - 1])(
    'after %i failed attempts the next retry is an hour away, by a run and by "Verificar estado en Webpay"',
    async (attempts) => {
      const { billId, back } = await chargeToRefund();
      refundAnswer({ error_message: 'Refund service unavailable' }, 500);
      await returnFromWebpay(back);
      await db().query('UPDATE bills SET refund_attempts = $2, next_refund_at = now() WHERE id = $1', [
        billId,
        attempts,
      ]);
      expect(await runReconciliation()).toEqual({ outcomes: { 'refund-failed': 1 }, more: false });
      const afterRun = await billRow(billId);
      expect(afterRun).toMatchObject({ status: 'refund_pending', retry_in_minutes: 60 });
      expect(afterRun.refund_attempts).toBe(Math.min(attempts + 1, 2 ** 31 - 1));

      const verified = await read(
        await callFunction(adminPayments, 'POST', `/api/admin/payments/${billId}/verify`, { token: adminToken }),
      );
      expect(verified.status).toBe(200);
      expect(verified.body.data.message).toBe('El reembolso falló: se reintentará automáticamente.');
      expect(await billRow(billId)).toMatchObject({ status: 'refund_pending', retry_in_minutes: 60 });
    },
  );

  it('the delay still grows from a minute: 1, 2, 4 … minutes', async () => {
    const { billId, back } = await chargeToRefund();
    refundAnswer({ error_message: 'Refund service unavailable' }, 500);
    await returnFromWebpay(back);
    const delays = [(await billRow(billId)).retry_in_minutes];
    for (let i = 0; i < 3; i++) {
      await db().query('UPDATE bills SET next_refund_at = now() WHERE id = $1', [billId]);
      await runReconciliation();
      delays.push((await billRow(billId)).retry_in_minutes);
    }
    expect(delays).toEqual([1, 2, 4, 8]);
  });
});

describe('what the reconciliation can no longer settle goes to a person', () => {
  /** Webpay answers nothing about the bill: its outcome stays unknown. */
  const webpayUnreachable = () => {
    webpay.stub('commit', () => Response.json({ error_message: 'Service unavailable' }, { status: 503 }));
    webpay.stub('status', () => Response.json({ error_message: 'Service unavailable' }, { status: 503 }));
  };
  /** The bill was created `hours` ago; its last claim ended minutes ago. */
  const ageHours = (billId: string, hours: number) =>
    db().query(
      `UPDATE bills SET status = 'committing', created_at = now() - make_interval(hours => $2),
         claimed_at = now() - interval '3 minutes' WHERE id = $1`,
      [billId, hours],
    );

  it('an outcome unknown within Webpay’s 7-day status window is asked about again', async () => {
    const { billId, token } = await webpay.newBill();
    await approve(token);
    webpayUnreachable();
    await ageHours(billId, 7 * 24 - 1);
    expect(await runReconciliation()).toEqual({ outcomes: { unknown: 1 }, more: false });
    expect(await billRow(billId)).toMatchObject({ status: 'committing', person_reason: null });
  });

  it('an outcome still unknown after 7 days requires a person, listed with what staff need', async () => {
    const { billId, token } = await webpay.newBill();
    await approve(token);
    webpayUnreachable();
    await ageHours(billId, 7 * 24 + 1);
    expect(await runReconciliation()).toEqual({ outcomes: { 'requires-person': 1 }, more: false });
    expect(await billRow(billId)).toMatchObject({ status: 'requires_person', person_reason: 'unknown-outcome' });

    const list = await attentionList(adminToken);
    expect(list.body.data).toMatchObject({ total: 1, attentionTotal: 1 });
    // The admin app reads it through the shared schema.
    expect(PaymentPageSchema.safeParse(list.body.data).error?.issues).toBeUndefined();
    expect(list.body.data.payments[0]).toMatchObject({ status: 'requires_person', needs_attention: true });
    const [person] = list.body.data.requiringPerson;
    expect(person).toMatchObject({
      bill_id: billId,
      service_number: '100001',
      amount: 18990,
      buy_order: expect.stringMatching(/^AP/),
      charged_amount: null,
      webpay_error: 'commit: 503 Service unavailable; status: 503 Service unavailable',
      manual: { reason: 'unknown-outcome', since: expect.any(String), token, settlement: null },
    });
    expect(person.manual.answers).toEqual([
      { at: expect.any(String), operation: 'commit', answer: { error: '503 Service unavailable' } },
      { at: expect.any(String), operation: 'status', answer: { error: '503 Service unavailable' } },
    ]);

    // Final for the reconciliation: no run asks Webpay about it again.
    let asked = 0;
    webpay.stub('commit', () => {
      asked++;
      return new Response('{}', { status: 503 });
    });
    expect(await runReconciliation()).toEqual({ outcomes: {}, more: false });
    const verified = await read(
      await callFunction(adminPayments, 'POST', `/api/admin/payments/${billId}/verify`, { token: adminToken }),
    );
    expect(verified.body.data.message).toBe(
      'Este pago ya no puede resolverse automáticamente: quedó en la lista de pagos que requieren gestión manual.',
    );
    expect(asked).toBe(0);
  });

  it.each([
    [89, 'refund_pending', null, { 'refund-failed': 1 }],
    [91, 'requires_person', 'refund-expired', { 'requires-person': 1 }],
  ])('a refund still refused %i days after the payment: %s', async (days, status, reason, outcomes) => {
    const { billId, back, tx } = await chargeToRefund();
    tx.refundRefused = true;
    await returnFromWebpay(back);
    await db().query(
      `UPDATE tbk_payments SET transaction_date = now() - make_interval(days => $2) WHERE bill_id = $1`,
      [billId, days],
    );
    await db().query('UPDATE bills SET next_refund_at = now() WHERE id = $1', [billId]);
    expect(await runReconciliation()).toEqual({ outcomes, more: false });
    expect(await billRow(billId)).toMatchObject({ status, person_reason: reason });
  });
});

describe('POST /api/admin/payments/{billId}/settle', () => {
  /** A bill whose refund failed past Transbank's window. */
  async function requiringPerson() {
    const { billId, back, tx } = await chargeToRefund();
    tx.refundRefused = true;
    await returnFromWebpay(back);
    await db().query(`UPDATE tbk_payments SET transaction_date = now() - interval '91 days' WHERE bill_id = $1`, [
      billId,
    ]);
    await db().query('UPDATE bills SET next_refund_at = now() WHERE id = $1', [billId]);
    await runReconciliation();
    return billId;
  }
  const settle = (billId: string, body: unknown) =>
    callFunction(adminPayments, 'POST', `/api/admin/payments/${billId}/settle`, { token: adminToken, body });

  it.each([
    [
      'nothing',
      {},
      { settlement: 'Elija cómo se resolvió el pago.', note: 'Escriba una nota que explique la resolución.' },
    ],
    [
      'an unknown settlement and a blank note',
      { settlement: 'otro', note: '   ' },
      { settlement: 'Elija cómo se resolvió el pago.', note: 'Escriba una nota que explique la resolución.' },
    ],
    ['a note too long', { settlement: 'no-charge', note: 'x'.repeat(1001) }, { note: 'Máximo 1000 caracteres.' }],
  ])('refuses %s with Spanish messages and changes nothing', async (_case, body, errors) => {
    const billId = await requiringPerson();
    const { status, body: answer } = await read(await settle(billId, body));
    expect(status).toBe(400);
    expect(answer.errors).toEqual(errors);
    expect((await billRow(billId)).status).toBe('requires_person');
    expect(await auditRows(db())).toEqual([]);
  });

  it('records how it was settled, audited; the bill leaves the list; a second settle is refused', async () => {
    const billId = await requiringPerson();
    const { status, body } = await read(
      await settle(billId, { settlement: 'refunded-by-hand', note: '  Devuelto por transferencia el 20-11.  ' }),
    );
    expect(status).toBe(200);
    expect(ManualSettlementAnswerSchema.safeParse(body.data).error?.issues).toBeUndefined();
    expect(body.data.payment.bill).toMatchObject({ status: 'settled_by_staff', needs_attention: false });
    expect(body.data.payment.manual).toMatchObject({
      reason: 'refund-expired',
      settlement: {
        kind: 'refunded-by-hand',
        note: 'Devuelto por transferencia el 20-11.',
        by: expect.stringMatching(/^marta/),
      },
    });
    const [buyOrder] = await db().query<{ buy_order: string }>('SELECT buy_order FROM bills WHERE id = $1', [billId]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: expect.stringMatching(/^marta/),
        action: 'update',
        entity: 'payment',
        entity_id: billId,
        summary: `Orden ${buyOrder!.buy_order}, servicio 100001: resuelto manualmente (Reembolsado manualmente). Nota: Devuelto por transferencia el 20-11.`,
      },
    ]);
    const list = await read(await callFunction(adminPayments, 'GET', '/api/admin/payments', { token: adminToken }));
    expect(list.body.data).toMatchObject({ attentionTotal: 0, requiringPerson: [] });

    const again = await read(await settle(billId, { settlement: 'no-charge', note: 'Otra vez' }));
    expect(again).toEqual({
      status: 409,
      body: {
        success: false,
        error: 'Este pago ya fue resuelto manualmente.',
        message: 'Este pago ya fue resuelto manualmente.',
      },
    });
    expect(await auditRows(db())).toHaveLength(1);
  });

  it('refuses a bill that does not require a person (409) and an unknown one (404)', async () => {
    const { billId, token } = await webpay.newBill();
    await returnFromWebpay(await approve(token));
    expect(await read(await settle(billId, { settlement: 'payment-confirmed', note: 'Visto en el portal' }))).toEqual({
      status: 409,
      body: {
        success: false,
        error: 'Este pago no requiere una resolución manual.',
        message: 'Este pago no requiere una resolución manual.',
      },
    });
    expect(
      (await settle('00000000-0000-4000-8000-000000000000', { settlement: 'no-charge', note: 'Nada' })).status,
    ).toBe(404);
    expect((await billRow(billId)).status).toBe('paid');
    expect(await auditRows(db())).toEqual([]);
  });

  it('answers 405 to a GET of the settlement', async () => {
    const { billId } = await webpay.newBill();
    expect(
      (await callFunction(adminPayments, 'GET', `/api/admin/payments/${billId}/settle`, { token: adminToken })).status,
    ).toBe(405);
  });
});
