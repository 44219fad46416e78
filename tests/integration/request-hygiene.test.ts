import { describe, expect, it } from 'vitest';
import adminDocuments from '../../netlify/functions/admin-documents.ts';
import bills from '../../netlify/functions/payments-bills.ts';
import contacto from '../../netlify/functions/contact.ts';
import download from '../../netlify/functions/documents-download.ts';
import login from '../../netlify/functions/login.ts';
import motorhome from '../../netlify/functions/motorhome.ts';
import reclamos from '../../netlify/functions/complaints.ts';
import ticket from '../../netlify/functions/payments-balance.ts';
import { isSafeFileUrl } from '../../src/shared/documents/schema.ts';
import { useAdminEnvironment, signedInAdmin } from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';
import { complaintForm, contactMessage, motorhomeRegistration } from '../helpers/submissions.ts';

/** The security review's findings, each a request a browser or an attacker can really make. */
const environment = useAdminEnvironment();
const db = () => environment.database.db;

describe('JSON endpoints refuse any body that is not application/json (a cross-site simple POST)', () => {
  it.each([
    ['/api/contacto', contacto, contactMessage],
    ['/api/reclamos', reclamos, complaintForm],
    ['/api/login', login, { email: 'a@example.com', password: 'x' }],
    ['/api/ticket', ticket, { service_number: '100001' }],
    ['/api/bills/new', bills, { paymentOption: 'webpay-plus', serviceNumber: '100001' }],
  ])('%s answers 415 to text/plain and stores nothing', async (url, handler, body) => {
    const before = await db().query('SELECT count(*)::int AS n FROM contact_messages');
    const response = await handler(
      postJson(url, body, { headers: { 'content-type': 'text/plain;charset=UTF-8' } }),
      testContext().context,
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'La solicitud debe enviarse como JSON (application/json).' });
    expect(await db().query('SELECT count(*)::int AS n FROM contact_messages')).toEqual(before);
  });

  it('accepts application/json with a charset', async () => {
    const response = await contacto(
      postJson('/api/contacto', contactMessage, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
      testContext().context,
    );
    expect(response.status).toBe(200);
  });
});

describe('single-line fields refuse line breaks and control characters (they reach mail subjects)', () => {
  it.each([
    ['contact name', contacto, '/api/contacto', { ...contactMessage, name: 'Ana\r\nBcc: x@example.com' }, 'name'],
    ['contact surname', contacto, '/api/contacto', { ...contactMessage, surname: 'Rojas\n' + 'X' }, 'surname'],
    ['complaint city', reclamos, '/api/reclamos', { ...complaintForm, city: 'Coy\thaique' }, 'city'],
    ['motorhome name', motorhome, '/api/motorhome', { ...motorhomeRegistration, name: 'Lucía\r\nX' }, 'name'],
    ['motorhome phone', motorhome, '/api/motorhome', { ...motorhomeRegistration, phone: '+56 9 1234\n5678' }, 'phone'],
  ])('the %s', async (_case, handler, url, body, field) => {
    const response = await handler(postJson(url, body), testContext().context);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[field]).toMatch(/una sola línea|teléfono válido/);
  });

  it('a message keeps its line breaks', async () => {
    const response = await contacto(
      postJson('/api/contacto', { ...contactMessage, reqs: 'Primera línea.\r\nSegunda línea.' }),
      testContext().context,
    );
    expect(response.status).toBe(200);
  });
});

describe('addresses staff enter are a path on this site or https, and nothing else is followed', () => {
  it.each([
    ['//evil.example/x', false],
    ['/\\evil.example/x', false],
    ['/\t/evil.example/x', false],
    ['javascript:alert(1)', false],
    ['http://example.com/a.pdf', false],
    ['https://', false],
    ['/documentos/memoria-2024.pdf', true],
    ['https://archivos.example.com/memoria.pdf', true],
  ])('%j is safe: %s', (value, safe) => {
    expect(isSafeFileUrl(value)).toBe(safe);
  });

  it.each(['//evil.example/x', '/\\evil.example/x'])('saving a document at %j is refused', async (url) => {
    const admin = await signedInAdmin(db(), 'Ana', `ana-${Math.random()}@example.com`);
    const response = await adminDocuments(
      postJson(
        '/api/admin/documents',
        { type: 'Memoria', year: 2031, url_file: url },
        {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        },
      ),
      testContext().context,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors.url_file).toBe('Ingrese una dirección que empiece con / o https://');
  });

  it('GET /api/download never redirects to an unsafe address stored before the rule', async () => {
    await db().query(`INSERT INTO documents (type, year, url_file) VALUES ('Memoria', 2032, '//evil.example/x')`);
    const response = await download(
      new Request('http://localhost/api/download?fileType=memories&year=2032'),
      testContext().context,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
  });
});
