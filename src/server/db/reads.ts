import type { Database, Statement } from './database.ts';

/**
 * A read that can share a round trip with others: its statement, and what its rows become. In
 * production every query is an HTTP round trip from a function to Neon, so a page that needs three
 * lists sends them as one batch rather than three queries, even concurrent ones
 * (docs/performance.md, "Database round trips").
 */
export interface Read<T> {
  statement: Statement;
  answer: (rows: unknown[]) => T;
}

type Answers<Reads extends readonly Read<unknown>[]> = {
  [K in keyof Reads]: Reads[K] extends Read<infer T> ? T : never;
};

/** One read on its own: one statement. */
export async function readOne<T>(db: Database, { statement, answer }: Read<T>): Promise<T> {
  return answer(await db.query(statement.text, statement.params));
}

/** Several reads in one round trip: one batch, which Neon runs as one transaction in one request. */
export async function readAll<const Reads extends readonly Read<unknown>[]>(
  db: Database,
  ...reads: Reads
): Promise<Answers<Reads>> {
  const results = await db.batch(reads.map((read) => read.statement));
  return reads.map((read, index) => read.answer(results[index]!)) as Answers<Reads>;
}
