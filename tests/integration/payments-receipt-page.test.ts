import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import receiptPage, { config as receiptPageConfig } from '../../netlify/functions/payments-receipt-page.ts';
import { pageHeaders } from '../../scripts/lib/page-headers.ts';
import { filledPageAnswer } from '../../src/filled-pages/filled-page.ts';
import { receiptPage as receiptPageFiller } from '../../src/filled-pages/payments-receipt.ts';
import PaymentReceipt from '../../src/components/payments/PaymentReceipt.tsx';
import { inlineCodeOf } from '../../src/integrations/inline-code-csp.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * /tbk-final/{tbkPaymentId}/{billId}: the receipt in the page's HTML, or, for ids that are
 * no paid bill's card payment, the page as built, which says the receipt could not be loaded.
 */

const environment = useLocalEnvironment();
const db = () => environment.database.db;

const FAILURE = [
  'No pudimos cargar el comprobante de este pago.',
  'Si el pago se realizó, recibirá el comprobante en su correo.',
];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let folder: string;
let files: { page: string };

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tbk-final-'));
  files = { page: path.join(folder, 'tbk-final.html') };
  // As Astro builds src/pages/tbk-final.astro: the component without a receipt between the markers.
  await writeFile(
    files.page,
    '<!DOCTYPE html><html lang="es"><head><title>Pago realizado</title></head><body><main><h1>Pago realizado</h1>' +
      `<!--tbk-final:comprobante-->${renderToStaticMarkup(createElement(PaymentReceipt))}<!--/tbk-final:comprobante-->` +
      '<p class="no-print"><a href="/">Volver al inicio</a></p></main></body></html>',
  );
});

afterAll(() => rm(folder, { recursive: true, force: true }));

beforeEach(async () => {
  await db().query('DELETE FROM tbk_payments');
  await db().query('DELETE FROM bills');
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 0, 'Baquedano 1240, Coyhaique') ON CONFLICT (service_number) DO NOTHING`,
  );
});

let order = 0;
/** A bill of service 100001 in `status` with its card record, as Webpay's return leaves a paid one. */
async function billWithPayment(status: string, card: { paymentType?: string; installments?: number } = {}) {
  order += 1;
  const [row] = await db().query<{ tbkPaymentId: string; billId: string }>(
    `WITH bill AS (
       INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, status, paid_at)
       VALUES ('100001', 18990, '', 'boleta', 'webpay-plus', $1, $1, $2, CASE WHEN $2 = 'paid' THEN now() END)
       RETURNING id
     )
     INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code,
                               transaction_date, card_number, installments_number)
     SELECT id, 'AUTHORIZED', 0, 18990, $1, $3, '1213', '2026-11-26T15:04:05Z', '6623', $4 FROM bill
     RETURNING id::text AS "tbkPaymentId", bill_id::text AS "billId"`,
    [`ORD-RECIBO-${order}`, status, card.paymentType ?? 'VD', card.installments ?? 0],
  );
  return row!;
}

const get = (pathname: string, method = 'GET') => new Request(`http://localhost${pathname}`, { method });
/** The page function's answer, with a built page of the test's own (its 404 too, as the function's). */
const answer = (pathname: string, method = 'GET') =>
  filledPageAnswer(
    [{ ...receiptPageFiller, file: files.page, notFound: files.page }],
    get(pathname, method),
    db(),
    new Date(),
  );

/** The receipt's rows as a reader meets them: each term and its value. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(([, term, value]) => `${term}: ${value}`);

describe('/tbk-final/{tbkPaymentId}/{billId} (the page function)', () => {
  it("has a paid bill's receipt in its HTML, word for word, with no failure", async () => {
    const { tbkPaymentId, billId } = await billWithPayment('paid');
    const response = await answer(`/tbk-final/${tbkPaymentId}/${billId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<p class="receipt__paid">Tu cuenta está pagada</p>');
    // Spec §9: dot thousands and a $ sign; DD-MM-YYYY HH:mm:ss on Aysén's clock; the card's last digits only.
    expect(rowsOf(html)).toEqual([
      'Número de servicio: 100001',
      'Monto: $18.990',
      'Tipo de pago: Débito',
      'Código de autorización: 1213',
      'Fecha: 26-11-2026 12:04:05',
      'Tarjeta: **** **** **** 6623',
    ]);
    expect(html).toContain('Imprimir comprobante</button>');
    for (const text of FAILURE) expect(html).not.toContain(text);
    expect(html).not.toContain('tbk-final:comprobante');
  });

  it('shows the instalments when there are any (spec §9)', async () => {
    const { tbkPaymentId, billId } = await billWithPayment('paid', { paymentType: 'SI', installments: 3 });
    const rows = rowsOf(await (await answer(`/tbk-final/${tbkPaymentId}/${billId}`)).text());
    expect(rows).toContain('Tipo de pago: Crédito 3 cuotas sin interés');
    expect(rows.at(-1)).toBe('Cuotas: 3');
  });

  it.each([
    ['an unknown payment and bill', async () => `/tbk-final/${UNKNOWN}/${UNKNOWN}`],
    [
      'a payment with another bill’s id',
      async () => {
        const [mine, other] = [await billWithPayment('paid'), await billWithPayment('paid')];
        return `/tbk-final/${mine.tbkPaymentId}/${other.billId}`;
      },
    ],
    [
      'the ids swapped',
      async () => {
        const { tbkPaymentId, billId } = await billWithPayment('paid');
        return `/tbk-final/${billId}/${tbkPaymentId}`;
      },
    ],
  ])('answers %s with a 404 and the Spanish page that says so', async (_case, pathOf) => {
    const response = await answer(await pathOf());
    expect(response.status).toBe(404);
    const html = await response.text();
    for (const text of FAILURE) expect(html).toContain(text);
    expect(html).toContain('<h1>Pago realizado</h1>');
    expect(html).not.toContain('Tu cuenta está pagada');
  });

  it.each(['refunded', 'refund_pending', 'committing'])(
    'shows no receipt for a bill not paid (%s), though it has a card record',
    async (status) => {
      const { tbkPaymentId, billId } = await billWithPayment(status);
      const response = await answer(`/tbk-final/${tbkPaymentId}/${billId}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).not.toContain('Tu cuenta está pagada');
      for (const text of FAILURE) expect(html).toContain(text);
    },
  );

  it.each([
    '/tbk-final/',
    '/tbk-final/abc',
    '/tbk-final/abc/def',
    `/tbk-final/${UNKNOWN}`,
    `/tbk-final/${UNKNOWN}/x/${UNKNOWN}`,
    "/tbk-final/1'%20OR%201=1/2",
  ])('answers a malformed path, %s, with the same page and a 404, never a 500', async (pathname) => {
    const response = await answer(pathname);
    expect(response.status).toBe(404);
    const html = await response.text();
    for (const text of FAILURE) expect(html).toContain(text);
    // Through the function's error handling too (a HEAD reads no built page).
    expect((await receiptPage(get(pathname, 'HEAD'), testContext().context)).status).toBe(404);
  });

  it("answers with netlify.toml's page headers, kept by no browser or CDN, and no inline code its CSP would block", async () => {
    const { tbkPaymentId, billId } = await billWithPayment('paid');
    for (const pathname of [`/tbk-final/${tbkPaymentId}/${billId}`, `/tbk-final/${UNKNOWN}/${UNKNOWN}`]) {
      const response = await answer(pathname);
      expect(Object.fromEntries(response.headers)).toMatchObject(
        Object.fromEntries(
          Object.entries(await pageHeaders(path.resolve(import.meta.dirname, '../..'))).map(([k, v]) => [
            k.toLowerCase(),
            v,
          ]),
        ),
      );
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(inlineCodeOf(await response.text())).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
    }
  });

  it('answers HEAD with the status and headers only, and other methods 405', async () => {
    const { tbkPaymentId, billId } = await billWithPayment('paid');
    const head = await receiptPage(get(`/tbk-final/${tbkPaymentId}/${billId}`, 'HEAD'), testContext().context);
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
    expect((await receiptPage(get(`/tbk-final/${UNKNOWN}/${UNKNOWN}`, 'HEAD'), testContext().context)).status).toBe(
      404,
    );
    const post = await receiptPage(get(`/tbk-final/${tbkPaymentId}/${billId}`, 'POST'), testContext().context);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(receiptPageConfig).toEqual({ path: '/tbk-final/*' });
  });

  it('refuses a built page without its markers', () => {
    expect(() =>
      receiptPageFiller.fill('<main></main>', {
        service_number: '100001',
        price: 1,
        amount: 1,
        payment_type_code: 'VD',
        authorization_code: '1',
        transaction_date: null,
        card_number: '1',
        installments_number: 0,
      }),
    ).toThrow('<!--tbk-final:comprobante-->');
  });
});
