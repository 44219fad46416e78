import type { Context } from '@netlify/functions';

/**
 * A Functions v2 context for calling a handler directly; `settle()` awaits its waitUntil work.
 * `siteUrl` is the project's main address, which Netlify gives every function (`context.site.url`).
 */
export function testContext(params: Record<string, string> = {}, deployContext = 'dev', siteUrl = 'http://localhost') {
  const pending: Promise<unknown>[] = [];
  const context = {
    params,
    deploy: { context: deployContext },
    site: { id: 'test-site', name: 'test-site', url: siteUrl },
    requestId: 'test-request',
    ip: '127.0.0.1',
    waitUntil: (promise: Promise<unknown>) => pending.push(promise),
  } as unknown as Context;
  return { context, settle: () => Promise.all(pending) };
}

export const postJson = (url: string, body: unknown, init: RequestInit = {}) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
