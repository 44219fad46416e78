import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';
import { rowChangeCounter } from '../helpers/row-changes.ts';

/** The fuzz's row counts (tests/helpers/row-changes.ts): what a 4xx is checked not to have written. */
let postgres: RealPostgres;
let counts: () => Promise<Record<string, number>>;
let clearNewRows: () => Promise<string[]>;
beforeAll(async () => {
  postgres = await startRealPostgres();
  await postgres.db.query(`
    CREATE TABLE scratch_notes (id serial PRIMARY KEY, text text NOT NULL);
    CREATE TABLE scratch_trail (id serial PRIMARY KEY, action text NOT NULL);
    CREATE TABLE scratch_counted_elsewhere (id serial PRIMARY KEY);
    CREATE TABLE scratch_cases (id serial PRIMARY KEY);
    CREATE TABLE scratch_case_notes (id serial PRIMARY KEY, case_id int NOT NULL REFERENCES scratch_cases);
    CREATE TABLE scratch_uploads (id serial PRIMARY KEY);
    CREATE TABLE scratch_settings (id serial PRIMARY KEY, upload_id int REFERENCES scratch_uploads);
    INSERT INTO scratch_settings DEFAULT VALUES;
  `);
  ({ read: counts, clearNewRows } = await rowChangeCounter(postgres.db, {
    scratch_trail: { rows: "action IN ('view', 'it''s')" },
    scratch_counted_elsewhere: {},
  }));
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

  it('empties the tables that were empty at the start and gained rows, with the tables that reference them', async () => {
    await postgres.db.query(`
      INSERT INTO scratch_cases DEFAULT VALUES;
      INSERT INTO scratch_case_notes (case_id) SELECT id FROM scratch_cases;
      INSERT INTO scratch_uploads DEFAULT VALUES;
      INSERT INTO scratch_settings DEFAULT VALUES;
    `);
    const cleared = await clearNewRows();
    expect(cleared).toEqual(expect.arrayContaining(['scratch_case_notes', 'scratch_cases', 'scratch_notes']));
    // scratch_settings had a row at the start, and it references scratch_uploads: both stay.
    expect(cleared).not.toContain('scratch_settings');
    expect(cleared).not.toContain('scratch_uploads');
    const [rows] = await postgres.db.query<Record<string, string>>(`
      SELECT (SELECT count(*) FROM scratch_cases) AS cases, (SELECT count(*) FROM scratch_case_notes) AS notes,
             (SELECT count(*) FROM scratch_uploads) AS uploads, (SELECT count(*) FROM scratch_settings) AS settings`);
    expect(rows).toEqual({ cases: '0', notes: '0', uploads: '1', settings: '2' });
    // The counts start again from the cleared tables' empty state.
    expect(await counts()).toMatchObject({ scratch_cases: 0, scratch_case_notes: 0, scratch_uploads: 1 });
  });
});
