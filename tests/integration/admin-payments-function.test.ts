import { beforeAll, describe, expect, it } from 'vitest';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import { paymentsForExport } from '../../src/server/payments/admin-list.ts';
import {
  PaymentDetailSchema,
  PaymentFiltersSchema,
  PaymentPageSchema,
} from '../../src/shared/payments/admin/schema.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { invalidForm } from '../helpers/functions.ts';

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let token: string;

/** Bills by the Chilean time they were created (March 2026 is UTC-3 in Chile). */
const bills = [
  {
    id: 'b0000000-0000-4000-8000-000000000001',
    created: '2026-02-28T23:30:00-03:00',
    service: '100001',
    status: 'paid',
    email: 'ana;pérez@example.com',
  },
  {
    id: 'b0000000-0000-4000-8000-000000000002',
    created: '2026-03-01T00:00:00-03:00',
    service: '100001',
    status: 'rejected',
    email: '=HYPERLINK("http://malo.example.com")@example.com',
  },
  {
    id: 'b0000000-0000-4000-8000-000000000003',
    created: '2026-03-01T23:59:59-03:00',
    service: '100002',
    status: 'pending',
    email: 'luis@example.com',
  },
  {
    id: 'b0000000-0000-4000-8000-000000000004',
    created: '2026-03-02T00:00:00-03:00',
    service: '1000011',
    status: 'paid',
    email: 'rosa@example.com',
  },
];

beforeAll(async () => {
  token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com')).token;
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 0, 'Baquedano 1240'), ('100002', 0, 'Prat 455'), ('1000011', 0, 'Moraleda 10')`,
  );
  const insertBill = (
    id: string,
    created: string,
    service: string,
    status: string,
    email: string,
    method = 'webpay-plus',
  ) =>
    db().query(
      `INSERT INTO bills (id, created_at, service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, token)
       VALUES ($1::uuid, $2, $3, 18990, $4, 'boleta', $5, $6, 'AP' || substr(md5($1::text), 1, 20), 'S' || substr(md5($1::text), 1, 20), 'T' || $1::text)`,
      [id, created, service, email, method, status],
    );
  for (const bill of bills) await insertBill(bill.id, bill.created, bill.service, bill.status, bill.email);
  await insertBill(
    'c0000000-0000-4000-8000-000000000001',
    '2026-03-01T12:00:00-03:00',
    '100001',
    'paid',
    'otro@example.com',
    'servipag',
  );
  // 25 more, in January, for the pages.
  for (let i = 1; i <= 25; i++)
    await insertBill(
      `a0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      `2026-01-${String(i).padStart(2, '0')}T10:00:00-03:00`,
      '100002',
      'cancelled',
      'pagina@example.com',
    );
  await db().query(
    `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code, transaction_date, card_number, installments_number) VALUES
     ($1, 'AUTHORIZED', 0, 18990, 'AP1', 'VC', '1213', '2026-03-01T02:31:00Z', '6623', 3), ($2, 'FAILED', -1, 18990, 'AP2', 'VN', NULL, '2026-03-01T03:01:00Z', NULL, 0)`,
    [bills[0]!.id, bills[1]!.id],
  );
});

const get = (path: string) => callFunction(adminPayments, 'GET', path, { token });
const list = async (query = '') => read(await get(`/api/admin/payments${query}`));
const ids = (payments: { bill_id: string }[]) => payments.map((payment) => payment.bill_id.slice(-1));

describe('GET /api/admin/payments', () => {
  it('answers the first page of Webpay bills, newest first, with the total and their card records', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(PaymentPageSchema.parse(body.data)).toEqual(body.data);
    expect(body.data).toMatchObject({ total: 29, attentionTotal: 1, page: 1, pageSize: 20 });
    expect(ids(body.data.payments.slice(0, 4))).toEqual(['4', '3', '2', '1']);
    expect(body.data.payments[3]).toEqual({
      bill_id: bills[0]!.id,
      created_at: '2026-03-01T02:30:00Z',
      service_number: '100001',
      amount: 18990,
      status: 'paid',
      email: 'ana;pérez@example.com',
      authorization_code: '1213',
      card_number: '6623',
      payment_type_code: 'VC',
      installments_number: 3,
      transaction_date: '2026-03-01T02:31:00Z',
      needs_attention: false,
    });
    // Pending long after it was sent to Webpay: the customer never came back.
    expect(body.data.payments[1]).toMatchObject({
      status: 'pending',
      needs_attention: true,
      authorization_code: null,
      card_number: null,
      installments_number: null,
      transaction_date: null,
    });
  });

  it("reads a day on Aysén's clock in July: 00:30 on 15 July is the 15th (on America/Santiago's, the 14th)", async () => {
    const id = 'd0000000-0000-4000-8000-000000000009';
    await db().query(
      `INSERT INTO bills (id, created_at, service_number, amount, email, billing_type, payment_method, status, buy_order, session_id)
       VALUES ($1, '2027-07-15T03:30:00Z', '100001', 18990, 'julio@example.com', 'boleta', 'webpay-plus', 'cancelled', 'APJULIO', 'SJULIO')`,
      [id],
    );
    try {
      expect(ids((await list('?from=2027-07-15&to=2027-07-15')).body.data.payments)).toEqual(['9']);
      expect((await list('?from=2027-07-14&to=2027-07-14')).body.data.payments).toEqual([]);
    } finally {
      await db().query('DELETE FROM bills WHERE id = $1', [id]);
    }
  });

  it('answers the later pages', async () => {
    const { body } = await list('?page=2');
    expect(body.data).toMatchObject({ total: 29, page: 2 });
    expect(body.data.payments).toHaveLength(9);
    expect(body.data.payments.at(-1).created_at).toBe('2026-01-01T13:00:00Z');
  });

  it.each([
    ['from a day, in Chile', '?from=2026-03-01', ['4', '3', '2']],
    ['to a day, included, in Chile', '?from=2026-02-28&to=2026-03-01', ['3', '2', '1']],
    ['one day', '?from=2026-03-01&to=2026-03-01', ['3', '2']],
    ['a status', '?status=paid', ['4', '1']],
    ['an exact service number', '?serviceNumber=100001', ['2', '1']],
    ['every filter at once', '?from=2026-02-01&to=2026-03-31&status=rejected&serviceNumber=100001', ['2']],
    ['needing attention', '?attention=si', ['3']],
  ])('filters by %s', async (_case, query, expected) => {
    const { body } = await list(query);
    expect(ids(body.data.payments)).toEqual(expected);
    expect(body.data.total).toBe(expected.length);
  });

  it.each([
    ['an impossible date', '?from=2026-02-30', { from: 'Ingrese una fecha válida.' }],
    [
      'an end before the start',
      '?from=2026-03-02&to=2026-03-01',
      { to: 'La fecha final debe ser posterior a la inicial.' },
    ],
    ['an unknown status', '?status=robado', { status: 'Estado no válido.' }],
    ['a service number with letters', '?serviceNumber=10a', { serviceNumber: 'Ingrese solo dígitos.' }],
    ['page 0', '?page=0', { page: 'Página no válida.' }],
    ['an unknown attention value', '?attention=x', { attention: 'Valor no válido.' }],
  ])('answers 400 to %s', async (_case, query, errors) => {
    expect(await list(query)).toEqual(invalidForm(errors));
  });
});

describe('GET /api/admin/payments/{billId}', () => {
  it('answers the bill and its card record', async () => {
    const { status, body } = await read(await get(`/api/admin/payments/${bills[0]!.id}`));
    expect(status).toBe(200);
    expect(PaymentDetailSchema.parse(body.data)).toEqual(body.data);
    expect(body.data.bill).toMatchObject({
      id: bills[0]!.id,
      service_number: '100001',
      amount: 18990,
      status: 'paid',
      billing_type: 'boleta',
      payment_method: 'webpay-plus',
      created_at: '2026-03-01T02:30:00Z',
      paid_at: null,
    });
    expect(body.data.bill).not.toHaveProperty('token');
    expect(body.data.tbkPayment).toMatchObject({
      bill_id: bills[0]!.id,
      status: 'AUTHORIZED',
      response_code: 0,
      authorization_code: '1213',
      card_number: '6623',
      installments_number: 3,
      transaction_date: '2026-03-01T02:31:00Z',
    });
  });

  it('answers tbkPayment null for a bill Webpay has not answered', async () => {
    expect((await read(await get(`/api/admin/payments/${bills[2]!.id}`))).body.data.tbkPayment).toBeNull();
  });

  it.each([
    ['an unknown bill', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a uuid', '12345'],
    ['a bill paid by another method', 'c0000000-0000-4000-8000-000000000001'],
  ])('answers 404 to %s', async (_case, id) => {
    expect(await read(await get(`/api/admin/payments/${id}`))).toEqual({
      status: 404,
      body: { success: false, error: 'Pago no encontrado.', message: 'Pago no encontrado.' },
    });
  });
});

describe('GET /api/admin/payments/export', () => {
  const exported = async (query: string) => {
    const response = await get(`/api/admin/payments/export${query}`);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  it('answers a CSV attachment with a BOM, Spanish headers and labels, quoting and neutralising cells', async () => {
    const { response, bytes } = await exported('?from=2026-02-01');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pagos-webpay-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3)).split('\r\n')).toEqual([
      'Fecha;Número de servicio;Monto;Estado;Código de autorización;Tarjeta;Tipo de pago;Cuotas;Fecha de transacción;Correo',
      '02-03-2026 00:00:00;1000011;18990;Pagado;;;;;;rosa@example.com',
      '01-03-2026 23:59:59;100002;18990;Pendiente;;;;;;luis@example.com',
      `01-03-2026 00:00:00;100001;18990;Rechazado;;;Crédito;0;01-03-2026 00:01:00;"'=HYPERLINK(""http://malo.example.com"")@example.com"`,
      '28-02-2026 23:30:00;100001;18990;Pagado;1213;6623;Crédito en cuotas;3;28-02-2026 23:31:00;"ana;pérez@example.com"',
      '',
    ]);
  });

  it('exports every matching row, past one page', async () => {
    const { bytes } = await exported('?status=cancelled');
    expect(new TextDecoder().decode(bytes).trimEnd().split('\r\n')).toHaveLength(26);
  });

  it('answers 400 to bad filters', async () => {
    expect((await read(await get('/api/admin/payments/export?to=ayer'))).body.errors).toEqual({
      to: 'Ingrese una fecha válida.',
    });
  });

  it('reads the rows in batches without repeating or skipping one, up to its limit', async () => {
    const filters = PaymentFiltersSchema.parse({});
    const all = await Array.fromAsync(paymentsForExport(db(), filters, { limit: 1_000, batchSize: 3 }));
    expect(all.map((row) => row.bill_id)).toEqual(
      (await list('?page=1')).body.data.payments
        .concat((await list('?page=2')).body.data.payments)
        .map((row: { bill_id: string }) => row.bill_id),
    );
    expect(await Array.fromAsync(paymentsForExport(db(), filters, { limit: 7, batchSize: 3 }))).toHaveLength(7);
  });
});
