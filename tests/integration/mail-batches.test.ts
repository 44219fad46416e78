import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileSender } from '../../src/server/mail/file-sender.ts';
import { deliverDue } from '../../src/server/outbox/outbox.ts';
import { createResendSender } from '../../src/server/mail/resend-sender.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { startTestDatabase } from '../helpers/database.ts';
import { useFakeResend } from '../helpers/fake-resend.ts';

/**
 * The alerts of a corte go to Resend's batch endpoint, 100 mails a request, each
 * batch under a key made of its mails' own keys, so a retry is the same request.
 */
let database: Awaited<ReturnType<typeof startTestDatabase>>;
const resend = useFakeResend();
const db = () => database.db;
const ORIGIN = 'https://www.example.cl';

beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());
beforeEach(async () => {
  for (const table of ['outage_alerts', 'outage_notices', 'outage_subscriptions', 'outages', 'outbox'])
    await db().query(`DELETE FROM ${table}`);
});

/** Confirmed subscribers of Coyhaique, vecino1@… to vecinoN@…. */
const subscribers = (count: number) =>
  db().query(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     SELECT 'vecino' || i || '@correo.cl', ARRAY['coyhaique'], md5('c' || i || random()), md5('u' || i || random()), now()
     FROM generate_series(1, $1::int) AS i`,
    [count],
  );

async function notice() {
  const [outage] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
     VALUES ('programado', 'coyhaique', 'Villa Los Ñires', '2026-12-03T12:00:00Z', '2026-12-03T20:00:00Z', 'publicado', now())
     RETURNING id::text AS id`,
  );
  await db().query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published')`, [outage!.id]);
}

const sender = () => createResendSender('re_test_key', 'Aguas <no-responder@example.com>');
type BatchBody = { to: string; subject: string; text: string; from: string }[];
const batchBodies = () => resend.requests.map(({ body }) => body as BatchBody);
const statuses = () =>
  db().query<{ recipient: string; status: string; problem: string | null }>(
    `SELECT recipient, status, problem FROM outbox ORDER BY id`,
  );

describe('the alerts of a corte', () => {
  it('are queued 100 to a batch and sent one batch a request, each mail whole', async () => {
    await subscribers(150);
    await notice();
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 150, phones: 0, notices: 1 });
    const batches = await db().query<{ mails: number }>(
      `SELECT count(*)::int AS mails FROM outbox GROUP BY batch_id ORDER BY mails DESC`,
    );
    expect(batches).toEqual([{ mails: 100 }, { mails: 50 }]);

    expect(await deliverDue(db(), sender(), undefined, { limit: 1_000 })).toEqual({
      sent: 150,
      failed: 0,
      throttled: 0,
    });
    expect(resend.requests.map(({ url }) => url)).toEqual(['/emails/batch', '/emails/batch']);
    expect(batchBodies().map((mails) => mails.length)).toEqual([100, 50]);
    for (const { headers } of resend.requests) {
      expect(headers['idempotency-key']).toMatch(/^dev\/batch-[0-9a-f]{40}$/);
      expect(headers['x-batch-validation']).toBe('permissive');
    }
    const recipients = batchBodies().flatMap((mails) => mails.map(({ to }) => to));
    expect(new Set(recipients).size).toBe(150);
    expect(batchBodies()[0]![0]).toMatchObject({
      from: 'Aguas <no-responder@example.com>',
      subject: 'Corte de agua programado en Coyhaique',
      text: expect.stringContaining('/cortes/alertas/baja?token='),
    });
    expect(new Set((await statuses()).map(({ status }) => status))).toEqual(new Set(['sent']));
  });

  it('never split a batch, even for a run whose limit is one mail', async () => {
    await subscribers(30);
    await notice();
    await queueOutageAlerts(db(), ORIGIN);
    expect(await deliverDue(db(), sender(), undefined, { limit: 1 })).toEqual({ sent: 30, failed: 0, throttled: 0 });
    expect(batchBodies().map((mails) => mails.length)).toEqual([30]);
  });

  it('repeat the same request, same key and same mails, after a failure whose outcome is unknown', async () => {
    await subscribers(3);
    await notice();
    await queueOutageAlerts(db(), ORIGIN);
    resend.answer({ status: 500, body: { statusCode: 500, name: 'internal_server_error', message: 'Unexpected.' } });
    expect(await deliverDue(db(), sender())).toEqual({ sent: 0, failed: 3, throttled: 0 });
    await db().query('UPDATE outbox SET next_attempt_at = now()');
    expect(await deliverDue(db(), sender())).toEqual({ sent: 3, failed: 0, throttled: 0 });
    const [first, second] = resend.requests;
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toEqual(first!.body);
  });

  it('hold only the mail Resend refuses in a batch; the others are sent', async () => {
    await subscribers(3);
    await notice();
    await queueOutageAlerts(db(), ORIGIN);
    resend.answer({
      status: 200,
      body: { data: [{ id: 'a' }, { id: 'c' }], errors: [{ index: 1, message: 'Invalid `to` field.' }] },
    });
    expect(await deliverDue(db(), sender())).toEqual({ sent: 2, failed: 1, throttled: 0 });
    expect((await statuses()).map(({ status, problem }) => [status, problem])).toEqual([
      ['sent', null],
      ['held', 'rejected'],
      ['sent', null],
    ]);
  });

  it('are never more than 100 to a batch, whatever the fan-out is asked', async () => {
    await subscribers(120);
    await notice();
    await queueOutageAlerts(db(), ORIGIN, { batch: 500 });
    const batches = await db().query<{ mails: number }>(
      `SELECT count(*)::int AS mails FROM outbox GROUP BY batch_id ORDER BY mails DESC`,
    );
    expect(batches).toEqual([{ mails: 100 }, { mails: 20 }]);
  });

  it('in local mode become one .eml file per mail, named by its own key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'eml-'));
    await subscribers(3);
    await notice();
    await queueOutageAlerts(db(), ORIGIN);
    expect(await deliverDue(db(), createFileSender(dir, 'Aguas <no-responder@example.com>'))).toEqual({
      sent: 3,
      failed: 0,
      throttled: 0,
    });
    const rows = await db().query<{ reference: string; id: string; recipient: string }>(
      'SELECT reference, id::text AS id, recipient FROM outbox ORDER BY id',
    );
    expect((await readdir(dir)).sort()).toEqual(rows.map(({ reference, id }) => `${reference}-${id}.eml`).sort());
    for (const { reference, id, recipient } of rows)
      expect(await readFile(path.join(dir, `${reference}-${id}.eml`), 'utf8')).toMatch(
        new RegExp(`^To: ${recipient.replace('.', '\\.')}$`, 'm'),
      );
    await rm(dir, { recursive: true, force: true });
  });
});
