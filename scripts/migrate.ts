/**
 * `npm run db:migrate`: applies netlify/database/migrations to the database at NETLIFY_DB_URL
 * (production: the Neon connection string). Uses Netlify's own migration runner, the one the
 * local emulation runs on every `npm start`, so both track applied migrations the same way.
 */
import path from 'node:path';
import { applyMigrations, initializeTrackingTable, type SQLExecutor } from '@netlify/database-dev';
import pg from 'pg';

const url = process.env.NETLIFY_DB_URL;
if (!url) {
  console.error('NETLIFY_DB_URL is not set: give the connection string of the database to migrate.');
  process.exit(1);
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const db: SQLExecutor = {
  exec: (sql) => client.query(sql),
  query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }),
  async transaction(fn) {
    await client.query('BEGIN');
    try {
      const result = await fn(db);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  },
};

try {
  await initializeTrackingTable(db);
  const applied = await applyMigrations(db, path.resolve(import.meta.dirname, '../netlify/database/migrations'));
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await client.end();
}
