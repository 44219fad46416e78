import { neon, neonConfig } from '@neondatabase/serverless';
import { afterEach, describe, expect, it } from 'vitest';
import { createNeonDatabase } from '../../src/server/db/neon-database.ts';
import { refusalOf, rolledBack } from '../../src/server/db/refusals.ts';

/**
 * db/refusals.ts reads a refused batch from the error production's driver throws: Neon's HTTP
 * endpoint answers a failed transaction with 400 and the server's error fields, which the driver
 * copies onto its NeonDbError. The embedded PostgreSQL of the tests goes through pg instead
 * (denuncias-follow-up-function.test.ts and the upload tests), so this is Neon's side.
 */

const answering = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const neonBatch = async (fetchFunction: () => Promise<Response>) => {
  neonConfig.fetchFunction = fetchFunction;
  const db = createNeonDatabase(neon('postgresql://user:password@ep-example.neon.tech/neondb'));
  return db.batch([{ text: 'SELECT 1' }]).then(
    () => undefined,
    (error: unknown) => error,
  );
};

afterEach(() => {
  neonConfig.fetchFunction = undefined;
});

describe("a refused batch, as Neon's driver throws it", () => {
  it("gives refuse()'s reason and detail, and says the transaction was rolled back", async () => {
    const error = await neonBatch(
      answering(400, { message: 'quota:cv', code: 'AYR01', severity: 'ERROR', detail: '3600' }),
    );
    expect(refusalOf(error)).toEqual({ reason: 'quota:cv', detail: '3600' });
    expect(rolledBack(error)).toBe(true);
  });

  it('takes another database error for no refusal, though its transaction was rolled back too', async () => {
    const error = await neonBatch(
      answering(400, { message: 'duplicate key value violates unique constraint', code: '23505', severity: 'ERROR' }),
    );
    expect(refusalOf(error)).toBeUndefined();
    expect(rolledBack(error)).toBe(true);
  });

  it('does not say a batch whose answer never came was rolled back: it may have committed', async () => {
    const error = await neonBatch(() => Promise.reject(new TypeError('fetch failed')));
    expect(error).toBeInstanceOf(Error);
    expect(refusalOf(error)).toBeUndefined();
    expect(rolledBack(error)).toBe(false);
  });
});
