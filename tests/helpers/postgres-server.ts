import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's address without a database: `${postgresServer}/${name}`. */
    postgresServer: string;
  }
}

const migrationsDir = path.resolve(import.meta.dirname, '../../netlify/database/migrations');

/** The migrated database every test database is copied from (`CREATE DATABASE … TEMPLATE`). */
export const TEMPLATE_DATABASE = 'migrated';

/**
 * Vitest's global setup: one real PostgreSQL 17 server (scripts/lib/embedded-postgres.ts) for
 * the whole run, with the migrations applied once, in order, to a template database. Each test
 * file then copies the template into a database of its own (tests/helpers/database.ts), which takes
 * a tenth of a second where starting an embedded database took two: the server, like Neon, runs
 * every connection in its own session under READ COMMITTED.
 */
export default async function startPostgresServer(project: TestProject) {
  keepFailureExitCode();
  const server = await startEmbeddedPostgres();
  const { address } = server;
  await server.createDatabase(TEMPLATE_DATABASE);
  const template = new pg.Client({ connectionString: `${address}/${TEMPLATE_DATABASE}` });
  await template.connect();
  for (const file of (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort())
    await template.query(await readFile(path.join(migrationsDir, file), 'utf8'));
  // A template cannot be copied while anyone is connected to it.
  await template.end();
  project.provide('postgresServer', address);
  return () => server.stop();
}

/**
 * embedded-postgres stops its servers through async-exit-hook, which answers Node's `beforeExit` with
 * `process.exit(0)`: vitest sets `process.exitCode = 1` for a failed test and lets the process end,
 * so every run would exit 0, and `npm test` and CI would pass with failing tests. An exit asked with
 * 0 keeps the code vitest set.
 */
function keepFailureExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exit(code === 0 ? (process.exitCode ?? 0) : code)) as typeof process.exit;
}
