import pg from 'pg';
import type { Database, Statement } from './database.ts';

/**
 * Postgres over its wire protocol, through a pool: Netlify Database's server driver, or the
 * embedded PGlite of local mode, whose pool holds one connection (PGlite runs every connection
 * in a single session, so two concurrent transactions would interleave; on one connection they
 * queue).
 */
export function createPgDatabase(pool: pg.Pool): Database {
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.warn('database: idle connection closed:', error.message));
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async batch(statements: Statement[]) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const results: unknown[][] = [];
        for (const { text, params = [] } of statements) results.push((await client.query(text, params)).rows);
        await client.query('COMMIT');
        return results;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
