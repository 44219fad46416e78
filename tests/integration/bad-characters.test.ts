import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config, Context } from '@netlify/functions';
import { describe, expect, it, vi } from 'vitest';
import { refusals } from '../../src/shared/refusals.ts';
import { useAdminEnvironment } from '../helpers/admin.ts';
import { routeParams, testContext } from '../helpers/functions.ts';
import { complaintForm, contactMessage, motorhomeRegistration } from '../helpers/submissions.ts';

/**
 * Bad input is a 4xx: every public endpoint answers a NUL byte, bytes that are not
 * UTF-8 or a control character in any field it reads (JSON body, multipart field, a file's name,
 * query string, path parameter, a POSTed form) with 400 and the Spanish message, never 500.
 */
useAdminEnvironment();

// /consumo answers a refused form in its page, which a function test has not built.
vi.mock(import('node:fs/promises'), async (original) =>
  (await import('../helpers/built-pages.ts')).withBuiltPages(original),
);

type Module = { default: (req: Request, context: Context) => Promise<Response>; config: Config };
const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');
const load = (name: string): Promise<Module> => import(path.join(functionsDir, `${name}.ts`));

/** The three kinds of bad text, as a JS string (where one can hold it), in a URL and as raw bytes. */
const kinds = [
  { kind: 'a NUL byte', text: 'a\u0000b', url: 'a%00b', bytes: [0x61, 0x00, 0x62] },
  { kind: 'an invalid UTF-8 sequence', text: undefined, url: 'a%FFb', bytes: [0x61, 0xff, 0xfe, 0x62] },
  { kind: 'a control character', text: 'a\u001bb', url: 'a%1Bb', bytes: [0x61, 0x1b, 0x62] },
] as const;
type Bad = (typeof kinds)[number];

const encoder = new TextEncoder();
const PLACEHOLDER = '@@BAD@@';
/** A text with the placeholder replaced by the bad bytes. */
const withBad = (text: string, bad: Bad): Uint8Array<ArrayBuffer> => {
  const [before, after] = text.split(PLACEHOLDER) as [string, string];
  return new Uint8Array([...encoder.encode(before), ...bad.bytes, ...encoder.encode(after)]);
};
/** The bad text where JSON can carry it: escaped (NUL, ESC) or as raw bytes (not UTF-8). */
const jsonBody = (body: Record<string, unknown>, field: string, bad: Bad) =>
  bad.text === undefined
    ? withBad(JSON.stringify({ ...body, [field]: PLACEHOLDER }), bad)
    : encoder.encode(JSON.stringify({ ...body, [field]: bad.text }));

const BOUNDARY = 'hygiene-boundary';
/** A multipart body built byte by byte, so a field or a file name can hold any bytes. */
function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file)
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n${'x'.repeat(200)}\r\n`,
    );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

interface Probe {
  /** The function's file under netlify/functions. */
  name: string;
  /** A path of its config.path, as the platform would route it. */
  route: string;
  /** Where the bad text goes. */
  field: string;
  request: (bad: Bad) => Request;
  /** 400 unless the spec gives 400 another meaning there. */
  status?: number | undefined;
  /** The message for that kind of bad text, when not refusals.invalidText. */
  message?: (bad: Bad) => string;
}

const url = (pathAndQuery: string) => `http://localhost${pathAndQuery}`;
const json = (route: string, body: Record<string, unknown>, field: string, name: string, status?: number): Probe => ({
  name,
  route,
  field: `JSON field ${field}`,
  status,
  request: (bad) =>
    new Request(url(route), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonBody(body, field, bad),
    }),
});
const query = (route: string, name: string, method = 'GET'): Probe => ({
  name,
  route,
  field: 'query string',
  request: (bad) => new Request(url(`${route}?campo=${bad.url}`), { method }),
});
const pathParam = (route: string, template: string, name: string, method = 'GET'): Probe => ({
  name,
  route,
  field: 'path parameter',
  request: (bad) => new Request(url(template.replace(PLACEHOLDER, bad.url)), { method }),
});
const multipart = (route: string, fields: Record<string, string>, field: string, name: string): Probe => ({
  name,
  route,
  field: `multipart field ${field}`,
  request: (bad) =>
    new Request(url(route), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: withBad(multipartBody({ ...fields, [field]: PLACEHOLDER }), bad),
    }),
});
const fileName = (route: string, fields: Record<string, string>, name: string): Probe => ({
  name,
  route,
  field: "the file's name",
  // busboy refuses a part header holding a control character before any code reads the name.
  message: (bad) => (bad.text === undefined ? refusals.invalidText : refusals.invalidMultipart),
  request: (bad) =>
    new Request(url(route), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: withBad(multipartBody(fields, { name: `cv${PLACEHOLDER}.pdf`, bytes: new Uint8Array() }), bad),
    }),
});

const application = { name: 'Camila Ríos', email: 'camila@example.com', rut: '12.345.678-5', fileName: 'cv.pdf' };
const denuncia = {
  denunciaRelacion: 'Cliente',
  denunciaLugar: 'Recintos',
  denunciaType: 'Consultas',
  denunciaText: 'Un relato.',
};
const receipt = 'ABCD-EFGH-JKLM-NPQR';
const uuid = '00000000-0000-4000-8000-000000000000';

const probes: Probe[] = [
  json('/api/contacto', contactMessage, 'reqs', 'contact'),
  json('/api/contacto', contactMessage, 'name', 'contact'),
  json('/api/reclamos', complaintForm, 'complaintDetails', 'complaints'),
  json('/api/motorhome', motorhomeRegistration, 'address', 'motorhome'),
  json('/api/login', { email: 'a@example.com', password: 'x' }, 'password', 'login'),
  json('/api/login/second-factor', { challenge: 'x', code: '123456' }, 'code', 'login'),
  json('/api/invitation', { token: 'x' }, 'token', 'invitations'),
  json(
    '/api/invitation/accept',
    { token: 'x', password: 'x', confirmPassword: 'x', secret: 'x', code: '1' },
    'token',
    'invitations',
  ),
  json('/api/ticket', { service_number: '100001' }, 'service_number', 'payments-balance'),
  // 400 tells /pago "no debt" (spec §8): its invalid input is 422.
  json(
    '/api/bills/new',
    { paymentOption: 'webpay-plus', serviceNumber: '100001' },
    'serviceNumber',
    'payments-bills',
    422,
  ),
  pathParam('/api/bills/:billId', `/api/bills/${PLACEHOLDER}`, 'payments-bills'),
  json('/api/bootstrap', { token: 'x', name: 'Ana', email: 'a@example.com', password: 'x' }, 'name', 'bootstrap'),
  query('/api/bootstrap', 'bootstrap'),
  json('/api/preview-anonymisation', { connectionString: 'postgres://x' }, 'connectionString', 'preview-anonymisation'),
  json('/api/seguimiento', { reference: 'REC-ABCDEFGH', email: 'a@example.com' }, 'reference', 'cases-follow-up'),
  json('/api/consumo', { service_number: '100001', rut: '12.345.678-5' }, 'rut', 'consumption'),
  {
    name: 'consumption-page',
    route: '/consumo',
    field: 'POSTed form rut',
    request: (bad) =>
      new Request(url('/consumo'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `service_number=100001&rut=${bad.url}`,
      }),
  },
  json('/api/denuncias/seguimiento', { receipt }, 'receipt', 'denuncias-follow-up'),
  json('/api/denuncias/seguimiento/aviso', { receipt, notify: true }, 'receipt', 'denuncias-follow-up'),
  multipart('/api/denuncias/seguimiento/mensajes', { receipt, body: 'Hola.' }, 'body', 'denuncias-follow-up'),
  multipart('/api/denuncias', denuncia, 'denunciaText', 'denuncias'),
  multipart('/api/job', application, 'fileName', 'jobs'),
  multipart('/api/job', application, 'name', 'jobs'),
  fileName('/api/job', application, 'jobs'),
  json('/api/cortes/alertas', { email: 'a@example.com', towns: ['coyhaique'] }, 'email', 'outage-alerts-subscriptions'),
  json('/api/cortes/alertas/confirmar', { token: 'x' }, 'token', 'outage-alerts-subscriptions'),
  json('/api/cortes/alertas/baja', { token: 'x' }, 'token', 'outage-alerts-subscriptions'),
  json(
    '/api/derechos',
    { type: 'acceso', name: 'Rosa Vera', email: 'a@example.com', details: 'Mis datos.' },
    'name',
    'rights',
  ),
  json('/api/consumo/avisos/baja', { token: 'x' }, 'token', 'consumption-warnings'),
  json('/api/derechos/confirmar', { token: 'x' }, 'token', 'rights-confirm'),
  json('/api/derechos/descarga', { token: 'x' }, 'token', 'rights-download'),
  json('/api/outages/lookup', { serviceNumber: '100001' }, 'serviceNumber', 'outages-lookup'),
  json('/api/uploads', { purpose: 'cv', fileName: 'cv.pdf', size: 5_000_000 }, 'fileName', 'uploads'),
  pathParam('/api/uploads/:id/chunks/:index', `/api/uploads/${PLACEHOLDER}/chunks/0`, 'uploads', 'PUT'),
  pathParam('/api/uploads/:id/complete', `/api/uploads/${PLACEHOLDER}/complete`, 'uploads', 'POST'),
  query('/api/tbk/return', 'payments-return'),
  {
    name: 'payments-return',
    route: '/api/tbk/return',
    field: 'POSTed form token_ws',
    request: (bad) =>
      new Request(url('/api/tbk/return'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `token_ws=${bad.url}`,
      }),
  },
  ...(['/api/sms/entrante', '/api/sms/estado'] as const).map((route): Probe => ({
    name: 'phone-alerts',
    route,
    field: 'POSTed form Body',
    // Refused before the signature is checked: no request of the provider's holds such text.
    request: (bad) =>
      new Request(url(route), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'firma' },
        body: withBad(`From=%2B56987654321&MessageSid=SM1&Body=${PLACEHOLDER}`, bad),
      }),
  })),
  pathParam('/api/tbk-payments/:tbkPaymentId', `/api/tbk-payments/${PLACEHOLDER}`, 'payments-records'),
  pathParam('/tbk-final/*', `/tbk-final/${PLACEHOLDER}/${uuid}`, 'payments-receipt-page'),
  pathParam('/api/files/:id/:name', `/api/files/${uuid}/${PLACEHOLDER}.pdf`, 'files'),
  query('/api/documents', 'documents'),
  query('/api/download', 'documents-download'),
  query('/api/education/documents', 'education-documents'),
  query('/educacion', 'education-page'),
  query('/nosotros', 'company-page'),
  query('/comunicados', 'news-page'),
  pathParam('/comunicados/:key', `/comunicados/${PLACEHOLDER}`, 'news-page'),
  query('/api/reports', 'news'),
  query('/sitemap-publicaciones.xml', 'published-sitemap'),
  query('/comunicados.xml', 'news-feed'),
  query('/api/outages', 'outages'),
  query('/api/health', 'health'),
  query('/cortes', 'outages-page'),
  query('/cortes/alertas', 'outages-page'),
  query('/cortes/historial', 'outages-history-page'),
  query('/cortes/feed.xml', 'outages-feeds'),
  query('/api/advisories', 'advisories'),
  query('/avisos', 'advisories-page'),
  pathParam('/avisos/:id', `/avisos/${PLACEHOLDER}`, 'advisories-page'),
  query('/indicadores', 'indicators-page'),
  query('/indicadores.csv', 'indicators'),
  query('/indicadores-excel.csv', 'indicators'),
  query('/api/indicadores', 'indicators'),
  pathParam('/cortes/:town.ics', `/cortes/${PLACEHOLDER}.ics`, 'outages-feeds'),
  query('/cortes.geojson', 'outages-geojson'),
  query('/cap/alertas.atom', 'cap'),
  pathParam('/cap/:identifier.xml', `/cap/${PLACEHOLDER}.xml`, 'cap'),
  query('/api/admins/:id', 'admins'),
  query('/api/logout', 'logout', 'POST'),
];

describe('every public endpoint answers bad characters with 400 and a Spanish message', () => {
  it('the table probes every public path (config.path outside /api/admin/)', async () => {
    const files = (await readdir(functionsDir)).filter((file) => file.endsWith('.ts'));
    const publicRoutes = new Set<string>();
    for (const file of files) {
      const { config } = await load(file.replace(/\.ts$/, ''));
      for (const route of [config.path ?? []].flat()) if (!route.startsWith('/api/admin/')) publicRoutes.add(route);
    }
    expect(new Set(probes.map((probe) => probe.route))).toEqual(publicRoutes);
  });

  describe.each(kinds)('$kind', (bad) => {
    it.each(probes.map((probe) => [`${probe.route} (${probe.field})`, probe] as const))('%s', async (_, probe) => {
      const fn = await load(probe.name);
      const request = probe.request(bad);
      const { context, settle } = testContext(routeParams(fn.config, request.url) ?? {});
      const response = await fn.default(request, context);
      await settle();
      expect(response.status).toBe(probe.status ?? 400);
      const message = probe.message?.(bad) ?? refusals.invalidText;
      // A page a form posts to answers in the page: the form again, with the message.
      if (response.headers.get('content-type')?.startsWith('text/html'))
        expect(await response.text()).toContain(message);
      else {
        const body = await response.json();
        expect([body.error, ...Object.values(body.errors ?? {})]).toContain(message);
      }
    });
  });

  it('a path parameter the platform gives decoded is checked too', async () => {
    const fn = await load('files');
    const { context } = testContext({ id: uuid, name: 'a\u0000b.pdf' });
    const response = await fn.default(new Request(url(`/api/files/${uuid}/ab.pdf`)), context);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(refusals.invalidText);
  });

  it('what the table refuses differs from good input only by the bad character', async () => {
    const fn = await load('contact');
    const request = new Request(url('/api/contacto'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...contactMessage, reqs: 'Primera línea.\r\n\tSegunda línea.' }),
    });
    const { context, settle } = testContext();
    expect((await fn.default(request, context)).status).toBe(200);
    await settle();
  });
});
