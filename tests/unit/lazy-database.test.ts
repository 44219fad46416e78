import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { lazyDatabase } from '../../src/server/db/lazy-database.ts';

/** A database that records what it was asked, opened by `open` with its count of opens. */
function fakeOpen(failures = 0) {
  const calls: string[] = [];
  let opens = 0;
  const open = async (): Promise<Database> => {
    opens++;
    if (opens <= failures) throw new Error('NETLIFY_DB_URL is not set');
    return {
      query: async <Row>(text: string) => (calls.push(text), [{ text }] as Row[]),
      batch: async (statements) => (calls.push(...statements.map(({ text }) => text)), [[]]),
      close: async () => void calls.push('close'),
    };
  };
  return { open, calls, opens: () => opens };
}

describe('a database opened by its first statement', () => {
  it('opens nothing until a statement, then once for every statement after', async () => {
    const fake = fakeOpen();
    const db = lazyDatabase(fake.open);
    expect(fake.opens()).toBe(0);
    await Promise.all([db.query('SELECT 1'), db.batch([{ text: 'SELECT 2' }]), db.query('SELECT 3')]);
    expect(fake.opens()).toBe(1);
    expect(fake.calls).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
  });

  it('answers the failure of its opening, and tries again with the next statement', async () => {
    const fake = fakeOpen(1);
    const db = lazyDatabase(fake.open);
    await expect(db.query('SELECT 1')).rejects.toThrow('NETLIFY_DB_URL is not set');
    expect(await db.query('SELECT 1')).toEqual([{ text: 'SELECT 1' }]);
    expect(fake.opens()).toBe(2);
  });

  it('closes what it opened, and nothing when it opened nothing', async () => {
    const unused = fakeOpen();
    await lazyDatabase(unused.open).close();
    expect(unused.opens()).toBe(0);
    const used = fakeOpen();
    const db = lazyDatabase(used.open);
    await db.query('SELECT 1');
    await db.close();
    expect(used.calls).toEqual(['SELECT 1', 'close']);
  });
});
