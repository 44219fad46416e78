import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../../..');

/** Runs one query against the database of the `npm start` under test. */
export async function query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: await readFile(path.join(root, '.data/database-url'), 'utf8') });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}
