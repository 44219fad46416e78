import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createWebpaySimulator } from '../../scripts/lib/webpay-simulator.ts';
import { WEBPAY_PATH, type WebpayTransaction } from '../../src/server/payments/webpay-client.ts';

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
