import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/server/config.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { createWebpayClient, describeError, WebpayError } from '../../src/server/payments/webpay-client.ts';

/**
 * The Webpay adapter against Transbank's REST API v1.2 as documented (transbankdevelopers.cl,
 * "Webpay Plus" reference), at the HTTP level: a fake fetch stands in for Transbank's host, so
 * what production and deploy previews send and how they read the answers is checked here, not
 * only against the local simulator.
 */

const TOKEN = '01ab2f4b6b5e0e8c5d11e2d5c0a8a1e1e1fc0c2fd2a5e1c7b5d8c9a0b1c2d3e4';
const TRANSACTIONS = 'https://webpay3gint.transbank.cl/rswebpaytransaction/api/webpay/v1.2/transactions';

/** Transbank's documented answer to commit and status. */
const authorized = {
  vci: 'TSY',
  amount: 18990,
  status: 'AUTHORIZED',
  buy_order: 'AP0123456789ABCDEFGHJK',
  session_id: 'S0123456789',
  card_detail: { card_number: '6623' },
  accounting_date: '1122',
  transaction_date: '2026-11-22T16:41:21.063Z',
  authorization_code: '1213',
  payment_type_code: 'VP',
  response_code: 0,
  installments_number: 0,
};

let requests: Request[];
let answers: (() => Response | Promise<Response>)[];

beforeEach(() => {
  requests = [];
  answers = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    // As fetch does: the request's signal ends it.
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
      Promise.resolve(next()).then(resolve, reject);
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The client a deploy preview builds: production mode, Transbank's integration host. */
function previewClient(limits = {}) {
  const saved = { ...process.env };
  delete process.env.APP_MODE;
  delete process.env.WEBPAY_BASE_URL;
  process.env.WEBPAY_ENV = 'integration';
  process.env.WEBPAY_COMMERCE_CODE = '597055555532';
  process.env.WEBPAY_API_KEY = 'integration-api-key';
  try {
    return createWebpayClient(config.webpay('https://deploy-preview-1--aguas.netlify.app', 'deploy-preview'), limits);
  } finally {
    process.env = saved;
  }
}

const headersOf = (request: Request) => ({
  id: request.headers.get('tbk-api-key-id'),
  secret: request.headers.get('tbk-api-key-secret'),
  type: request.headers.get('content-type'),
});

describe('the Webpay client against Transbank’s REST API', () => {
  it('commits with PUT on the transaction and reads the authorization', async () => {
    answers.push(() => Response.json(authorized));
    expect(await previewClient().commit(TOKEN)).toEqual(authorized);
    expect(requests.map((r) => [r.method, r.url])).toEqual([['PUT', `${TRANSACTIONS}/${TOKEN}`]]);
    expect(headersOf(requests[0]!)).toEqual({
      id: '597055555532',
      secret: 'integration-api-key',
      type: 'application/json',
    });
  });

  it('asks the status with GET on the transaction', async () => {
    answers.push(() => Response.json({ ...authorized, status: 'INITIALIZED', response_code: null }));
    expect((await previewClient().status(TOKEN)).status).toBe('INITIALIZED');
    expect(requests.map((r) => [r.method, r.url])).toEqual([['GET', `${TRANSACTIONS}/${TOKEN}`]]);
  });

  it.each([
    ['REVERSED', { type: 'REVERSED' }],
    [
      'NULLIFIED',
      {
        type: 'NULLIFIED',
        authorization_code: '123456',
        authorization_date: '2026-11-22T20:18:20Z',
        nullified_amount: 18990,
        balance: 0,
        response_code: 0,
      },
    ],
  ])('refunds with POST on …/refunds and the amount, answered %s', async (type, body) => {
    answers.push(() => Response.json(body));
    expect((await previewClient().refund(TOKEN, 18990)).type).toBe(type);
    expect(requests.map((r) => [r.method, r.url])).toEqual([['POST', `${TRANSACTIONS}/${TOKEN}/refunds`]]);
    expect(await requests[0]!.json()).toEqual({ amount: 18990 });
  });

  it.each([
    ['a commit past the confirmation window', 422, 'Transaction has an invalid finished state: aborted'],
    [
      'a second commit',
      422,
      'Invalid status 2 for transaction while authorizing. Commerce have to verify the status of the transaction',
    ],
    ['wrong credentials', 401, 'Not Authorized'],
  ])('turns %s into a WebpayError with Transbank’s message', async (_case, status, message) => {
    answers.push(() => Response.json({ error_message: message }, { status }));
    const error = await previewClient()
      .commit(TOKEN)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebpayError);
    expect(error).toMatchObject({ status, message });
  });

  it('a 5xx without a body is a WebpayError with its status', async () => {
    answers.push(() => new Response('Bad Gateway', { status: 502 }));
    await expect(previewClient().status(TOKEN)).rejects.toMatchObject({ status: 502, message: 'Webpay answered 502' });
  });

  it('gives up on a call past its time limit: an unclear answer, never a refusal', async () => {
    answers.push(() => new Promise<Response>(() => undefined));
    const error = await previewClient({ timeoutMs: 50 })
      .commit(TOKEN)
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(WebpayError);
    expect(describeError(error)).toBe('sin respuesta a tiempo');
  });

  it('ends every call still under way at the run’s deadline, before its own time limit', async () => {
    answers.push(() => new Promise<Response>(() => undefined));
    const started = Date.now();
    const error = await previewClient({ timeoutMs: 10_000, deadline: deadlineIn(50) })
      .status(TOKEN)
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(describeError(error)).toBe('sin respuesta a tiempo');
  });
});
