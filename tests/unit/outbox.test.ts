import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail, MailSender } from '../../src/server/mail/mail.ts';
import { deliverDue, enqueueMail } from '../../src/server/mail/outbox.ts';
import { startTestDatabase } from '../helpers/database.ts';

let database: Awaited<ReturnType<typeof startTestDatabase>>;

beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());
beforeEach(() => database.db.query('DELETE FROM outbox'));

const mail: Mail = { to: 'contacto@example.com', subject: 'Asunto', text: 'Cuerpo', replyTo: 'ana@example.com' };

function recordingSender(fail = false) {
  const sent: { mail: Mail; key: string }[] = [];
  const sender: MailSender = {
    async send(mail, key) {
      if (fail) throw new Error('provider down');
      sent.push({ mail, key });
    },
  };
  return { sender, sent };
}

const rows = () =>
  database.db.query<{ status: string; attempts: number; last_error: string | null; due_later: boolean }>(
    'SELECT status, attempts, last_error, next_attempt_at > now() AS due_later FROM outbox ORDER BY id',
  );

describe('the outbox', () => {
  it('sends a stored mail once, with an idempotency key made of its reference and row', async () => {
    await database.db.batch([enqueueMail(mail, 'CON-AAAA2222')]);
    const { sender, sent } = recordingSender();

    expect(await deliverDue(database.db, sender)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDue(database.db, sender)).toEqual({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.mail).toEqual(mail);
    expect(sent[0]!.key).toMatch(/^CON-AAAA2222-\d+$/);
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('keeps a mail whose delivery failed, and sends it on a later run once it is due', async () => {
    await database.db.batch([enqueueMail(mail, 'CON-BBBB3333')]);
    expect(await deliverDue(database.db, recordingSender(true).sender)).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([
      { status: 'pending', attempts: 1, last_error: 'provider down', due_later: true },
    ]);

    const { sender, sent } = recordingSender();
    expect(await deliverDue(database.db, sender)).toEqual({ sent: 0, failed: 0 });

    await database.db.query('UPDATE outbox SET next_attempt_at = now()');
    expect(await deliverDue(database.db, sender)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('gives up after 20 attempts and marks the mail failed', async () => {
    await database.db.batch([enqueueMail(mail, 'CON-CCCC4444')]);
    await database.db.query('UPDATE outbox SET attempts = 19');
    await deliverDue(database.db, recordingSender(true).sender);
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 20 }]);
  });

  it('never sends a mail twice when deliveries run at the same time', async () => {
    await database.db.batch(Array.from({ length: 10 }, (_, i) => enqueueMail(mail, `CON-DDDD${5000 + i}`)));
    const { sender, sent } = recordingSender();
    await Promise.all([
      deliverDue(database.db, sender),
      deliverDue(database.db, sender),
      deliverDue(database.db, sender),
    ]);
    expect(sent).toHaveLength(10);
    expect(new Set(sent.map((s) => s.key)).size).toBe(10);
  });

  it('claims again a mail whose sender died mid-delivery once its lease is over', async () => {
    await database.db.batch([enqueueMail(mail, 'CON-EEEE6666')]);
    await database.db.query(
      "UPDATE outbox SET status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 second'",
    );
    const { sender, sent } = recordingSender();
    expect(await deliverDue(database.db, sender)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
  });
});
