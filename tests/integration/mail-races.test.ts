import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { enqueueAcknowledgement } from '../../src/server/mail/acknowledgements.ts';
import type { MailSender } from '../../src/server/mail/mail.ts';
import { deliverDue, enqueueMail } from '../../src/server/outbox/outbox.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { confirmPhone, subscribePhone } from '../../src/server/outage-alerts/phone-subscriptions.ts';
import type { PhoneSender } from '../../src/server/phone-alerts/phone-sender.ts';
import { drainPhoneQueue } from '../../src/server/phone-alerts/send-queue.ts';
import { phoneAlertMessages } from '../../src/shared/outage-alerts/schema.ts';

import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * The outbox and the alerts' fan-out on a real PostgreSQL 17 with a session per competitor: two scheduled
 * runs at once never send a mail twice nor split a batch, two fan-outs never alert anyone twice,
 * the acknowledgement cap holds under simultaneous submissions, and runs share the provider's pace.
 * By phone: two confirmations with the one code confirm once, two fan-outs never text a phone
 * twice, and a town of 20,000 phones is queued by runs that each end within their deadline.
 */
const ROUNDS = 20;
let postgres: RealPostgres;
let competitors: Database[];

beforeAll(async () => {
  postgres = await startRealPostgres();
  competitors = [postgres.connect(), postgres.connect(), postgres.connect()];
  // A scheduled function runs in production; its context comes from Netlify's runtime.
  vi.stubGlobal('Netlify', { context: { deploy: { context: 'production' } }, env: {} });
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await postgres?.stop();
});
beforeEach(async () => {
  for (const table of ['outage_alerts', 'outage_notices', 'outage_subscriptions', 'outages', 'outbox'])
    await postgres.db.query(`DELETE FROM ${table}`);
  await postgres.db.query('DELETE FROM mail_acknowledgements');
  await postgres.db.query('DELETE FROM follow_up_failures');
});

/** Records each request: a single mail's key, or a batch's keys together. */
function recordingSender(requestInterval = 0) {
  const requests: { keys: string[]; at: number }[] = [];
  const sender: MailSender = {
    requestInterval,
    async send(_mail, key) {
      requests.push({ keys: [key], at: Date.now() });
      await sleep(2);
    },
    async sendBatch(items) {
      requests.push({ keys: items.map(({ key }) => key), at: Date.now() });
      await sleep(2);
      return items.map(() => undefined);
    },
  };
  return { sender, requests };
}

const mail = { to: 'vecina@example.com', subject: 'Asunto', text: 'Cuerpo' };

describe('two outbox runs at once', () => {
  it(`never send a mail twice nor split a batch (${ROUNDS} rounds of three runs)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await postgres.db.query('DELETE FROM outbox');
      await postgres.db.batch(Array.from({ length: 12 }, (_, i) => enqueueMail(mail, `CON-RACE${1000 + i}`)));
      const batches = [randomUUID(), randomUUID(), randomUUID()];
      await postgres.db.query(
        `INSERT INTO outbox (reference, recipient, subject, body, context, batch_id)
         SELECT 'COR-' || b.n, 'vecino' || i || '@correo.cl', 'Corte', 'Cuerpo', 'production', b.id
         FROM unnest($1::uuid[]) WITH ORDINALITY AS b(id, n), generate_series(1, 40) AS i`,
        [batches],
      );
      const { sender, requests } = recordingSender();
      const results = await Promise.all(competitors.map((db) => deliverDue(db, sender, undefined, { limit: 500 })));

      expect(results.reduce((sum, { sent }) => sum + sent, 0)).toBe(12 + 3 * 40);
      const keys = requests.flatMap((request) => request.keys);
      expect(keys).toHaveLength(12 + 3 * 40);
      expect(new Set(keys).size).toBe(keys.length);
      // Each batch went whole, in one request.
      expect(requests.map(({ keys }) => keys.length).sort((a, b) => a - b)).toEqual([
        ...Array<number>(12).fill(1),
        40,
        40,
        40,
      ]);
      const [{ unsent }] = (await postgres.db.query<{ unsent: number }>(
        `SELECT count(*)::int AS unsent FROM outbox WHERE status <> 'sent'`,
      )) as [{ unsent: number }];
      expect(unsent).toBe(0);
    }
  });

  it('share the provider’s pace: their calls, together, keep the interval', async () => {
    await postgres.db.batch(Array.from({ length: 6 }, (_, i) => enqueueMail(mail, `CON-PACE${1000 + i}`)));
    await postgres.db.query(`UPDATE provider_pace SET next_slot = '-infinity'`);
    const { sender, requests } = recordingSender(250);
    await Promise.all(competitors.slice(0, 2).map((db) => deliverDue(db, sender)));
    const starts = requests.map(({ at }) => at).sort((a, b) => a - b);
    expect(starts).toHaveLength(6);
    // The turns are exact; when a run wakes for its turn jitters on a busy machine (up to tens of
    // ms), never accumulating: unpaced, the calls would come within a few milliseconds.
    for (const [i, start] of starts.slice(1).entries()) {
      expect(start - starts[i]!).toBeGreaterThanOrEqual(150);
      expect(start - starts[0]!).toBeGreaterThanOrEqual((i + 1) * 250 - 100);
    }
  });
});

describe('two alert fan-outs at once', () => {
  it(`never alert a subscriber twice, by mail or by phone (${ROUNDS} rounds of three runs)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const table of ['outage_alerts', 'outage_notices', 'outage_subscriptions', 'outages', 'outbox'])
        await postgres.db.query(`DELETE FROM ${table}`);
      await postgres.db.query(
        `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
         SELECT 'vecino' || i || '@correo.cl', ARRAY['coyhaique'], md5('c' || i || random()), md5('u' || i || random()), now()
         FROM generate_series(1, 30) AS i`,
      );
      await postgres.db.query(
        `INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at)
         SELECT '+5699' || lpad(i::text, 7, '0'), 'sms', '{coyhaique}', now() FROM generate_series(1, 30) AS i`,
      );
      const [outage] = await postgres.db.query<{ id: string }>(
        `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
         VALUES ('programado', 'coyhaique', 'Centro', now(), now() + interval '4 hours', 'publicado', now()) RETURNING id`,
      );
      await postgres.db.query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published')`, [outage!.id]);

      const queued = await Promise.all(
        competitors.map((db) => queueOutageAlerts(db, 'https://www.example.cl', { batch: 10 })),
      );
      expect(queued.reduce((sum, { mails }) => sum + mails, 0)).toBe(30);
      expect(queued.reduce((sum, { phones }) => sum + phones, 0)).toBe(30);
      expect(await textsQueued()).toEqual({ texts: 30, phones: 30 });
      const { sender, requests } = recordingSender();
      await Promise.all(competitors.map((db) => deliverDue(db, sender, undefined, { limit: 500 })));
      const recipients = await postgres.db.query<{ recipient: string }>(
        `SELECT recipient FROM outbox WHERE status = 'sent' AND channel = 'email'`,
      );
      expect(recipients).toHaveLength(30);
      expect(new Set(recipients.map(({ recipient }) => recipient)).size).toBe(30);
      expect(requests.flatMap(({ keys }) => keys)).toHaveLength(30);
    }
  });
});

describe('simultaneous submissions to one address', () => {
  it(`get at most the day's three acknowledgements, however spelt (${ROUNDS} rounds of ten)`, async () => {
    const spellings = [
      'Ana.Rojas@gmail.com',
      'anarojas+1@gmail.com',
      'ANAROJAS@googlemail.com',
      'a.na.rojas@gmail.com',
    ];
    const pools = Array.from({ length: 10 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      await postgres.db.batch([{ text: 'DELETE FROM outbox' }, { text: 'DELETE FROM mail_acknowledgements' }]);
      await Promise.all(
        pools.map((db, i) =>
          db.batch([
            enqueueAcknowledgement(
              { to: spellings[i % spellings.length]!, subject: 'Recibimos su mensaje', text: 'Texto' },
              `CON-ACK${1000 + i}`,
            ),
          ]),
        ),
      );
      const [{ mails }] = (await postgres.db.query<{ mails: number }>('SELECT count(*)::int AS mails FROM outbox')) as [
        { mails: number },
      ];
      expect(mails).toBe(3);
    }
  });
});

const PHONE = '+56987654321';

/** The texts in the outbox, and how many phones they go to. */
const textsQueued = async () =>
  (
    await postgres.db.query<{ texts: number; phones: number }>(
      `SELECT count(*)::int AS texts, count(DISTINCT recipient)::int AS phones FROM outbox WHERE channel = 'sms'`,
    )
  )[0];

async function publishedNotice() {
  const [outage] = await postgres.db.query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
     VALUES ('emergencia', 'coyhaique', 'Centro', now(), now() + interval '4 hours', 'publicado', now()) RETURNING id::text AS id`,
  );
  await postgres.db.query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published')`, [outage!.id]);
}

describe('two confirmations of one code at once', () => {
  it(`confirm once: the other is told the code is spent (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await postgres.db.query('DELETE FROM outage_subscriptions');
      await postgres.db.query('DELETE FROM outbox');
      await postgres.db.query('DELETE FROM mail_acknowledgements');
      // The loser's attempt counts on the phone's counter: twenty rounds would make it wait.
      await postgres.db.query('DELETE FROM follow_up_failures');
      await subscribePhone(postgres.db, { phone: PHONE, towns: ['coyhaique'], channel: 'sms' });
      const [{ body }] = (await postgres.db.query<{ body: string }>('SELECT body FROM outbox')) as [{ body: string }];
      const code = /\d{6}/.exec(body)![0];
      const outcomes = await Promise.allSettled(
        competitors
          .slice(0, 2)
          .map((db, index) => confirmPhone(db, { phone: PHONE, code }, `203.0.113.${round * 2 + index + 1}`)),
      );
      expect(
        outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.status)).sort(),
      ).toEqual([`NotFound: ${phoneAlertMessages.invalidCode}`, 'fulfilled']);
      expect(
        await postgres.db.query('SELECT code_hash FROM outage_subscriptions WHERE confirmed_at IS NOT NULL'),
      ).toEqual([{ code_hash: null }]);
    }
  });
});

describe('two background senders at once', () => {
  it(`one sends, the other finds the lease held; nobody is texted twice (${ROUNDS} rounds)`, async () => {
    let held = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await postgres.db.query('DELETE FROM outbox');
      await postgres.db.query(`UPDATE phone_send_lease SET held_until = '-infinity'`);
      await postgres.db.query(
        `INSERT INTO outbox (reference, recipient, subject, body, context, channel)
         SELECT 'COR-1', '+5699' || lpad(i::text, 7, '0'), 'Corte', 'Texto', 'production', 'sms'
         FROM generate_series(1, 20) AS i`,
      );
      const sent: string[] = [];
      const sender: PhoneSender = {
        requestInterval: 0,
        send: async ({ to }) => {
          sent.push(to);
          return { providerId: `SM${round}-${sent.length}` };
        },
        sentSince: () => Promise.resolve(undefined),
      };
      const outcomes = await Promise.all(
        competitors.slice(0, 2).map((db) => drainPhoneQueue(db, sender, 'https://www.example.cl', deadlineIn(60_000))),
      );
      // One after the other (a fast first run) is no race, but both must still send each message once.
      if (outcomes.some(({ kind }) => kind === 'busy')) held += 1;
      expect(sent).toHaveLength(20);
      expect(new Set(sent).size).toBe(20);
    }
    // The lease was raced for, not only taken in turn.
    expect(held).toBeGreaterThan(0);
  });
});

describe('a town of 20,000 phones', () => {
  it(
    'is queued by runs that each stop at their deadline and, together, reach every phone once',
    { timeout: 300_000 },
    async () => {
      await postgres.db.query(
        `INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at)
       SELECT '+5699' || lpad(i::text, 7, '0'), 'sms', '{coyhaique}', now() FROM generate_series(1, 20000) AS i`,
      );
      await publishedNotice();
      const runs: { phones: number; ms: number }[] = [];
      const started = performance.now();
      // Each run is given 10 s, as the scheduled function gives its fan-out (outage-alerts.ts).
      for (let run = 0; run < 50; run++) {
        const begun = performance.now();
        const { phones, notices } = await queueOutageAlerts(postgres.db, 'https://www.example.cl', {
          deadline: deadlineIn(10_000),
        });
        runs.push({ phones, ms: Math.round(performance.now() - begun) });
        if (notices === 1) break;
      }
      const total = Math.round(performance.now() - started);
      console.log(`20,000 phones queued in ${runs.length} run(s), ${total} ms: ${JSON.stringify(runs)}`);
      expect(runs.reduce((sum, { phones }) => sum + phones, 0)).toBe(20_000);
      // A run stops queueing at its deadline; the batch under way when it passes ends within the 30 s a function has.
      for (const { ms } of runs) expect(ms).toBeLessThan(30_000);
      expect(await textsQueued()).toEqual({ texts: 20_000, phones: 20_000 });
    },
  );
});
