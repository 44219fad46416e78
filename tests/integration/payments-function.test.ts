import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import bills from '../../netlify/functions/payments-bills.ts';
import tbkPayments from '../../netlify/functions/payments-records.ts';
import tbkReturn from '../../netlify/functions/payments-return.ts';
import ticket from '../../netlify/functions/payments-balance.ts';
import { formatAmount, paymentTypeLabel } from '../../src/shared/payments/schema.ts';
import { formatDateTime } from '../../src/shared/time/format.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { postJson, testContext } from '../helpers/functions.ts';
import { useWebpaySimulator } from '../helpers/webpay.ts';

const environment = useLocalEnvironment();
const webpay = useWebpaySimulator();
const db = () => environment.database.db;

beforeEach(async () => {
  await db().query('DELETE FROM tbk_payments');
  await db().query('DELETE FROM bills');
  await db().query('DELETE FROM accounts');
  await db().query(`INSERT INTO accounts (service_number, balance, install_address, expiration_date, doc_url) VALUES
    ('100001', 18990, 'Baquedano 1240, Coyhaique', '2026-12-03', '/documentos/boletas/boleta-ejemplo.pdf'), ('100002', 0, 'Prat 455, Puerto Aysén', NULL, NULL)`);
});

const request = {
  paymentOption: 'webpay-plus',
  serviceNumber: '100001',
  email: 'cliente@example.com',
  billingType: 'boleta',
};

async function newBill(body: unknown = request) {
  const response = await bills(postJson('/api/bills/new', body), testContext().context);
  return { status: response.status, body: await response.json() };
}

/** The browser at the simulator: choose an action, follow the redirect to return_url. */
async function decide(token: string, action: 'aprobar' | 'rechazar' | 'anular') {
  const form = new FormData();
  form.set('token_ws', token);
  form.set('accion', action);
  const redirect = await webpay.simulator.handle(
    new Request(`${webpay.url}/pago/accion`, { method: 'POST', body: form }),
  );
  return new URL(redirect.headers.get('location')!);
}

async function returnTo(url: URL | string, init?: RequestInit) {
  const target = new URL(url);
  const { context, settle } = testContext();
  const response = await tbkReturn(new Request(`http://localhost/api/tbk/return${target.search}`, init), context);
  await settle();
  return response.headers.get('location')!;
}

const billStatus = async (token: string) =>
  (await db().query<{ status: string }>('SELECT status FROM bills WHERE token = $1', [token]))[0]?.status;

describe('POST /api/ticket', () => {
  it('answers the balance, address, expiration date and bill document', async () => {
    const response = await ticket(postJson('/api/ticket', { service_number: '100001' }), testContext().context);
    expect(await response.json()).toEqual({
      success: true,
      message: '',
      data: {
        saldo: 18990,
        install_address: 'Baquedano 1240, Coyhaique',
        expiration_date: '2026-12-03',
        doc_url: '/documentos/boletas/boleta-ejemplo.pdf',
      },
    });
  });

  it('answers success false with a message for an unknown service', async () => {
    const response = await ticket(postJson('/api/ticket', { service_number: '999999' }), testContext().context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: false,
      error: 'El numero de servicio no existe',
      message: 'El numero de servicio no existe',
    });
  });

  it.each([
    ['letters', { service_number: 'abc' }],
    ['nothing', {}],
    ['a number type', { service_number: 100001 }],
  ])('answers 400 to %s', async (_case, body) => {
    expect((await ticket(postJson('/api/ticket', body), testContext().context)).status).toBe(400);
  });
});

describe('POST /api/bills/new', () => {
  it('creates a bill for the whole debt read on the server and a Webpay transaction', async () => {
    const { status, body } = await newBill({ ...request, amount: 1 });
    expect(status).toBe(201);
    expect(body.paymentData).toEqual({
      success: true,
      data: { payment_method: 'webpay-plus', tbk_url: `${webpay.url}/pago`, token: expect.any(String) },
    });
    const [bill] = await db().query<{ amount: number; status: string }>(
      'SELECT amount, status FROM bills WHERE id = $1',
      [body.billId],
    );
    expect(bill).toEqual({ amount: 18990, status: 'pending' });
    expect(webpay.simulator.transactions.get(body.paymentData.data.token)).toMatchObject({
      amount: 18990,
      returnUrl: 'http://localhost/api/tbk/return',
    });
  });

  it('answers 400 "no debt" and 404 "unknown" with the spec messages', async () => {
    expect(await newBill({ ...request, serviceNumber: '100002' })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'El número de servicio indicado no presenta deuda' }),
    });
    expect(await newBill({ ...request, serviceNumber: '555' })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'El numero de servicio no existe' }),
    });
  });

  it.each([
    ['no method', { ...request, paymentOption: undefined }, { paymentOption: 'Debe seleccionar un medio de pago' }],
    ['no service number', { ...request, serviceNumber: '' }, { serviceNumber: 'Debe ingresar un Número de Servicio' }],
    [
      'a factura without company data',
      { ...request, billingType: 'factura' },
      expect.objectContaining({ company: 'Ingrese la razón social.' }),
    ],
    ['an invalid e-mail', { ...request, email: 'x@' }, { email: 'Por favor ingrese un correo electrónico válido.' }],
    [
      'a service number with its check digit',
      { ...request, serviceNumber: '100001-5' },
      { serviceNumber: expect.any(String) },
    ],
  ])('answers 422 to %s, creating nothing', async (_case, body, errors) => {
    const { status, body: answer } = await newBill(body);
    expect(status).toBe(422);
    expect(answer.errors).toEqual(errors);
    expect(await db().query('SELECT 1 FROM bills')).toEqual([]);
  });

  it('answers paymentData.success false with a message when Webpay cannot start', async () => {
    process.env.WEBPAY_BASE_URL = 'http://127.0.0.1:9';
    try {
      const { status, body } = await newBill();
      expect(status).toBe(201);
      expect(body.paymentData).toEqual({
        success: false,
        data: {
          payment_method: 'webpay-plus',
          errorMessage: 'No fue posible iniciar el pago con Webpay. Por favor intente más tarde.',
        },
      });
    } finally {
      process.env.WEBPAY_BASE_URL = webpay.url;
    }
  });
});

describe('the return from Webpay', () => {
  it('approved: commits once, records the card payment (last digits), pays the debt, mails the receipt', async () => {
    const { body } = await newBill();
    const token = body.paymentData.data.token;
    const location = await returnTo(await decide(token, 'aprobar'));
    const [, , tbkPaymentId, billId] = location.split('/');
    expect(location).toBe(`/tbk-final/${tbkPaymentId}/${body.billId}`);
    expect(billId).toBe(body.billId);

    const payment = await (
      await tbkPayments(
        new Request(`http://localhost/api/tbk-payments/${tbkPaymentId}`),
        testContext({ tbkPaymentId: tbkPaymentId! }).context,
      )
    ).json();
    expect(payment.tbkPayment).toMatchObject({
      status: 'AUTHORIZED',
      amount: 18990,
      payment_type_code: 'VD',
      authorization_code: '1213',
      card_number: '6623',
      installments_number: 0,
    });
    const bill = await (
      await bills(new Request(`http://localhost/api/bills/${body.billId}`), testContext().context)
    ).json();
    // Spec §3 and §7: data.bill carries the bill's price, the amount charged in pesos.
    expect(bill).toEqual({
      success: true,
      bill: { id: body.billId, service_number: '100001', price: 18990, status: 'paid', paid_at: expect.any(String) },
    });
    expect(
      (await db().query<{ balance: number }>(`SELECT balance FROM accounts WHERE service_number = '100001'`))[0]!
        .balance,
    ).toBe(0);

    const [file] = (await readdir(environment.outboxDir)).filter(
      (name) => name.endsWith('.eml') && name.startsWith(webpay.simulator.transactions.get(token)!.buyOrder),
    );
    const eml = await readFile(path.join(environment.outboxDir, file!), 'utf8');
    expect(eml).toContain('To: cliente@example.com');
    expect(eml).toMatch(/\$18\.990/);

    // The debt is paid: a second payment of the same service answers 400 no debt.
    expect((await newBill()).status).toBe(400);
  });

  it('pays without an e-mail (spec §5 asks only method and service number): recorded, no receipt mailed', async () => {
    const { status, body } = await newBill({ paymentOption: 'webpay-plus', serviceNumber: '100001' });
    expect(status).toBe(201);
    const location = await returnTo(await decide(body.paymentData.data.token, 'aprobar'));
    expect(location).toMatch(`/tbk-final/`);
    const [row] = await db().query<{ status: string; email: string }>('SELECT status, email FROM bills WHERE id = $1', [
      body.billId,
    ]);
    expect(row).toEqual({ status: 'paid', email: '' });
    const buyOrder = webpay.simulator.transactions.get(body.paymentData.data.token)!.buyOrder;
    expect(await db().query('SELECT 1 FROM outbox WHERE reference = $1', [buyOrder])).toEqual([]);
  });

  it('a repeated return with the same token commits once and shows the same result', async () => {
    const { body } = await newBill();
    const back = await decide(body.paymentData.data.token, 'aprobar');
    const first = await returnTo(back);
    const second = await returnTo(back);
    expect(second).toBe(first);
    expect(await db().query('SELECT 1 FROM tbk_payments')).toHaveLength(1);
  });

  it('concurrent returns with the same token commit once and agree', async () => {
    const { body } = await newBill();
    const back = await decide(body.paymentData.data.token, 'aprobar');
    const screens = await Promise.all([returnTo(back), returnTo(back), returnTo(back)]);
    expect(new Set(screens).size).toBe(1);
    expect(screens[0]).toMatch(/^\/tbk-final\//);
    expect(await db().query('SELECT 1 FROM tbk_payments')).toHaveLength(1);
  });

  it('rejected by the bank: /tbk-reject, the debt stays', async () => {
    const { body } = await newBill();
    expect(await returnTo(await decide(body.paymentData.data.token, 'rechazar'))).toBe('/tbk-reject');
    expect(await billStatus(body.paymentData.data.token)).toBe('rejected');
    expect(
      (await db().query<{ balance: number }>(`SELECT balance FROM accounts WHERE service_number = '100001'`))[0]!
        .balance,
    ).toBe(18990);
  });

  it('cancelled in Webpay (TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION): /tbk-null, no commit', async () => {
    const { body } = await newBill();
    const token = body.paymentData.data.token;
    expect(await returnTo(await decide(token, 'anular'))).toBe('/tbk-null');
    expect(await billStatus(token)).toBe('cancelled');
    expect(webpay.simulator.transactions.get(token)!.committed).toBe(false);
  });

  it('timed out (TBK_ORDEN_COMPRA and TBK_ID_SESION alone, by POST): /tbk-null', async () => {
    const { body } = await newBill();
    const tx = webpay.simulator.transactions.get(body.paymentData.data.token)!;
    const location = await returnTo('http://localhost/', {
      method: 'POST',
      body: new URLSearchParams({ TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId }),
    });
    expect(location).toBe('/tbk-null');
    expect(await billStatus(tx.token)).toBe('cancelled');
  });

  it('an error in the payment form (token_ws with TBK_TOKEN): /tbk-reject, no commit', async () => {
    const { body } = await newBill();
    const token = body.paymentData.data.token;
    expect(await returnTo(`http://localhost/?token_ws=${token}&TBK_TOKEN=${token}`)).toBe('/tbk-reject');
    expect(webpay.simulator.transactions.get(token)!.committed).toBe(false);
  });

  it('a tampered amount is refused and refunded; nothing is recorded as paid', async () => {
    const { body } = await newBill();
    const token = body.paymentData.data.token;
    const back = await decide(token, 'aprobar');
    webpay.simulator.transactions.get(token)!.amount = 100;
    expect(await returnTo(back)).toBe('/tbk-reject');
    expect(await billStatus(token)).toBe('refunded');
    expect(webpay.simulator.transactions.get(token)!.reversed).toBe(true);
    expect(await db().query('SELECT status, amount FROM tbk_payments WHERE bill_id = $1', [body.billId])).toEqual([
      { status: 'REVERSED', amount: 100 },
    ]);
    expect(
      (await db().query<{ balance: number }>(`SELECT balance FROM accounts WHERE service_number = '100001'`))[0]!
        .balance,
    ).toBe(18990);
  });

  it('a return past the confirmation window is not paid (Webpay aborted it)', async () => {
    const { body } = await newBill();
    const token = body.paymentData.data.token;
    const back = await decide(token, 'aprobar');
    webpay.simulator.transactions.get(token)!.decidedAt! -= 6 * 60 * 1000;
    expect(await returnTo(back)).toBe('/tbk-reject');
    expect(await billStatus(token)).toBe('failed');
  });

  it('a second bill for a debt paid meanwhile is not charged', async () => {
    const first = await newBill();
    const second = await newBill();
    await returnTo(await decide(first.body.paymentData.data.token, 'aprobar'));
    const token = second.body.paymentData.data.token;
    expect(await returnTo(await decide(token, 'aprobar'))).toBe('/tbk-null');
    expect(webpay.simulator.transactions.get(token)!.committed).toBe(false);
  });

  it.each([
    ['no parameters', ''],
    ['an unknown token', '?token_ws=desconocido'],
  ])('with %s goes to /tbk-reject', async (_case, query) => {
    expect(await returnTo(`http://localhost/${query}`)).toBe('/tbk-reject');
  });
});

describe('what the receipt shows (spec §9)', () => {
  it.each([
    ['VN', 'Crédito'],
    ['VD', 'Débito'],
    ['VC', 'Crédito en cuotas'],
    ['SI', 'Crédito 3 cuotas sin interés'],
    ['S2', 'Crédito 2 cuotas sin interés'],
    ['NC', 'Crédito cuotas sin interés'],
    ['VP', 'Prepago'],
    ['XX', 'Crédito'],
    [null, 'Crédito'],
  ])('payment type %s is %s', (code, label) => expect(paymentTypeLabel(code)).toBe(label));
  it('amounts with a dot separator and $, dates as DD-MM-YYYY HH:mm:ss in Chile', () => {
    expect(formatAmount(1234567)).toBe('$1.234.567');
    expect(formatDateTime('2026-01-15T13:05:09Z')).toBe('15-01-2026 10:05:09');
  });
  it('unguessable ids: a non-uuid or unknown id is not found', async () => {
    expect(
      (
        await tbkPayments(
          new Request('http://localhost/api/tbk-payments/1'),
          testContext({ tbkPaymentId: '1' }).context,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await bills(
          new Request('http://localhost/api/bills/00000000-0000-4000-8000-000000000000'),
          testContext().context,
        )
      ).status,
    ).toBe(404);
  });
});
