import { readdir } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import * as adminOutbox from '../../netlify/functions/admin-outbox.ts';
import { enqueueMail } from '../../src/server/outbox/outbox.ts';
import { site } from '../../src/shared/site.ts';
import { auditRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';

/** Correo saliente: the unsent mail for staff, the shell's alert and Reintentar ahora. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let token: string;

beforeEach(async () => {
  await db().query('DELETE FROM outbox');
  await db().query('DELETE FROM audit_log');
  await db().query('DELETE FROM admins');
  token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com')).token;
});

const denuncia = { to: site.mailboxes.compliance, subject: 'Denuncia DEN-AAAA2222', text: 'Texto confidencial' };
const receipt = { to: 'cliente@example.com', subject: 'Comprobante', text: 'Pagó $18.990' };
/** What the channel mails a reporter who asked to be told of a reply, and compliance of its deadlines. */
const notice = { to: 'denunciante@example.com', subject: 'Tiene un mensaje nuevo', text: 'Léalo con su código' };
const reminder = { to: site.mailboxes.compliance, subject: 'Plazos de denuncias por vencer', text: 'DEN-AAAA3333' };

/** Stores mails as a failed delivery left them: `age` minutes old, in `status`. */
async function unsent(mail: typeof denuncia, reference: string, age: number, status = 'pending', problem = 'provider') {
  await db().batch([enqueueMail(mail, reference)]);
  await db().query(
    `UPDATE outbox SET created_at = now() - $2 * interval '1 minute', status = $3, problem = $4, attempts = 3,
       last_error = 'Resend rejected the mail', next_attempt_at = now() + interval '30 minutes'
     WHERE reference = $1`,
    [reference, age, status, problem],
  );
}

const get = async (path: string) => read(await callFunction(adminOutbox, 'GET', path, { token }));
const retry = async (id: string) =>
  read(await callFunction(adminOutbox, 'POST', `/api/admin/outbox/${id}/retry`, { token }));

describe('GET /api/admin/outbox', () => {
  it('lists the unsent mail oldest first: what it is, whether to the utility, its age and why; never its text or address', async () => {
    await unsent(receipt, 'AP1234567890', 30, 'held', 'rejected');
    await unsent(denuncia, 'DEN-AAAA2222', 90);
    await db().batch([enqueueMail(receipt, 'CON-SENT2222')]);
    await db().query(`UPDATE outbox SET status = 'sent' WHERE reference = 'CON-SENT2222'`);
    const both = await signedInAdmin(db(), 'Clara Cumplimiento', 'clara@example.com', [
      'administrador',
      'cumplimiento',
    ]);

    const { status, body } = await read(
      await callFunction(adminOutbox, 'GET', '/api/admin/outbox', { token: both.token }),
    );
    expect(status).toBe(200);
    expect(body.data.mails).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        reference: 'DEN-AAAA2222',
        channel: 'email',
        to_utility: true,
        status: 'pending',
        problem: 'provider',
        attempts: 3,
        created_at: expect.any(String),
        next_attempt_at: expect.any(String),
      },
      expect.objectContaining({ reference: 'AP1234567890', to_utility: false, status: 'held', problem: 'rejected' }),
    ]);
    const text = JSON.stringify(body);
    for (const secret of ['Texto confidencial', 'Denuncia DEN', site.mailboxes.compliance, 'cliente@example.com'])
      expect(text).not.toContain(secret);
  });

  it("keeps the denuncias channel's mail from an administrator without the compliance role", async () => {
    await unsent(denuncia, 'DEN-AAAA3333', 90);
    await unsent(notice, 'DEN-AAAA4444', 80);
    await unsent(reminder, 'PLAZOS-2026-12-01', 70);
    await unsent(receipt, 'AP1234567891', 30);

    const { body } = await get('/api/admin/outbox');
    expect(body.data.mails.map((mail: { reference: string }) => mail.reference)).toEqual(['AP1234567891']);
    expect((await get('/api/admin/outbox/summary')).body.data).toEqual({ stalled: 0 });
    const [notified] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM outbox WHERE reference = 'DEN-AAAA4444'`,
    );
    expect((await retry(notified!.id)).status).toBe(404);
    expect(await auditRows(db())).toEqual([]);
  });
});

describe('GET /api/admin/outbox/summary', () => {
  it('counts the mail unsent for more than an hour and the held mail', async () => {
    expect((await get('/api/admin/outbox/summary')).body.data).toEqual({ stalled: 0 });
    await unsent(receipt, 'AP0034567890', 59);
    expect((await get('/api/admin/outbox/summary')).body.data).toEqual({ stalled: 0 });
    await unsent(receipt, 'AP0134567890', 61);
    await unsent(receipt, 'AP2234567890', 1, 'held', 'rejected');
    expect((await get('/api/admin/outbox/summary')).body.data).toEqual({ stalled: 2 });
  });
});

describe('POST /api/admin/outbox/{id}/retry', () => {
  it('delivers a held mail now, answers mail null once sent, and writes an audit row', async () => {
    await unsent(receipt, 'AP3234567890', 120, 'held', 'rejected');
    const [{ id }] = (await get('/api/admin/outbox')).body.data.mails;
    expect(await retry(id)).toEqual({ status: 200, body: { success: true, data: { mail: null } } });
    expect(await db().query('SELECT status, problem FROM outbox')).toEqual([{ status: 'sent', problem: null }]);
    expect((await readdir(environment.outboxDir)).filter((file) => file.startsWith('AP3234567890'))).toHaveLength(1);
    expect(await auditRows(db())).toEqual([
      { admin_email: 'ana@example.com', action: 'retry', entity: 'mail', entity_id: id, summary: 'AP3234567890' },
    ]);
    // Sent already: nothing to retry.
    expect((await retry(id)).status).toBe(404);
  });

  it("makes a phone's message due and leaves it to the background sender, never to the mail lane", async () => {
    const [{ id }] = (await db().query<{ id: string }>(
      `INSERT INTO outbox (reference, recipient, subject, body, context, channel, status, problem, next_attempt_at)
       VALUES ('COR-12', '+56987654321', 'Corte', 'Texto', 'dev', 'sms', 'held', 'provider', now() + interval '1 hour')
       RETURNING id::text`,
    )) as [{ id: string }];
    expect((await get('/api/admin/outbox')).body.data.mails).toMatchObject([{ id, channel: 'sms' }]);
    const { status, body } = await retry(id);
    expect(status).toBe(200);
    expect(body.data.mail).toMatchObject({ id, channel: 'sms', status: 'pending', attempts: 0 });
    const [row] = await db().query<{ due: boolean }>(
      'SELECT next_attempt_at <= now() AS due FROM outbox WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ due: true });
    expect(await readdir(environment.outboxDir)).not.toContainEqual(expect.stringMatching(/^COR-12/));
  });

  it('answers 404 for a mail that does not exist or an id that is not one', async () => {
    expect(await retry('999999')).toEqual({
      status: 404,
      body: {
        success: false,
        error: 'Ese correo ya se envió o no existe.',
        message: 'Ese correo ya se envió o no existe.',
      },
    });
    expect((await retry('abc')).status).toBe(404);
    expect(await auditRows(db())).toEqual([]);
  });

  it('answers 405 to another method', async () => {
    expect((await callFunction(adminOutbox, 'GET', '/api/admin/outbox/1/retry', { token })).status).toBe(405);
  });
});
