import type { Config, Context } from '@netlify/functions';

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

/** A refusal's body: its Spanish message as both `error` and `message`, and its field errors if any. */
export const failureBody = (message: string, errors?: Record<string, string>) => ({
  success: false,
  error: message,
  message,
  ...(errors ? { errors } : {}),
});

/** The body of input the shared schema refused: the form's message and each field's own. */
export const invalidFormBody = (errors: Record<string, string>) =>
  failureBody('Revise los datos del formulario.', errors);

/** A refusal as `read()` gives it: its status and its body. */
export const refused = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  body: failureBody(message, errors),
});

/** A 400 of input the shared schema refused, as `read()` gives it. */
export const invalidForm = (errors: Record<string, string>) => ({ status: 400, body: invalidFormBody(errors) });

/**
 * The parameters the platform gives a function for `url`: those of the first of its `config.path`
 * patterns that matches (as in scripts/lib/functions.ts); undefined when none does.
 */
export function routeParams(config: Config, url: string): Record<string, string> | undefined {
  const match = [config.path ?? []]
    .flat()
    .map((pattern) => new URLPattern({ pathname: pattern }).exec(url))
    .find((result) => result !== null);
  if (!match) return undefined;
  return Object.fromEntries(
    Object.entries(match.pathname.groups).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
