import { neon } from '@neondatabase/serverless';
import type { Database, Statement } from './database.ts';

/** Neon serverless Postgres over HTTP: one round trip per query or per batch transaction. */
export function createNeonDatabase(connectionString: string): Database {
  const sql = neon(connectionString);
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      return (await sql.query(text, params)) as Row[];
    },
    async batch(statements: Statement[]) {
      return (await sql.transaction(statements.map(({ text, params = [] }) => sql.query(text, params)))) as unknown[][];
    },
    close: async () => undefined,
  };
}
