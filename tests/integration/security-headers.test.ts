import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'smol-toml';
import * as adminAudit from '../../netlify/functions/admin-audit.ts';
import contacto from '../../netlify/functions/contact.ts';
import download from '../../netlify/functions/documents-download.ts';
import * as files from '../../netlify/functions/files.ts';
import reports from '../../netlify/functions/news.ts';
import tbkReturn from '../../netlify/functions/payments-return.ts';
import { withErrorHandling } from '../../src/server/http.ts';
import { callFunction } from '../helpers/admin.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
const get = (url: string) => new Request(`http://localhost${url}`);
const call = (handler: typeof reports, request: Request) => handler(request, testContext().context);

/** What every function answer must carry: netlify.toml's headers never reach it. */
const expected = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const securityHeadersOf = (response: Response) =>
  Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)]));

beforeAll(async () => {
  await environment.database.db.query(
    `INSERT INTO documents (type, year, url_file) VALUES ('Memoria', 2024, '/documentos/memorias/memoria-2024.pdf')`,
  );
});

describe('the security headers of function answers', () => {
  it.each<[string, () => Promise<Response>, number]>([
    ['a JSON list', () => call(reports, get('/api/reports')), 200],
    ['the redirect to a document', () => call(download, get('/api/download?fileType=memories&year=2024')), 302],
    ["Webpay's return, sent on to a result page", () => call(tbkReturn, get('/api/tbk/return')), 303],
    [
      'a refused body',
      () => call(contacto, postJson('/api/contacto', 'x', { headers: { 'content-type': 'text/plain' } })),
      415,
    ],
    [
      'a file nobody published',
      () => callFunction(files, 'GET', '/api/files/00000000-0000-4000-8000-000000000000/x.pdf'),
      404,
    ],
    ['an admin call without a token', () => callFunction(adminAudit, 'GET', '/api/admin/audit'), 401],
    [
      'a method not allowed',
      () => call(reports, new Request('http://localhost/api/reports', { method: 'DELETE' })),
      405,
    ],
  ])('are on %s', async (_case, answer, status) => {
    const response = await answer();
    expect(response.status).toBe(status);
    expect(securityHeadersOf(response)).toEqual(expected);
  });

  it('are on the 500 that stands for a fault, and on an answer whose headers cannot change', async () => {
    const failing = withErrorHandling(() => Promise.reject(new Error('boom')));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fault = await failing(get('/api/x'), testContext().context);
    log.mockRestore();
    expect(fault.status).toBe(500);
    expect(securityHeadersOf(fault)).toEqual(expected);

    const redirecting = withErrorHandling(() => Promise.resolve(Response.redirect('http://localhost/boleta', 302)));
    const redirect = await redirecting(get('/api/x'), testContext().context);
    expect(redirect.headers.get('location')).toBe('http://localhost/boleta');
    expect(securityHeadersOf(redirect)).toEqual(expected);
  });

  it("leave a function's own policy in place: a published file stays sandboxed", async () => {
    const answer = withErrorHandling(() =>
      Promise.resolve(new Response('x', { headers: { 'Content-Security-Policy': "sandbox; default-src 'none'" } })),
    );
    const response = await answer(get('/api/x'), testContext().context);
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("send the same transport and referrer rules as netlify.toml's pages", async () => {
    const toml = parse(await readFile(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8')) as {
      headers: { for: string; values: Record<string, string> }[];
    };
    const pages = toml.headers.find((rule) => rule.for === '/*')!.values;
    expect({
      'x-content-type-options': pages['X-Content-Type-Options'],
      'strict-transport-security': pages['Strict-Transport-Security'],
      'referrer-policy': pages['Referrer-Policy'],
    }).toEqual({
      'x-content-type-options': expected['x-content-type-options'],
      'strict-transport-security': expected['strict-transport-security'],
      'referrer-policy': expected['referrer-policy'],
    });
  });
});
