import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface ResendRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Date.now() when it arrived. */
  at: number;
}

export interface ResendAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Real milliseconds before it answers; Infinity: it never does (the caller must give up). */
  delayMs?: number;
}

/** Resend's 200: an id per mail. */
const accepted = (body: unknown) =>
  Array.isArray(body) ? { data: body.map((_, i) => ({ id: `email-${i}` })) } : { id: 'email-1' };

/**
 * A local fake of Resend's API (POST /emails, POST /emails/batch), which the SDK reaches through
 * RESEND_BASE_URL. It records every request and answers the queued answers in order, then
 * `otherwise` (by default a 200 with an id per mail, at once).
 */
export async function startFakeResend() {
  const requests: ResendRequest[] = [];
  const answers: ResendAnswer[] = [];
  let otherwise: ResendAnswer | undefined;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body: unknown = JSON.parse(data);
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body, at: Date.now() });
      const answer = answers.shift() ?? otherwise ?? { status: 200 };
      if (answer.delayMs === Infinity) return;
      setTimeout(() => {
        res
          .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          .end(JSON.stringify(answer.body ?? accepted(body)));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.RESEND_BASE_URL = url;
  return {
    url,
    requests,
    /** Queues answers for the next requests. */
    answer: (...next: ResendAnswer[]) => answers.push(...next),
    /** The answer once the queued ones are used up (undefined: a 200 at once). */
    otherwise: (answer: ResendAnswer | undefined) => (otherwise = answer),
    reset() {
      requests.length = 0;
      answers.length = 0;
      otherwise = undefined;
    },
    async stop() {
      delete process.env.RESEND_BASE_URL;
      // Requests left unanswered on purpose are not waited for.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A 429 as Resend answers it. */
export const tooManyRequests = (retryAfterSeconds?: number, name = 'rate_limit_exceeded'): ResendAnswer => ({
  status: 429,
  body: { statusCode: 429, name, message: 'Too many requests. You can only make 2 requests per second.' },
  headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
});

/** The fake Resend of a file's tests: started before them, its requests and answers reset before each, stopped after. */
export function useFakeResend() {
  const resend = {} as Awaited<ReturnType<typeof startFakeResend>>;
  beforeAll(async () => void Object.assign(resend, await startFakeResend()));
  beforeEach(() => resend.reset());
  afterAll(() => resend.stop());
  return resend;
}
