import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import casesDigest from '../../netlify/functions/cases-digest.ts';
import { queueRightsDigest } from '../../src/server/rights/digest.ts';
import { site } from '../../src/shared/site.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * The privacy mailbox's digest: the open rights requests overdue or due within 3
 * business days, with their right, deadline and whether the e-mail is confirmed; once a day.
 */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.example.cl';

// Wednesday 2 December 2026, 09:00 in Chile (UTC−3): 3 business days ahead is Monday 7 December.
const MORNING = new Date('2026-12-02T12:00:00Z');

async function rightsRequest(reference: string, due: string, { status = 'recibido', confirmed = true } = {}) {
  await db().batch([
    {
      text: `INSERT INTO cases (kind, reference, status, citizen_name, citizen_email, due_on)
             VALUES ('derechos', $1, $2, 'Rosa Vera', 'rosa@correo.cl', $3)`,
      params: [reference, status, due],
    },
    {
      text: `INSERT INTO rights_requests (reference, type, name, email, details, confirm_expires_at, email_confirmed_at)
             VALUES ($1, 'acceso', 'Rosa Vera', 'rosa@correo.cl', 'Mis datos.', now(), $2)`,
      params: [reference, confirmed ? '2026-11-20T12:00:00Z' : null],
    },
  ]);
}

const digests = () =>
  db().query<{ reference: string; recipient: string; subject: string; body: string }>(
    `SELECT reference, recipient, subject, body FROM outbox WHERE reference LIKE 'DIG-DERECHOS-%' ORDER BY id`,
  );

beforeEach(async () => {
  await db().query('TRUNCATE cases, case_entries, rights_requests, rights_digests, case_digests, outbox CASCADE');
});

describe('queueRightsDigest', () => {
  it('lists exactly the open requests overdue or due within 3 business days, the most overdue first', async () => {
    await rightsRequest('DER-OVERDUE2', '2026-11-27', { status: 'en_revision' });
    await rightsRequest('DER-TODAY222', '2026-12-02', { confirmed: false });
    await rightsRequest('DER-MONDAY22', '2026-12-07');
    await rightsRequest('DER-TUESDAY2', '2026-12-09'); // 4 business days ahead (8 December is a holiday): not yet
    await rightsRequest('DER-ANSWERED', '2026-11-20', { status: 'respondido' });
    await rightsRequest('DER-CLOSED22', '2026-11-20', { status: 'cerrado' });
    // A complaint due today is the complaints mailbox's digest, not this one.
    await db().query(
      `INSERT INTO cases (kind, reference, citizen_name, citizen_email, due_on)
       VALUES ('reclamo', 'REC-TODAY222', 'Rosa Vera', 'rosa@correo.cl', '2026-12-02')`,
    );

    expect(await queueRightsDigest(db(), MORNING, ORIGIN)).toBe(3);

    const [mail] = await digests();
    expect(mail).toMatchObject({
      reference: 'DIG-DERECHOS-2026-12-02',
      recipient: site.mailboxes.privacy,
      subject: 'Solicitudes de derechos: 1 vencida y 2 por vencer (miércoles, 2 de diciembre de 2026)',
    });
    expect(mail!.body.split('\n')).toEqual([
      'Solicitudes de derechos sobre datos personales abiertas al miércoles, 2 de diciembre de 2026.',
      '',
      'Vencidas (1):',
      '- DER-OVERDUE2 · Acceso · venció el viernes, 27 de noviembre de 2026 (hace 3 días hábiles) · correo confirmado',
      '',
      'Vencen en los próximos 3 días hábiles (2):',
      '- DER-TODAY222 · Acceso · vence hoy · correo sin confirmar',
      '- DER-MONDAY22 · Acceso · vence el lunes, 7 de diciembre de 2026 (quedan 3 días hábiles) · correo confirmado',
      '',
      `Revíselas en ${ORIGIN}/admin/atencion`,
    ]);
    expect(await db().query('SELECT day::text, requests FROM rights_digests')).toEqual([
      { day: '2026-12-02', requests: 3 },
    ]);
  });

  it('sends nothing on a day with nothing to list', async () => {
    await rightsRequest('DER-LATER222', '2026-12-15');
    expect(await queueRightsDigest(db(), MORNING, ORIGIN)).toBe(0);
    expect(await digests()).toEqual([]);
    expect(await db().query('SELECT 1 FROM rights_digests')).toEqual([]);
  });

  it('waits for 08:00 in Aysén, then sends once a day however many runs there are', async () => {
    await rightsRequest('DER-TODAY222', '2026-12-02');
    // 07:30 in Chile.
    expect(await queueRightsDigest(db(), new Date('2026-12-02T10:30:00Z'), ORIGIN)).toBe(0);
    const runs = await Promise.all([0, 1, 2].map(() => queueRightsDigest(db(), MORNING, ORIGIN)));
    expect(runs.filter((listed) => listed > 0)).toEqual([1]);
    expect(await queueRightsDigest(db(), new Date('2026-12-02T20:00:00Z'), ORIGIN)).toBe(0);
    expect(await digests()).toHaveLength(1);
    // The next day is a new digest.
    expect(await queueRightsDigest(db(), new Date('2026-12-03T12:00:00Z'), ORIGIN)).toBe(1);
    expect(await digests()).toHaveLength(2);
  });
});

describe('the hourly cases-digest function', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('queues the privacy mailbox its digest, and leaves the request out of the complaints mailbox’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MORNING });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await rightsRequest('DER-TODAY222', '2026-12-02');
    const { context, settle } = testContext();

    const response = await casesDigest(new Request('http://localhost/.netlify/functions/cases-digest'), context);
    await settle();

    // An open case too, but the complaints mailbox's digest leaves it to the privacy mailbox's.
    expect(await response.json()).toEqual({ listed: 0, rights: 1 });
    expect((await digests()).map((mail) => mail.recipient)).toEqual([site.mailboxes.privacy]);
  });
});
