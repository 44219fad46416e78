import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
});
afterAll(() => postgres?.stop());

describe('the real Postgres of the race tests', () => {
  it('is PostgreSQL 17 with every migration applied', async () => {
    const [row] = await postgres.db.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    expect(row?.version).toMatch(/^17\./);
    const [tables] = await postgres.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM information_schema.tables WHERE table_name = 'outbox'`,
    );
    expect(tables?.count).toBe(1);
  });

  it('runs each connection in its own session, as Neon does (PGlite shares one)', async () => {
    const [first, second] = [postgres.connect(), postgres.connect()];
    const [[a], [b]] = await Promise.all([
      first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'),
      second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'),
    ]);
    expect(a?.pid).toEqual(expect.any(Number));
    expect(a?.pid).not.toBe(b?.pid);
  });
});
