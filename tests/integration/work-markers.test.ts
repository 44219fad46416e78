import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import outageAlerts from '../../netlify/functions/outage-alerts.ts';
import outboxRetry from '../../netlify/functions/outbox-retry.ts';
import reconcile from '../../netlify/functions/payments-reconcile.ts';
import { contextStore } from '../../src/server/blob-stores.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { enqueueMail } from '../../src/server/outbox/outbox.ts';
import {
  DAILY_CHECK_MS,
  lookReason,
  markerStore,
  markWork,
  runWhenDue,
} from '../../src/server/work-markers/markers.ts';
import { markingQueues } from '../../src/server/work-markers/queueing.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';
import { forgetRunRecords } from '../helpers/work-markers.ts';

const environment = useLocalEnvironment();
const db = () => environment.database.db;

const SCHEDULED = { 'payments-reconcile': reconcile, 'outage-alerts': outageAlerts, 'outbox-retry': outboxRetry };
type Scheduled = keyof typeof SCHEDULED;
const runScheduled = (name: Scheduled) =>
  SCHEDULED[name](
    new Request(`http://localhost/.netlify/functions/${name}`, { method: 'POST' }),
    testContext().context,
  );

/** The database queries and batches the functions make, through the process's database. */
function countTrips() {
  const database = getDatabase();
  const query = vi.spyOn(database, 'query');
  const batch = vi.spyOn(database, 'batch');
  return () => query.mock.calls.length + batch.mock.calls.length;
}

const pendingMails = async () =>
  (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`))[0]!.n;

beforeEach(async () => {
  await db().query('DELETE FROM outbox');
  await forgetRunRecords();
  await contextStore('work-markers').delete('written/outbox');
  // The first run of each finds no record and looks, as on a new site; it leaves one behind.
  for (const name of Object.keys(SCHEDULED) as Scheduled[]) await runScheduled(name);
});
afterEach(() => vi.restoreAllMocks());

describe('a scheduled run with no work', () => {
  it.each(Object.keys(SCHEDULED) as Scheduled[])('%s makes no database query', async (name) => {
    const trips = countTrips();
    const response = await runScheduled(name);
    expect(response.ok).toBe(true);
    expect(trips()).toBe(0);
  });
});

describe('a scheduled run with work marked', () => {
  it('looks when a step queued a mail through the database port, and delivers it', async () => {
    await getDatabase().batch([
      enqueueMail({ to: 'vecina@example.com', subject: 'Aviso', text: 'Texto' }, 'CON-MARK2345'),
    ]);
    expect(await lookReason('outbox', markerStore(), new Date())).toBe('written');
    const trips = countTrips();
    await runScheduled('outbox-retry');
    expect(trips()).toBeGreaterThan(0);
    expect(await pendingMails()).toBe(0);
    // Done: the next run looks once more while the mail's mark is within CLOCK_SKEW_MS of this look
    // (another machine's clock may be behind), and is idle on one clock.
    expect(await lookReason('outbox', markerStore(), new Date())).toBe('written');
    expect(await lookReason('outbox', markerStore(), new Date(), 0)).toBe('idle');
  });

  it('looks when the work it left for later is due, and not before', async () => {
    const store = markerStore();
    const start = Date.now();
    await forgetRunRecords();
    await runWhenDue('outbox', async () => ({ result: null, nextDue: new Date(start + 120_000) }), {
      store,
      now: () => new Date(start),
    });
    expect(await lookReason('outbox', store, new Date(start + 119_000))).toBe('idle');
    expect(await lookReason('outbox', store, new Date(start + 120_000))).toBe('due');
  });
});

describe('a marker the run cannot trust, or one that was lost', () => {
  it('an unreadable record makes the run look', async () => {
    await contextStore('work-markers').set('run/outbox', '{"lookedAt": ');
    expect(await lookReason('outbox', markerStore(), new Date())).toBe('no-record');
    await contextStore('work-markers').setJSON('run/outbox', { lookedAt: 'ayer', nextDue: null });
    expect(await lookReason('outbox', markerStore(), new Date())).toBe('no-record');
  });

  it('the daily look falls at the start of an hour, with the hourly runs, and is never more than a day apart', async () => {
    const store = markerStore();
    const at = (iso: string) => new Date(iso);
    await store.setJSON('run/outbox', { lookedAt: '2026-12-01T10:30:00.000Z', nextDue: null });
    expect(await lookReason('outbox', store, at('2026-12-02T09:20:00.000Z'))).toBe('idle');
    expect(await lookReason('outbox', store, at('2026-12-02T10:02:00.000Z'))).toBe('daily');
    expect(await lookReason('outbox', store, at('2026-12-02T10:10:00.000Z'))).toBe('idle');
    expect(await lookReason('outbox', store, at('2026-12-02T10:30:00.000Z'))).toBe('daily');
  });

  it('the daily check finds a mail whose marker was lost', async () => {
    // Queued behind the port: the test's own connection marks nothing, as a failed marker write would.
    await db().batch([enqueueMail({ to: 'perdido@example.com', subject: 'Aviso', text: 'Texto' }, 'CON-LOST2345')]);
    await runScheduled('outbox-retry');
    expect(await pendingMails()).toBe(1);

    const store = markerStore();
    await store.setJSON('run/outbox', { lookedAt: new Date(Date.now() - DAILY_CHECK_MS).toISOString(), nextDue: null });
    expect(await lookReason('outbox', store, new Date())).toBe('daily');
    await runScheduled('outbox-retry');
    expect(await pendingMails()).toBe(0);
  });
});

describe('a marker written while a run looks', () => {
  // On one clock (no skew allowed), so that only the order of the run's steps keeps the marker.
  it('is never lost: a mail queued during a look is taken by it or makes the next run look (separate sessions)', async () => {
    const store = markerStore();
    const writer = markingQueues(environment.database.connect(), (queue) => markWork(queue, store));
    const runner = environment.database.connect();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // A run's look on its own session: takes every pending mail, then spends a moment sending them.
    const look = async () => {
      await runner.query(`UPDATE outbox SET status = 'sent', sent_at = now() WHERE status = 'pending'`);
      await pause(3);
      return { result: null, nextDue: null };
    };
    let missedByTheLook = 0;
    for (let trial = 0; trial < 60; trial++) {
      await forgetRunRecords(); // this trial's run looks
      await Promise.all([
        (async () => {
          await pause(Math.random() * 4);
          await writer.batch([
            enqueueMail({ to: `v${trial}@example.com`, subject: 'A', text: 'B' }, `CON-RACE${trial}`),
          ]);
        })(),
        runWhenDue('outbox', look, { store, clockSkewMs: 0 }),
      ]);
      if ((await pendingMails()) === 0) continue;
      missedByTheLook++;
      // The look began before the mail was committed: its mark must make the next run look.
      expect(await lookReason('outbox', store, new Date(), 0)).toBe('written');
      await db().query(`UPDATE outbox SET status = 'sent' WHERE status = 'pending'`);
    }
    // Both orders happened: some mails were committed before the look, some after it began.
    expect(missedByTheLook).toBeGreaterThan(0);
    expect(missedByTheLook).toBeLessThan(60);
    await Promise.all([writer.close(), runner.close()]);
  });
});
