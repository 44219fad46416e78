import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { confirmPhone, subscribePhone } from '../../src/server/outage-alerts/phone-subscriptions.ts';
import { phoneAlertMessages } from '../../src/shared/outage-alerts/schema.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * Alerts by phone on a real PostgreSQL 17, a session per competitor: two confirmations with the
 * one code confirm once, two fan-outs never text a phone twice, and a town of 20,000 phones is
 * queued by runs that each end within their deadline.
 */
const ROUNDS = 20;
let postgres: RealPostgres;
let competitors: Database[];

beforeAll(async () => {
  postgres = await startRealPostgres();
  competitors = [postgres.connect(), postgres.connect(), postgres.connect()];
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

const PHONE = '+56987654321';

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
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.status)).sort()).toEqual([
        `NotFound: ${phoneAlertMessages.invalidCode}`,
        'fulfilled',
      ]);
      expect(
        await postgres.db.query('SELECT code_hash FROM outage_subscriptions WHERE confirmed_at IS NOT NULL'),
      ).toEqual([{ code_hash: null }]);
    }
  });
});

describe('two fan-outs at once', () => {
  it(`never text a phone twice (${ROUNDS} rounds of three runs)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const table of ['outage_alerts', 'outage_notices', 'outage_subscriptions', 'outages', 'outbox'])
        await postgres.db.query(`DELETE FROM ${table}`);
      await postgres.db.query(
        `INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at)
         SELECT '+5699' || lpad(i::text, 7, '0'), 'sms', '{coyhaique}', now() FROM generate_series(1, 30) AS i`,
      );
      await publishedNotice();
      const queued = await Promise.all(competitors.map((db) => queueOutageAlerts(db, 'https://www.example.cl', { batch: 7 })));
      expect(queued.reduce((sum, { phones }) => sum + phones, 0)).toBe(30);
      const [{ texts, phones }] = (await postgres.db.query<{ texts: number; phones: number }>(
        `SELECT count(*)::int AS texts, count(DISTINCT recipient)::int AS phones FROM outbox WHERE channel = 'sms'`,
      )) as [{ texts: number; phones: number }];
      expect({ texts, phones }).toEqual({ texts: 30, phones: 30 });
    }
  });
});

describe('a town of 20,000 phones', () => {
  it('is queued by runs that each stop at their deadline and, together, reach every phone once', { timeout: 300_000 }, async () => {
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
    const [{ texts, phones }] = (await postgres.db.query<{ texts: number; phones: number }>(
      `SELECT count(*)::int AS texts, count(DISTINCT recipient)::int AS phones FROM outbox WHERE channel = 'sms'`,
    )) as [{ texts: number; phones: number }];
    expect({ texts, phones }).toEqual({ texts: 20_000, phones: 20_000 });
  });
});
