import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import bills from '../../netlify/functions/payments-bills.ts';
import reconcile from '../../netlify/functions/payments-reconcile.ts';
import { forgetRunRecords } from './work-markers.ts';
import tbkReturn from '../../netlify/functions/payments-return.ts';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import { createWebpaySimulator } from '../../scripts/lib/webpay-simulator.ts';
import type { Database } from '../../src/server/db/index.ts';
import { WEBPAY_PATH, type WebpayTransaction } from '../../src/server/payments/webpay-client.ts';
import { callFunction, read } from './admin.ts';
import { postJson, testContext } from './functions.ts';

type Operation = 'commit' | 'status' | 'refund';

/** Which REST operation of Webpay Plus a request to the simulator is. */
function operationOf(request: Request): Operation | undefined {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(WEBPAY_PATH)) return undefined;
  if (pathname.endsWith('/refunds')) return 'refund';
  if (pathname === WEBPAY_PATH) return undefined;
  return request.method === 'PUT' ? 'commit' : request.method === 'GET' ? 'status' : undefined;
}

/**
 * The local Webpay simulator on its own port, with WEBPAY_BASE_URL pointing at it: the
 * functions under test speak the REST contract over HTTP, as with Transbank. `stub` makes one
 * operation answer what a test needs (Transbank's codes the simulator never gives); the simulator
 * answers the rest, and every stub ends with its test.
 */
export function useWebpaySimulator() {
  const simulator = createWebpaySimulator('');
  const handle = simulator.handle;
  let server: Server;
  const stubs = new Map<Operation, (request: Request, simulated: () => Promise<Response>) => Promise<Response>>();
  const state = {
    simulator,
    url: '',
    stub(
      operation: Operation,
      answer: (request: Request, simulated: () => Promise<Response>) => Response | Promise<Response>,
    ) {
      stubs.set(operation, async (request, simulated) => answer(request, simulated));
    },
    /** A customer creates a bill for service 100001 and is sent to Webpay. */
    async newBill() {
      const response = await bills(
        postJson('/api/bills/new', {
          paymentOption: 'webpay-plus',
          serviceNumber: '100001',
          email: 'cliente@example.com',
        }),
        testContext().context,
      );
      const body = await response.json();
      const token: string = body.paymentData.data.token;
      return { billId: body.billId as string, token, tx: simulator.transactions.get(token)! };
    },
    /** Webpay commits the transaction and its answer never arrives: a 504 in its place. */
    loseCommitAnswer() {
      state.stub('commit', async (_request, simulated) => {
        await simulated();
        return new Response('{}', { status: 504 });
      });
    },
    /** The page the simulator answers the customer's choice with (`refuseRefunds`: its switch
     * "Rechazar los reembolsos de esta transacción"). */
    choose(token: string, action: 'aprobar' | 'aprobar-sin-volver' | 'rechazar', { refuseRefunds = false } = {}) {
      const form = new FormData();
      form.set('token_ws', token);
      form.set('accion', action);
      if (refuseRefunds) form.set('reembolso', 'rechazar');
      return simulator.handle(new Request(`${state.url}/pago/accion`, { method: 'POST', body: form }));
    },
  };
  beforeAll(async () => {
    server = createServer(
      createServerAdapter((request: Request) => {
        const stub = stubs.get(operationOf(request)!);
        return stub ? stub(request, () => simulator.handle(request)) : simulator.handle(request);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.WEBPAY_BASE_URL = state.url;
  });
  beforeEach(() => {
    stubs.clear();
    simulator.handle = handle;
  });
  afterAll(() => {
    delete process.env.WEBPAY_BASE_URL;
    server.close();
  });
  return state;
}

/** A transaction as Webpay answers a commit or a status: the card approved, for `amount`. */
export const approvedTransaction = (
  buyOrder: string,
  amount: number,
  { status = 'AUTHORIZED', sessionId = buyOrder }: { status?: string; sessionId?: string } = {},
): WebpayTransaction => ({
  amount,
  status,
  buy_order: buyOrder,
  session_id: sessionId,
  card_detail: { card_number: '6623' },
  transaction_date: new Date().toISOString(),
  authorization_code: '1213',
  payment_type_code: 'VD',
  response_code: 0,
  installments_number: 0,
});

/** The payments tables emptied, and `alsoEmpty`, and service 100001 owing 18.990 again. */
export async function oneAccountOwing(db: Database, ...alsoEmpty: string[]) {
  for (const table of ['tbk_payments', 'bills', 'outbox', ...alsoEmpty, 'accounts'])
    await db.query(`DELETE FROM ${table}`);
  await db.query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 18990, 'Baquedano 1240, Coyhaique')`,
  );
}

/** The browser sent back by Webpay to `location`, its answer's work after it done: where it goes next. */
export async function returnFromWebpay(location: string) {
  const { context, settle } = testContext();
  const response = await tbkReturn(new Request(`http://localhost/api/tbk/return${new URL(location).search}`), context);
  await settle();
  return response.headers.get('location')!;
}

/** One run of the scheduled reconciliation, as `npm start` or Netlify runs it: its report. */
export async function runReconciliation() {
  await forgetRunRecords();
  const { context, settle } = testContext();
  const response = await reconcile(
    new Request('http://localhost/.netlify/functions/payments-reconcile', { method: 'POST' }),
    context,
  );
  await settle();
  return response.json();
}

/** The payments staff must look at, as the admin's list with its attention filter answers them. */
export const attentionList = async (token: string) =>
  read(await callFunction(adminPayments, 'GET', '/api/admin/payments?attention=si', { token }));
