import { describe, expect, it, vi } from 'vitest';
import health from '../../netlify/functions/health.ts';
import type { Database } from '../../src/server/db/index.ts';
import { pingDatabase } from '../../src/server/health.ts';
import { healthMessages } from '../../src/shared/health/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/** GET /api/health: for uptime monitors and the benchmark's baseline. */

useLocalEnvironment();
const call = (handler: typeof health, path: string, method = 'GET') =>
  handler(new Request(`http://localhost${path}`, { method }), testContext().context);

describe('GET /api/health', () => {
  it('answers { ok: true }, never stored, with the security headers', async () => {
    const response = await call(health, '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(health, '/api/health', 'HEAD')).status).toBe(200);
  });

  it('with ?db=1 answers that the database answered', async () => {
    const response = await call(health, '/api/health?db=1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: true });
  });

  it('answers 405 to other methods', async () => {
    const response = await call(health, '/api/health', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('without ?db=1 does not touch a database that is down; with it answers 503 in Spanish and logs why', async () => {
    const saved = process.env.NETLIFY_DB_URL;
    // A fresh module, whose database is a port where nothing listens.
    process.env.NETLIFY_DB_URL = 'postgres://postgres@127.0.0.1:1/postgres';
    vi.resetModules();
    const { default: fresh } = await import('../../netlify/functions/health.ts');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await (await call(fresh, '/api/health')).json()).toEqual({ ok: true });
      const down = await call(fresh, '/api/health?db=1');
      expect(down.status).toBe(503);
      expect(down.headers.get('cache-control')).toBe('no-store');
      expect(await down.json()).toEqual({
        success: false,
        error: healthMessages.databaseDown,
        message: healthMessages.databaseDown,
        requestId: 'test-request',
      });
      expect(log).toHaveBeenCalledWith(
        expect.stringMatching(/^\[test-request\] health: the database did not answer: /),
      );
    } finally {
      log.mockRestore();
      process.env.NETLIFY_DB_URL = saved;
    }
  });
});

describe('pingDatabase', () => {
  it('counts a database that has not answered within the timeout as down', async () => {
    const hanging = { query: () => new Promise(() => undefined) } as unknown as Database;
    const result = await pingDatabase(() => hanging, 50);
    expect(result).toMatchObject({ ok: false, error: new Error('no answer within 50 ms') });
  });

  it('counts a deploy without a database as down', async () => {
    const result = await pingDatabase(() => {
      throw new Error('NETLIFY_DB_URL');
    });
    expect(result).toMatchObject({ ok: false, error: new Error('NETLIFY_DB_URL') });
  });
});
