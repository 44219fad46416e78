/**
 * A batch refused by one of its own statements (`refuse(reason, detail)`, migration 0041): the
 * transaction is rolled back, and the reason and detail tell the caller which answer to give.
 */

/** The SQLSTATE `refuse` raises: no other error has it. */
const REFUSED = 'AYR01';

interface DatabaseError {
  severity?: unknown;
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

/** The reason and detail of a batch `refuse` stopped, or undefined for any other error. */
export function refusalOf(error: unknown): { reason: string; detail: string } | undefined {
  const { code, message, detail } = (error ?? {}) as DatabaseError;
  if (code !== REFUSED) return undefined;
  return { reason: String(message), detail: typeof detail === 'string' ? detail : '' };
}

/**
 * Whether the database answered the batch with an error, so its transaction wrote nothing: pg and
 * Neon's driver both give the server's severity and SQLSTATE. Any other error (a lost connection)
 * may have come after the commit.
 */
export const rolledBack = (error: unknown): boolean => {
  const { severity, code } = (error ?? {}) as DatabaseError;
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};
