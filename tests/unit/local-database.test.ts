import { NetlifyDB } from '@netlify/database-dev';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareLocalDatabase } from '../../scripts/lib/local-database.ts';

describe('the local database on first start', () => {
  let db: NetlifyDB;
  beforeAll(async () => {
    db = new NetlifyDB({ logger: () => undefined });
    await db.start();
  });
  afterAll(() => db.stop());

  it('gets the migrations and the demo data once', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await prepareLocalDatabase(db);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^Database: applied 0001_outbox, .*, 9001_public_pages, 9002_billing, 9003_consumption$/),
    );
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Admin area: sign in as admin@example\.com with the password \S{18} \(shown only now\)\.$/,
      ),
    );
    log.mockClear();
    await prepareLocalDatabase(db);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();

    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    expect(await count('documents')).toBe(9);
    expect(await count('reports')).toBe(3);
    expect(await count('education_documents')).toBe(12);
    expect(await count('accounts')).toBe(2);
    expect(await count('admins')).toBe(1);
  });
});
