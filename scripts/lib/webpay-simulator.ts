import { randomBytes } from 'node:crypto';
import { formatAmount } from '../../src/shared/payments/schema.ts';
import { WEBPAY_PATH } from '../../src/server/payments/webpay-client.ts';

/**
 * Local mode only, never deployed: a Webpay Plus simulator speaking the REST API v1.2 contract
 * (create, commit, status, refund) with Webpay's JSON shapes, and the payment page the browser
 * is sent to, whose "Aprobar", "Rechazar" and "Anular" return to the site as Webpay does, and
 * whose "Aprobar sin volver al comercio" approves and leaves the browser on the voucher, as a
 * customer who closes the tab or loses signal there. As at Webpay, nothing is charged until the
 * commerce commits: until then `status` answers INITIALIZED; a commit past the confirmation
 * window answers 422 "Transaction has an invalid finished state: aborted", and a second commit of
 * a committed token 422 while `status` answers AUTHORIZED. The payment form expires after 5
 * minutes, as Webpay's.
 *
 * A refund is a reversal (`{ type: 'REVERSED' }`), unless the transaction refuses refunds: the
 * payment page's "Rechazar los reembolsos de esta transacción" (or `refundRefused` set by a test)
 * makes each refund answer what Transbank answers a refund it did not do, NULLIFIED with a
 * non-zero `response_code`, so the local stack shows a refused refund.
 */

const FORM_LIFETIME_MS = 5 * 60 * 1000;
/** The confirmation window, from the customer's decision (WEBPAY_SIMULATOR_CONFIRM_SECONDS). */
export const DEFAULT_CONFIRM_WINDOW_MS = 5 * 60 * 1000;

export interface SimulatedTransaction {
  token: string;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  createdAt: number;
  decision?: 'approved' | 'rejected';
  /** When the customer decided: the confirmation window starts then. */
  decidedAt?: number;
  committed: boolean;
  reversed: boolean;
  /** Every refund of this transaction is refused (NULLIFIED, response_code -1). */
  refundRefused?: boolean;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function createWebpaySimulator(
  basePath = '/webpay-simulator',
  { confirmWindowMs = DEFAULT_CONFIRM_WINDOW_MS } = {},
) {
  const transactions = new Map<string, SimulatedTransaction>();
  const formExpired = (tx: SimulatedTransaction) => Date.now() - tx.createdAt > FORM_LIFETIME_MS;
  const aborted = (tx: SimulatedTransaction) =>
    !tx.committed && (tx.decidedAt === undefined ? formExpired(tx) : Date.now() - tx.decidedAt > confirmWindowMs);

  function result(tx: SimulatedTransaction) {
    const approved = tx.decision === 'approved';
    return {
      vci: approved ? 'TSY' : 'TSN',
      amount: tx.amount,
      status: tx.reversed ? 'REVERSED' : !tx.committed ? 'INITIALIZED' : approved ? 'AUTHORIZED' : 'FAILED',
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      card_detail: { card_number: '6623' },
      accounting_date: new Date(tx.createdAt).toISOString().slice(5, 10).replace('-', ''),
      transaction_date: new Date(tx.createdAt).toISOString(),
      authorization_code: approved ? '1213' : '000000',
      payment_type_code: 'VD',
      response_code: approved ? 0 : -1,
      installments_number: 0,
    };
  }

  const page = (title: string, body: string) =>
    new Response(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
      {
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      },
    );

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length);

    if (path.startsWith(WEBPAY_PATH)) {
      if (!request.headers.get('tbk-api-key-id') || !request.headers.get('tbk-api-key-secret'))
        return json({ error_message: 'Not Authorized' }, 401);
      const [token, action] = path.slice(WEBPAY_PATH.length).split('/').filter(Boolean);
      if (!token && request.method === 'POST') {
        const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
        const { buy_order, session_id, amount, return_url } = body;
        if (
          typeof buy_order !== 'string' ||
          buy_order.length > 26 ||
          typeof session_id !== 'string' ||
          session_id.length > 61 ||
          typeof return_url !== 'string' ||
          return_url.length > 255 ||
          typeof amount !== 'number' ||
          amount <= 0
        ) {
          return json({ error_message: 'Invalid request' }, 422);
        }
        const created: SimulatedTransaction = {
          token: randomBytes(32).toString('hex'),
          buyOrder: buy_order,
          sessionId: session_id,
          amount,
          returnUrl: return_url,
          createdAt: Date.now(),
          committed: false,
          reversed: false,
        };
        transactions.set(created.token, created);
        return json({ token: created.token, url: `${url.origin}${basePath}/pago` });
      }
      const tx = token ? transactions.get(decodeURIComponent(token)) : undefined;
      if (!tx) return json({ error_message: 'Transaction not found' }, 404);
      if (request.method === 'PUT' && !action) {
        if (aborted(tx)) return json({ error_message: 'Transaction has an invalid finished state: aborted' }, 422);
        if (tx.committed)
          return json(
            {
              error_message:
                'Invalid status 2 for transaction while authorizing. Commerce have to verify the status of the transaction',
            },
            422,
          );
        if (!tx.decision) return json({ error_message: 'Invalid status 0 for transaction while authorizing' }, 422);
        tx.committed = true;
        return json(result(tx));
      }
      if (request.method === 'GET' && !action) return json(result(tx));
      if (request.method === 'POST' && action === 'refunds') {
        if (!tx.committed || tx.decision !== 'approved' || tx.reversed)
          return json({ error_message: 'Invalid status for transaction while refunding' }, 422);
        if (tx.refundRefused)
          return json({
            type: 'NULLIFIED',
            authorization_code: '000000',
            authorization_date: new Date().toISOString(),
            nullified_amount: 0,
            balance: tx.amount,
            response_code: -1,
          });
        tx.reversed = true;
        return json({ type: 'REVERSED' });
      }
      return json({ error_message: 'Method not allowed' }, 405);
    }

    if (path === '/pago') {
      const form = await request.formData().catch(() => undefined);
      const tx = transactions.get(String(form?.get('token_ws') ?? url.searchParams.get('token_ws') ?? ''));
      if (!tx) return page('Transacción no encontrada', '<p>El token no existe.</p>');
      if (formExpired(tx)) {
        const back = new URL(tx.returnUrl);
        back.searchParams.set('TBK_ORDEN_COMPRA', tx.buyOrder);
        back.searchParams.set('TBK_ID_SESION', tx.sessionId);
        return Response.redirect(back, 303);
      }
      return page(
        'Webpay (simulador)',
        `<p>Simulador local de Webpay Plus. Nunca se cobra nada.</p>
         <p>Monto: <strong>${formatAmount(tx.amount)}</strong> · Orden de compra: ${escape(tx.buyOrder)}</p>
         <form method="post" action="${basePath}/pago/accion">
           <input type="hidden" name="token_ws" value="${escape(tx.token)}">
           <button name="accion" value="aprobar">Aprobar</button>
           <button name="accion" value="aprobar-sin-volver">Aprobar sin volver al comercio</button>
           <button name="accion" value="rechazar">Rechazar</button>
           <button name="accion" value="anular">Anular</button>
           <p><label><input type="checkbox" name="reembolso" value="rechazar"> Rechazar los reembolsos de esta transacción</label></p>
         </form>`,
      );
    }

    if (path === '/pago/accion' && request.method === 'POST') {
      const form = await request.formData();
      const tx = transactions.get(String(form.get('token_ws') ?? ''));
      if (!tx) return page('Transacción no encontrada', '<p>El token no existe.</p>');
      const back = new URL(tx.returnUrl);
      const choice = form.get('accion');
      tx.refundRefused = form.get('reembolso') === 'rechazar';
      if (choice === 'aprobar-sin-volver') {
        tx.decision = 'approved';
        tx.decidedAt = Date.now();
        // Webpay's voucher, with no way back: the browser never reaches return_url.
        return page(
          'Pago aprobado (simulador)',
          `<p>Webpay aprobó el pago de <strong>${formatAmount(tx.amount)}</strong> · Orden de compra: ${escape(tx.buyOrder)}.</p>
           <p>El navegador no vuelve al comercio: el comercio debe confirmar la transacción por su cuenta.</p>`,
        );
      }
      if (choice === 'anular') {
        back.searchParams.set('TBK_TOKEN', tx.token);
        back.searchParams.set('TBK_ORDEN_COMPRA', tx.buyOrder);
        back.searchParams.set('TBK_ID_SESION', tx.sessionId);
      } else {
        tx.decision = choice === 'aprobar' ? 'approved' : 'rejected';
        tx.decidedAt = Date.now();
        back.searchParams.set('token_ws', tx.token);
      }
      return Response.redirect(back, 303);
    }
    return new Response('Not found', { status: 404 });
  }

  return { handle, transactions, basePath };
}
