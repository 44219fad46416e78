import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A deploy preview's functions reach its database branch only once production's anonymiser has
 * marked it (src/server/db/preview-gate.ts): getDatabase() in the deploy-preview context refuses
 * every statement before, with the 503 of a missing setting; production's is never held back.
 */

const queried: string[] = [];
vi.mock('@netlify/database', () => ({
  MissingDatabaseConnectionError: class extends Error {},
  getDatabase: () => ({
    driver: 'server',
    connectionString: 'postgres://preview@branch.example:5432/neondb',
    pool: {
      on: () => undefined,
      // A branch nobody marked: no row in preview_anonymisation.
      query: async (text: string) => {
        queried.push(text);
        return { rows: [] };
      },
    },
  }),
}));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  queried.length = 0;
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

async function databaseIn(context: string) {
  vi.stubEnv('APP_MODE', 'production');
  (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context } } };
  const { getDatabase } = await import('../../src/server/db/index.ts');
  return getDatabase();
}

describe('getDatabase', () => {
  it('in a deploy preview, refuses every statement until its branch is marked anonymised', async () => {
    const db = await databaseIn('deploy-preview');
    await expect(db.query('SELECT email FROM contact_messages')).rejects.toMatchObject({
      name: 'MissingSettingError',
      setting: 'preview anonymisation',
    });
    await expect(db.batch([{ text: 'DELETE FROM outbox' }])).rejects.toMatchObject({ name: 'MissingSettingError' });
    expect(queried.every((text) => text.includes('preview_anonymisation'))).toBe(true);
  });

  it('in production, runs the statement as it is', async () => {
    const db = await databaseIn('production');
    expect(await db.query('SELECT 1')).toEqual([]);
    expect(queried).toEqual(['SELECT 1']);
  });
});
