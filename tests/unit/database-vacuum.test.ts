import { setTimeout as sleep } from 'node:timers/promises';
import { NetlifyDB } from '@netlify/database-dev';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { vacuumWhenIdle } from '../../scripts/lib/database-vacuum.ts';

/**
 * The embedded database has no autovacuum; `npm start` vacuums and analyzes it once it
 * is quiet, so that it keeps no dead rows and its planner has statistics, as production's does.
 */

const QUIET_MS = 50;
// Well above what the test's steps between two vacuums take on a loaded machine (at 600 ms, the
// steps before the touch took longer and the vacuum after it came early).
const EVERY_MS = 3_000;
const bounds = { quietMs: QUIET_MS, everyMs: EVERY_MS };
const server = new NetlifyDB({ logger: () => undefined });
let client: pg.Client;
let stop: (() => void) | undefined;

beforeAll(async () => {
  client = new pg.Client({ connectionString: await server.start() });
  await client.connect();
  await client.query(`CREATE TABLE mails (id serial PRIMARY KEY, status text NOT NULL DEFAULT 'pending')`);
  await client.query(`CREATE INDEX mails_unsent ON mails (id) WHERE status <> 'sent'`);
});
afterAll(async () => {
  await client.end();
  await server.stop();
});
beforeEach(async () => {
  stop?.();
  // Rows sent as the outbox sends them: every one leaves a dead version behind.
  await client.query(`INSERT INTO mails (status) SELECT 'pending' FROM generate_series(1, 500)`);
  await client.query(`UPDATE mails SET status = 'sent'`);
});

const vacuums = async () =>
  (
    await client.query<{ n: number }>(
      `SELECT (vacuum_count + analyze_count)::int AS n FROM pg_stat_user_tables WHERE relname = 'mails'`,
    )
  ).rows[0]!.n;

/** The next vacuum, waited for at most two seconds more than the pause between two. */
async function nextVacuum(before: number) {
  await vi.waitFor(async () => expect(await vacuums()).toBeGreaterThan(before), {
    timeout: EVERY_MS + 2_000,
    interval: 20,
  });
}

it('vacuums and analyzes once nothing has been under way for a while, again only after a change, and not too often', async () => {
  const before = await vacuums();
  const vacuum = vacuumWhenIdle(server, new Set(), bounds);
  stop = vacuum.stop;
  await nextVacuum(before);
  const [{ reltuples }] = (
    await client.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'mails'`)
  ).rows as [{ reltuples: number }];
  expect(reltuples).toBeGreaterThan(0);

  const after = await vacuums();
  await sleep(QUIET_MS * 6);
  expect(await vacuums()).toBe(after);
  vacuum.touch();
  await sleep(QUIET_MS * 3);
  expect(await vacuums()).toBe(after);
  await nextVacuum(after);
});

it('waits while work is under way', async () => {
  const before = await vacuums();
  let finish!: () => void;
  const request = new Promise<void>((resolve) => (finish = resolve));
  const work = new Set<Promise<unknown>>([request]);
  stop = vacuumWhenIdle(server, work, bounds).stop;
  await sleep(QUIET_MS * 6);
  expect(await vacuums()).toBe(before);

  finish();
  work.delete(request);
  await nextVacuum(before);
});

it("leaves a client's open transaction alone, and vacuums after it ends", async () => {
  const before = await vacuums();
  await client.query('BEGIN');
  await client.query(`INSERT INTO mails (status) VALUES ('pending')`);
  stop = vacuumWhenIdle(server, new Set(), bounds).stop;
  await sleep(QUIET_MS * 6);
  expect(await vacuums()).toBe(before);
  // VACUUM inside the transaction would have failed and aborted it: it goes on and commits.
  await client.query(`INSERT INTO mails (status) VALUES ('pending')`);
  await client.query('COMMIT');
  await nextVacuum(before);
});

it('refuses a database that is not started', () => {
  expect(() => vacuumWhenIdle(new NetlifyDB({ logger: () => undefined }), new Set())).toThrow(/start it first/);
});
