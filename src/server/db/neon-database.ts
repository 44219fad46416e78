import type { NeonQueryFunction } from '@neondatabase/serverless';
import type { Database, Statement } from './database.ts';

/** Neon serverless Postgres over HTTP: one round trip per query or per batch transaction. */
export function createNeonDatabase(sql: NeonQueryFunction<boolean, boolean>): Database {
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
