import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { startRealPostgres } from './real-postgres.ts';

/**
 * A database of its own on the run's real PostgreSQL (tests/helpers/real-postgres.ts), with the
 * project's migrations, and NETLIFY_DB_URL pointing at it for the code under test, which runs in
 * local mode (APP_MODE=local) unless a test says otherwise.
 */
export async function startTestDatabase() {
  const postgres = await startRealPostgres();
  process.env.NETLIFY_DB_URL = postgres.url;
  delete process.env.NETLIFY_DB_DRIVER;
  process.env.APP_MODE = 'local';
  // connect(): a pool of its own (its own sessions) for each competitor of a race.
  return { db: postgres.db, url: postgres.url, connect: postgres.connect, stop: postgres.stop };
}

/**
 * What a function test runs in: the test database, local mail written to a temporary folder
 * and a local Netlify Blobs server, set up before the file's tests and removed after them.
 */
export function useLocalEnvironment() {
  const environment = {} as {
    database: Awaited<ReturnType<typeof startTestDatabase>>;
    outboxDir: string;
    blobsDir: string;
  };
  let blobs: BlobsServer;
  beforeAll(async () => {
    environment.database = await startTestDatabase();
    environment.outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    process.env.MAIL_OUTBOX_DIR = environment.outboxDir;
    delete process.env.RESEND_API_KEY;
    // Netlify Blobs' own local server, as @netlify/dev runs it for `npm start`.
    environment.blobsDir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
    blobs = new BlobsServer({ directory: environment.blobsDir, token: 'test-token' });
    const { port } = await blobs.start();
    const url = `http://localhost:${port}`;
    setEnvironmentContext({ siteID: 'test-site', token: 'test-token', edgeURL: url, uncachedEdgeURL: url });
  });
  afterAll(async () => {
    await environment.database.stop();
    await blobs.stop();
    // A mail still being written when the tests end must not fail the teardown.
    await rm(environment.outboxDir, { recursive: true, force: true, maxRetries: 5 });
    await rm(environment.blobsDir, { recursive: true, force: true, maxRetries: 5 });
  });
  return environment;
}

/** Every row of every table, as one text: to show something is stored nowhere in the clear. */
export async function databaseDump(db: Awaited<ReturnType<typeof startTestDatabase>>['db']): Promise<string> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const rows = await Promise.all(tables.map(({ name }) => db.query(`SELECT * FROM "${name}"`)));
  return JSON.stringify(rows);
}

/** Every file the local blob server holds, keys and bytes, as one buffer. */
export async function blobStoreDump(blobsDir: string): Promise<Buffer> {
  const files = (await readdir(blobsDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const parts = await Promise.all(
    files.map(async (file) => {
      const full = path.join(file.parentPath, file.name);
      return Buffer.concat([Buffer.from(full), await readFile(full)]);
    }),
  );
  return Buffer.concat(parts);
}
