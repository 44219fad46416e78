import { beforeEach, describe, expect, it } from 'vitest';
import * as reclamos from '../../netlify/functions/complaints.ts';
import seguimiento, { config } from '../../netlify/functions/cases-follow-up.ts';
import { FIRST_WAIT_SECONDS } from '../../src/server/throttle/throttle.ts';
import { FOLLOW_UP_THROTTLE } from '../../src/server/throttle/uses.ts';
import { caseMessages } from '../../src/shared/cases/schema.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';
import * as adminCases from '../../netlify/functions/admin-cases.ts';

/** /seguimiento: a case's status and replies for its reference and e-mail, nothing else. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let reference: string;
let caseId: string;

const EMAIL = 'rosa.vera@correo.cl';

beforeEach(async () => {
  for (const table of ['case_entries', 'cases', 'complaints', 'outbox', 'follow_up_failures', 'audit_log', 'admins'])
    await db().query(`DELETE FROM ${table}`);
  const { body } = await read(
    await callFunction(reclamos, 'POST', '/api/reclamos', {
      headers: { 'x-local-now': '2026-11-30T15:00:00Z' },
      body: {
        name: 'Rosa',
        surname: 'Vera',
        email: EMAIL,
        address: 'Baquedano 100',
        city: 'Coyhaique',
        complaintDetails: 'Me cobraron dos veces.',
      },
    }),
  );
  reference = body.data.reference;
  caseId = (await db().query<{ id: string }>('SELECT id::text AS id FROM cases'))[0]!.id;
});

/** POST /api/seguimiento from the client at `ip`. */
async function lookUp(body: unknown, ip = '203.0.113.7') {
  const response = await seguimiento(postJson('/api/seguimiento', body), { ...testContext().context, ip });
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

describe('POST /api/seguimiento', () => {
  it('shows the status, the dates and the replies of the case, never the notes or what the citizen sent', async () => {
    const { token } = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    const staff = (path: string, body: unknown) => callFunction(adminCases, 'POST', path, { token, body });
    await staff(`/api/admin/cases/${caseId}/notes`, { body: 'Nota interna: cliente conocido.' });
    await staff(`/api/admin/cases/${caseId}/replies`, { body: 'Le devolveremos el cobro.' });

    const { status, cache, body } = await lookUp({ reference, email: EMAIL });
    expect(status).toBe(200);
    expect(cache).toContain('no-store');
    expect(body.data.case).toEqual({
      kind: 'reclamo',
      reference,
      status: 'respondido',
      received_at: '2026-11-30T15:00:00Z',
      due_on: '2026-12-15',
      answered_at: expect.any(String),
      closed_at: null,
      replies: [
        {
          body: expect.stringMatching(/^Le devolveremos el cobro\.\n\nSi no está conforme/),
          created_at: expect.any(String),
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain('Nota interna');
    expect(JSON.stringify(body)).not.toContain('Me cobraron');
  });

  it('takes the reference in any case and the e-mail in any case, as people type them', async () => {
    expect((await lookUp({ reference: ` ${reference.toLowerCase()} `, email: EMAIL.toUpperCase() })).status).toBe(200);
  });

  it('answers one message for a wrong e-mail, a wrong reference or both, revealing nothing', async () => {
    const answers = [
      await lookUp({ reference, email: 'otra@correo.cl' }),
      await lookUp({ reference: 'REC-AAAAAAAA', email: EMAIL }),
      await lookUp({ reference: 'CON-BBBBBBBB', email: 'otra@correo.cl' }),
    ];
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 404, body: { success: false, error: caseMessages.followUpNotFound } });
    expect(answers.map((answer) => answer.body)).toEqual([answers[0]!.body, answers[0]!.body, answers[0]!.body]);
  });

  const FREE = FOLLOW_UP_THROTTLE.free;

  it(`after ${FREE} failed lookups a client waits, growing, even with the right pair; another client does not`, async () => {
    for (let attempt = 0; attempt < FREE; attempt++)
      expect((await lookUp({ reference, email: `intento${attempt}@correo.cl` })).status).toBe(404);
    const refused = await lookUp({ reference, email: EMAIL });
    expect(refused).toMatchObject({ status: 429 });
    expect(Number(refused.retryAfter)).toBeGreaterThan(FIRST_WAIT_SECONDS - 3);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
    expect(refused.body.error).toBe(caseMessages.followUpThrottled(Number(refused.retryAfter)));
    expect(caseMessages.followUpThrottled(15)).toBe(
      'Demasiadas consultas sin resultado desde esta conexión. Espere 15 segundos e intente nuevamente.',
    );
    expect((await lookUp({ reference, email: EMAIL }, '198.51.100.9')).status).toBe(200);
    // The address is never stored: only its keyed hash.
    const clients = await db().query<{ client: string; failures: number }>(
      'SELECT client, failures FROM follow_up_failures',
    );
    expect(clients).toEqual([{ client: expect.stringMatching(/^[0-9a-f]{64}$/), failures: FREE }]);

    // Once the wait has passed one more failure doubles it.
    await db().query(`UPDATE follow_up_failures SET failed_at = failed_at - interval '16 seconds'`);
    expect((await lookUp({ reference, email: 'otro@correo.cl' })).status).toBe(404);
    expect(Number((await lookUp({ reference, email: EMAIL })).retryAfter)).toBeGreaterThan(2 * FIRST_WAIT_SECONDS - 3);
  });

  it('an IPv6 client is its /64: other addresses in it share its wait, another /64 does not', async () => {
    for (let attempt = 0; attempt < FREE; attempt++)
      await lookUp({ reference, email: `intento${attempt}@correo.cl` }, `2001:db8:5:6::${attempt + 10}`);
    expect((await lookUp({ reference, email: EMAIL }, '2001:db8:5:6:aaaa::1')).status).toBe(429);
    expect((await lookUp({ reference, email: EMAIL }, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('a successful lookup does not count against the client, and leaves no row', async () => {
    for (let attempt = 0; attempt < FREE + 2; attempt++)
      expect((await lookUp({ reference, email: EMAIL })).status).toBe(200);
    expect(await db().query('SELECT 1 FROM follow_up_failures')).toEqual([]);
  });

  it('refuses missing or malformed fields with their messages, and anything but POST', async () => {
    expect(await lookUp({ reference: '', email: 'no-es-correo' })).toMatchObject({
      status: 400,
      body: {
        errors: {
          reference: 'Ingrese el número de referencia.',
          email: 'Por favor ingrese un correo electrónico válido.',
        },
      },
    });
    const get = await seguimiento(new Request('http://localhost/api/seguimiento'), testContext().context);
    expect(get.status).toBe(405);
  });

  it('is rate limited on Netlify too, per client address', () => {
    expect(config.rateLimit).toMatchObject({ aggregateBy: ['ip', 'domain'], windowSize: 60 });
  });
});
