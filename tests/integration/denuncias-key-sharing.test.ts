import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, MissingSettingError } from '../../src/server/config.ts';
import { KEY_PROOFS_STORE } from '../../src/server/key-sharing.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

/**
 * A deploy preview never holds production's denuncias key. Where both have used
 * the same key, production refuses it (503 to denuncias, the log names the setting) and so does
 * the preview; distinct keys, or a proof a preview forged, change nothing.
 */
useLocalEnvironment();

const PRODUCTION_KEY = Buffer.alloc(32, 7).toString('base64');
const PREVIEW_KEY = Buffer.alloc(32, 9).toString('base64');
const proofs = () => getStore({ name: KEY_PROOFS_STORE, consistency: 'strong' });

/** A request served in `context` with `key` set, in production mode, as Netlify serves it. */
function servedIn(context: string, key: string) {
  delete process.env.APP_MODE;
  process.env.DENUNCIAS_ENCRYPTION_KEY = key;
  (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context } } };
}
/** Past the interval after which a process asks the store again (each test starts past the last one's). */
let clock = Date.now();
const later = () => vi.setSystemTime((clock += 11 * 60_000));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  later();
  for (const { key } of (await proofs().list()).blobs) await proofs().delete(key);
});
afterEach(() => {
  vi.useRealTimers();
  process.env.APP_MODE = 'local';
  delete process.env.DENUNCIAS_ENCRYPTION_KEY;
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

const refusal = (mine: string, theirs: string) =>
  new MissingSettingError(
    'DENUNCIAS_ENCRYPTION_KEY',
    `the ${mine} context and the ${theirs} context have the same key: give each its own (docs/guides/deploy.md).`,
  );

describe("production's denuncias key is never a preview's", () => {
  it('distinct keys in production and a preview: both work', async () => {
    servedIn('production', PRODUCTION_KEY);
    await expect(config.denunciasKey()).resolves.toEqual(Buffer.from(PRODUCTION_KEY, 'base64'));
    servedIn('deploy-preview', PREVIEW_KEY);
    await expect(config.denunciasKey()).resolves.toEqual(Buffer.from(PREVIEW_KEY, 'base64'));
    later();
    servedIn('production', PRODUCTION_KEY);
    await expect(config.denunciasKey()).resolves.toEqual(Buffer.from(PRODUCTION_KEY, 'base64'));
  });

  it.each(['deploy-preview', 'branch-deploy'])(
    "a %s given production's key refuses it, and production refuses it too",
    async (preview) => {
      servedIn('production', PRODUCTION_KEY);
      await expect(config.denunciasKey()).resolves.toBeDefined();
      servedIn(preview, PRODUCTION_KEY);
      await expect(config.denunciasKey()).rejects.toEqual(refusal(preview, 'production'));
      later();
      servedIn('production', PRODUCTION_KEY);
      await expect(config.denunciasKey()).rejects.toEqual(refusal('production', preview));
    },
  );

  it('the proofs say nothing of the key', async () => {
    servedIn('production', PRODUCTION_KEY);
    await config.denunciasKey();
    const stored = JSON.stringify(await proofs().get('denuncias/production', { type: 'json' }));
    expect(stored).not.toContain(PRODUCTION_KEY);
    expect(stored).not.toContain(Buffer.from(PRODUCTION_KEY, 'base64').toString('hex'));
  });

  it("a preview cannot make production refuse by copying production's proof under its own name", async () => {
    servedIn('production', PRODUCTION_KEY);
    await config.denunciasKey();
    await proofs().setJSON('denuncias/deploy-preview', await proofs().get('denuncias/production', { type: 'json' }));
    later();
    await expect(config.denunciasKey()).resolves.toBeDefined();
  });

  it('previews sharing a key among themselves are not refused', async () => {
    servedIn('deploy-preview', PREVIEW_KEY);
    await config.denunciasKey();
    servedIn('branch-deploy', PREVIEW_KEY);
    await expect(config.denunciasKey()).resolves.toBeDefined();
  });

  it('local mode records and checks nothing', async () => {
    process.env.APP_MODE = 'local';
    process.env.DENUNCIAS_ENCRYPTION_KEY = PRODUCTION_KEY;
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context: 'production' } } };
    await config.denunciasKey();
    expect((await proofs().list()).blobs).toEqual([]);
  });
});
