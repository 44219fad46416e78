import type { Database } from './db/index.ts';

/** A monitor waits seconds, not minutes: a database that has not answered by then counts as down. */
export const DATABASE_PING_TIMEOUT_MS = 3_000;

/** Whether the database answers a query within the timeout; the fault is the caller's to log. */
export async function pingDatabase(
  database: () => Database,
  timeoutMs = DATABASE_PING_TIMEOUT_MS,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    // The first statement throws in a deploy without a database (db/index.ts opens it then): that is down too.
    await Promise.race([Promise.resolve().then(() => database().query('SELECT 1')), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}
