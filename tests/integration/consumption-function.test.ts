import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as adminConsumption from '../../netlify/functions/admin-consumption.ts';
import * as consumption from '../../netlify/functions/consumption.ts';
import * as consumptionPage from '../../netlify/functions/consumption-page.ts';
import { FOLLOW_UP_THROTTLE, CONSUMPTION_SERVICE_THROTTLE } from '../../src/server/throttle/uses.ts';
import { consumptionMessages } from '../../src/shared/consumption/texts.ts';
import { accessRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { insertPeriods, monthlyPeriods } from '../helpers/consumption.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * Mi consumo's look-up: POST /api/consumo, the page /consumo posts to, and Cuentas' view for staff.
 * A service's history opens only with its holder's RUT; a wrong RUT, an unknown number and an
 * account without a RUT on file are one answer, and a guesser is throttled.
 */

vi.mock(import('node:fs/promises'), async (original) =>
  (await import('../helpers/built-pages.ts')).withBuiltPages(original),
);

const environment = useAdminEnvironment();
const db = () => environment.database.db;

const HOLDER = { service_number: '100001', rut: '12.345.678-5' };

beforeEach(async () => {
  for (const table of [
    'consumption_periods',
    'follow_up_failures',
    'advisory_towns',
    'advisories',
    'outages',
    'accounts',
    'audit_log',
    'admins',
  ])
    await db().query(`DELETE FROM ${table}`);
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address, locality, holder_rut, contact_email, contact_phone) VALUES
       ('100001', 18990, 'Baquedano 1240, Coyhaique', 'coyhaique', '12345678-5', 'titular@example.com', '+56987654321'),
       ('100002', 0, 'Prat 455, Puerto Aysén', 'puerto-aysen', NULL, NULL, NULL)`,
  );
  // 24 bills to November 2026, the last with 8 m³ more: the last is read from 16 October to 15 November.
  await insertPeriods(
    db(),
    '100001',
    monthlyPeriods(24, '2026-11', (index) =>
      index === 23 ? { consumption_m3: 18, water_charge: 9000, sewer_charge: 3600, treatment_charge: 1800 } : {},
    ),
  );
  await insertPeriods(db(), '100002', monthlyPeriods(3, '2026-11'));
  // An outage in Coyhaique during the last period, one before it, one in another town.
  await db().query(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at) VALUES
       ('emergencia', 'coyhaique', 'Centro', '2026-11-02T12:00:00Z', '2026-11-02T18:00:00Z', 'restablecido', '2026-11-02T12:00:00Z'),
       ('programado', 'coyhaique', 'Norte', '2026-09-02T12:00:00Z', '2026-09-02T18:00:00Z', 'restablecido', '2026-09-01T12:00:00Z'),
       ('programado', 'puerto-aysen', 'Centro', '2026-11-03T12:00:00Z', '2026-11-03T18:00:00Z', 'restablecido', '2026-11-01T12:00:00Z')`,
  );
  await db().query(
    `WITH advisory AS (
       INSERT INTO advisories (kind, sectors, starts_at, instructions, status, published_at, lifted_at)
       VALUES ('congelamiento', '', '2026-10-20T10:00:00Z', 'Proteja el medidor.', 'levantado', '2026-10-20T10:00:00Z', '2026-10-25T10:00:00Z')
       RETURNING id)
     INSERT INTO advisory_towns (advisory_id, town) SELECT id, 'coyhaique' FROM advisory`,
  );
});

/** POST /api/consumo from the client at `ip`. */
async function lookUp(body: unknown, ip = '203.0.113.7') {
  const response = await consumption.default(
    new Request('http://localhost/api/consumo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ...testContext().context, ip },
  );
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

/** The page /consumo posted as its form does, from the client at `ip`. */
async function postPage(fields: Record<string, string>, ip = '203.0.113.7') {
  const response = await consumptionPage.default(
    new Request('http://localhost/consumo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    { ...testContext().context, ip },
  );
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    csp: response.headers.get('content-security-policy'),
    html: await response.text(),
  };
}

describe('POST /api/consumo', () => {
  it('answers the periods oldest first, why the last bill changed, and the events of its town in its last period', async () => {
    const { status, cache, body } = await lookUp(HOLDER);
    expect(status).toBe(200);
    expect(cache).toContain('no-store');
    const { periods, explanation, yearEarlier, events } = body.data;
    expect(periods.map((period: { period: string }) => period.period)).toEqual(
      monthlyPeriods(24, '2026-11').map((period) => period.period),
    );
    expect(periods[23]).toMatchObject({ period: '2026-11', consumption_m3: 18, read_from: '2026-10-16', total: 15400 });
    expect(explanation).toMatchObject({ from: '2026-10', to: '2026-11', difference: 6400 });
    // November's reading ran 31 days, October's 30: part of the 8 m³ is the longer period.
    expect(explanation.parts.map((part: { cause: string }) => part.cause)).toEqual(['consumo', 'dias']);
    expect(yearEarlier).toMatchObject({ from: '2025-11', to: '2026-11', difference: 6400 });
    expect(events).toEqual([
      {
        kind: 'congelamiento',
        title: 'Riesgo de congelamiento',
        date: '2026-10-20',
        text: expect.stringContaining('cañería interior'),
      },
      {
        kind: 'corte',
        title: 'Corte de emergencia en Coyhaique (Centro)',
        date: '2026-11-02',
        text: expect.stringContaining('la SISS recomienda revisar la boleta'),
      },
    ]);
  });

  it("never answers the holder's RUT, contact data or address", async () => {
    const text = JSON.stringify((await lookUp(HOLDER)).body);
    for (const held of ['12345678', 'titular@example.com', '987654321', 'Baquedano']) expect(text).not.toContain(held);
  });

  it('takes the RUT as people type it: with or without dots, a lower-case k', async () => {
    await db().query(`UPDATE accounts SET holder_rut = '10000013-K' WHERE service_number = '100001'`);
    for (const rut of ['10.000.013-k', '10000013-K', '10000013k', ' 10.000.013-K '])
      expect((await lookUp({ service_number: '100001', rut })).status).toBe(200);
  });

  it('answers a wrong RUT, an unknown number and an account without a RUT on file alike', async () => {
    const answers = await Promise.all(
      [
        { service_number: '100001', rut: '11.111.111-1' },
        { service_number: '999999', rut: HOLDER.rut },
        { service_number: '100002', rut: HOLDER.rut },
      ].map(async (body, index) => {
        const { status, body: answer } = await lookUp(body, `203.0.113.${10 + index}`);
        return { status, answer };
      }),
    );
    expect(answers[0]).toEqual({
      status: 404,
      answer: {
        success: false,
        error: consumptionMessages.notFound,
        message: consumptionMessages.notFound,
        errors: { rut: consumptionMessages.notFound },
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses a RUT whose check digit is wrong before looking anything up', async () => {
    const { status, body } = await lookUp({ service_number: '100001', rut: '12.345.678-9' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ rut: consumptionMessages.rut });
    expect(await db().query('SELECT 1 FROM follow_up_failures')).toEqual([]);
  });

  it("makes one client wait after its free failures, and the holder's right pair is never counted", async () => {
    for (let attempt = 0; attempt < FOLLOW_UP_THROTTLE.free; attempt += 1)
      expect((await lookUp({ service_number: `9${attempt}`, rut: HOLDER.rut })).status).toBe(404);
    const refused = await lookUp({ service_number: '98', rut: HOLDER.rut });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Demasiadas consultas sin resultado/);
    // Another client is not held back, and a right pair leaves no failure behind.
    expect((await lookUp(HOLDER, '198.51.100.1')).status).toBe(200);
    expect((await lookUp(HOLDER, '198.51.100.1')).status).toBe(200);
  });

  it('makes a service wait after its free failures from many clients, whatever their addresses', async () => {
    for (let attempt = 0; attempt < CONSUMPTION_SERVICE_THROTTLE.free; attempt += 1)
      expect((await lookUp({ service_number: '100001', rut: '11.111.111-1' }, `192.0.2.${attempt + 1}`)).status).toBe(
        404,
      );
    expect((await lookUp(HOLDER, '192.0.2.200')).status).toBe(429);
  });

  it('counts an IPv6 /64 as one client', async () => {
    for (let attempt = 0; attempt < FOLLOW_UP_THROTTLE.free; attempt += 1)
      await lookUp({ service_number: `9${attempt}`, rut: HOLDER.rut }, `2001:db8:1:2::${attempt + 1}`);
    expect((await lookUp(HOLDER, '2001:db8:1:2::ffff')).status).toBe(429);
  });
});

describe('POST /consumo, the page its form posts to', () => {
  it('fills the page with the chart as SVG, the table and the causes, with the page headers and never cached', async () => {
    const { status, type, cache, csp, html } = await postPage(HOLDER);
    expect(status).toBe(200);
    expect(type).toBe('text/html; charset=utf-8');
    expect(cache).toBe('no-store');
    expect(csp).toContain("default-src 'self'");
    // What lay between /consumo's markers is gone (the receipt's pair keeps its own).
    expect(html).not.toContain('<!--consumo:resultado-->');
    expect(html.split('tal como se construyó')).toHaveLength(2);
    expect(html).toMatch(/<svg class="consumption-chart"[^>]*role="img"/);
    expect(html.match(/<rect class="consumption-chart__bar/g)).toHaveLength(24);
    expect(html).toContain('<th scope="row">noviembre de 2026</th><td>18 m³</td>');
    expect(html).toContain('¿Por qué cambió mi boleta?');
    expect(html).toContain('Usó 8 m³ más que en noviembre de 2025, al mismo precio: $6.400 más.');
    expect(html).toContain('Corte de emergencia en Coyhaique (Centro)');
    expect(html).toContain('href="/reclamos?servicio=100001&amp;periodo=2026-11"');
    // The service number stays in the form; the RUT is not written back beside the result.
    expect(html).toContain('value="100001"');
    expect(html).toContain('id="rut" required="" maxLength="12" aria-describedby="rut-hint" name="rut" value=""');
    // No script came with the view (the one there is the test page's data).
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('gives a refused form back with what was typed and why, at the field', async () => {
    const { status, html } = await postPage({ service_number: '100001', rut: '11.111.111-1' });
    expect(status).toBe(404);
    expect(html).toContain('value="11.111.111-1"');
    expect(html).toContain('Hay un problema');
    expect(html).toContain(consumptionMessages.notFound);
    expect(html).not.toContain('consumption-chart');
  });

  it("refuses an invalid form with each field's message", async () => {
    const { status, html } = await postPage({ service_number: 'abc', rut: '' });
    expect(status).toBe(400);
    expect(html).toContain('value="abc"');
    expect(html).toContain(consumptionMessages.rut);
  });

  it('says so when the client must wait, with the form as typed', async () => {
    for (let attempt = 0; attempt < FOLLOW_UP_THROTTLE.free; attempt += 1)
      await postPage({ service_number: `9${attempt}`, rut: HOLDER.rut });
    const { status, html } = await postPage(HOLDER);
    expect(status).toBe(429);
    expect(html).toContain('Demasiadas consultas sin resultado');
    expect(html).toContain('value="100001"');
  });

  it('takes only a POSTed form', async () => {
    expect((await consumptionPage.default(new Request('http://localhost/consumo'), testContext().context)).status).toBe(
      405,
    );
    const json = await consumptionPage.default(
      new Request('http://localhost/consumo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(HOLDER),
      }),
      testContext().context,
    );
    expect(json.status).toBe(415);
  });
});

describe('GET /api/admin/consumption/{serviceNumber}', () => {
  it('shows staff a service without its RUT, and audits the look before the read', async () => {
    const { token } = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    const { status, body } = await read(
      await callFunction(adminConsumption, 'GET', '/api/admin/consumption/100002', { token }),
    );
    expect(status).toBe(200);
    expect(body.data.periods).toHaveLength(3);
    expect(body.data.explanation).toMatchObject({ from: '2026-10', to: '2026-11', difference: 0 });
    expect(await accessRows(db())).toContainEqual(
      expect.objectContaining({ action: 'view', entity: 'consumption', entity_id: '100002' }),
    );
  });

  it('answers 404 for a service that does not exist, 400 for a number that is not one, 401 without a sign-in', async () => {
    const { token } = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    expect((await callFunction(adminConsumption, 'GET', '/api/admin/consumption/999', { token })).status).toBe(404);
    expect((await callFunction(adminConsumption, 'GET', '/api/admin/consumption/12a', { token })).status).toBe(400);
    expect((await callFunction(adminConsumption, 'GET', '/api/admin/consumption/100001')).status).toBe(401);
  });
});
