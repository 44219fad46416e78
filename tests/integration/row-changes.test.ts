import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';
import { rowChangeCounter } from '../helpers/row-changes.ts';

/** The fuzz's row counts (tests/helpers/row-changes.ts): what a 4xx is checked not to have written. */
let postgres: RealPostgres;
let counts: () => Promise<Record<string, number>>;
beforeAll(async () => {
  postgres = await startRealPostgres();
  await postgres.db.query(`
    CREATE TABLE scratch_notes (id serial PRIMARY KEY, text text NOT NULL);
    CREATE TABLE scratch_trail (id serial PRIMARY KEY, action text NOT NULL);
    CREATE TABLE scratch_counted_elsewhere (id serial PRIMARY KEY);
  `);
  counts = await rowChangeCounter(postgres.db, {
    scratch_trail: { rows: "action IN ('view', 'it''s')" },
    scratch_counted_elsewhere: {},
  });
});
afterAll(() => postgres?.stop());

describe('the row change counter', () => {
  it('counts the rows each statement inserts and deletes, on every table', async () => {
    const before = await counts();
    expect(before).toMatchObject({ scratch_notes: 0, scratch_trail: 0, outbox: 0 });
    await postgres.db.query("INSERT INTO scratch_notes (text) VALUES ('a'), ('b'), ('c')");
    await postgres.db.query("DELETE FROM scratch_notes WHERE text = 'a'");
    expect((await counts()).scratch_notes).toBe(2);
    // An update is no new row.
    await postgres.db.query("UPDATE scratch_notes SET text = 'z'");
    expect((await counts()).scratch_notes).toBe(2);
  });

  it('leaves out a rolled-back write, and what its table leaves out', async () => {
    const start = await counts();
    await expect(
      postgres.db.batch([{ text: "INSERT INTO scratch_notes (text) VALUES ('d')" }, { text: 'SELECT 1 / 0' }]),
    ).rejects.toThrow();
    await postgres.db.query("INSERT INTO scratch_trail (action) VALUES ('view'), ('it''s'), ('edit')");
    await postgres.db.query('INSERT INTO scratch_counted_elsewhere DEFAULT VALUES');
    const end = await counts();
    expect(end.scratch_notes).toBe(start.scratch_notes);
    expect(end.scratch_trail).toBe(start.scratch_trail! + 1);
    expect(end).not.toHaveProperty('scratch_counted_elsewhere');
  });

  it('finds a write whose transaction commits after a read, at the next read', async () => {
    const start = await counts();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO scratch_notes (text) VALUES ('late')");
      expect((await counts()).scratch_notes).toBe(start.scratch_notes);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    expect((await counts()).scratch_notes).toBe(start.scratch_notes! + 1);
  });
});
