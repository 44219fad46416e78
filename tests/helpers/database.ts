import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { createPgDatabase } from '../../src/server/db/pg-database.ts';

/**
 * An in-memory embedded Postgres with the project's migrations, served over the wire protocol
 * exactly as `npm start` serves it, and NETLIFY_DB_URL pointing at it for the code under test.
 */
export async function startTestDatabase() {
  const server = new NetlifyDB({ logger: () => undefined });
  const url = await server.start();
  await server.applyMigrations(path.resolve(import.meta.dirname, '../../netlify/database/migrations'));
  process.env.NETLIFY_DB_URL = url;
  delete process.env.NETLIFY_DB_DRIVER;
  const db = createPgDatabase(url);
  return {
    db,
    url,
    async stop() {
      await db.close();
      await server.stop();
    },
  };
}
