import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { createPgDatabase } from '../../src/server/db/pg-database.ts';
import type { Database } from '../../src/server/db/database.ts';
import { Refusal } from '../../src/server/errors.ts';
import { statusOf } from '../../src/server/http.ts';
import { TEMPLATE_DATABASE } from './postgres-server.ts';

/**
 * A database of its own on the run's real PostgreSQL 17 server (tests/helpers/postgres-server.ts),
 * copied from the template the migrations were applied to, as Netlify applies them on a deploy.
 * Unlike the embedded PGlite of local mode, which serves every connection through one session,
 * the server runs each connection in its own session under READ COMMITTED, as Neon does: the
 * place to prove that two requests racing each other leave one outcome.
 *
 * `connect()` opens a separate pool (one connection each by default), so a test can give each
 * competing operation its own session.
 */
export async function startRealPostgres() {
  const server = inject('postgresServer');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const maintenance = () => new pg.Client({ connectionString: `${server}/postgres` });
  const creator = maintenance();
  await creator.connect();
  try {
    await creator.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await creator.end();
  }
  const url = `${server}/${name}`;
  // The code under test runs in local mode, as with the embedded database of `npm start`, unless a test says otherwise.
  process.env.APP_MODE ??= 'local';
  const pools: Database[] = [];
  const connect = (max = 1) => {
    const db = createPgDatabase(new pg.Pool({ connectionString: url, max }));
    pools.push(db);
    return db;
  };
  return {
    url,
    /** A pool for one competitor: `max` connections, each its own session. */
    connect,
    /** A pool for arranging and checking rows. */
    db: connect(),
    async stop() {
      await Promise.all(pools.map((db) => db.close().catch(() => undefined)));
      const dropper = maintenance();
      await dropper.connect();
      try {
        // FORCE: a connection the code under test left open must not keep the database.
        await dropper.query(`DROP DATABASE ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export type RealPostgres = Awaited<ReturnType<typeof startRealPostgres>>;

/** What a service call racing others would answer over HTTP: 200, its refusal's status, or 500. */
export const statusOfCall = (done: Promise<unknown>): Promise<number> =>
  done.then(
    () => 200,
    (error: unknown) => (error instanceof Refusal ? statusOf(error) : 500),
  );

/** `count` staff accounts, one for each session of a race. */
export async function raceStaff(db: Database, count: number): Promise<SignedInAdmin[]> {
  const admins: SignedInAdmin[] = [];
  for (let i = 0; i < count; i++)
    admins.push(
      await createAdmin(db, { name: `Persona ${i}`, email: `staff${i}@example.com`, password: 'una-clave-larga' }),
    );
  return admins;
}

/**
 * `count` staff racing on a real PostgreSQL of the test file's own: `sessions[i]`, a session each,
 * `admins[i]`, an account each, and `postgres.db` to arrange and check rows. Set before the tests.
 */
export function useStaffRace(count: number) {
  const race = {} as { postgres: RealPostgres; sessions: Database[]; admins: SignedInAdmin[] };
  beforeAll(async () => {
    race.postgres = await startRealPostgres();
    race.sessions = Array.from({ length: count }, () => race.postgres.connect());
    race.admins = await raceStaff(race.postgres.db, count);
  }, 120_000);
  afterAll(() => race.postgres?.stop());
  return race;
}
