import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { afterAll, beforeAll } from 'vitest';
import { createWebpaySimulator } from '../../scripts/lib/webpay-simulator.ts';

/**
 * The local Webpay simulator on its own port, with WEBPAY_BASE_URL pointing at it: the
 * functions under test speak the REST contract over HTTP, as with Transbank.
 */
export function useWebpaySimulator() {
  const simulator = createWebpaySimulator('');
  let server: Server;
  const state = { simulator, url: '' };
  beforeAll(async () => {
    server = createServer(createServerAdapter((request: Request) => simulator.handle(request)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.WEBPAY_BASE_URL = state.url;
  });
  afterAll(() => {
    delete process.env.WEBPAY_BASE_URL;
    server.close();
  });
  return state;
}
