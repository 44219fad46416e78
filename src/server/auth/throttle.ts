import type { Database } from '../db/index.ts';

/**
 * The sign-in throttle (OWASP ASVS 5.0, 6.3): failed passwords and codes in 15 minutes, counted per
 * e-mail and client address (5) and per client address (20), so a stranger who tries someone's
 * e-mail from elsewhere is slowed down without locking the owner out of their own client.
 *
 * An attempt is counted before its password or code is checked, not after: the count and the
 * new row are one step under a transaction-scoped advisory lock on the client, so concurrent
 * attempts on separate connections queue and each sees the ones before (a plain count then insert
 * lets every concurrent attempt pass the same count). A right answer then removes its row.
 * Re-checks of one's own password (a new administrator, a new e-mail) count here too.
 */
const MAX_FAILURES = 5;
const MAX_CLIENT_FAILURES = 20;

/** The e-mail as the throttle and the log keep it: bounded in length. */
export const typedEmail = (email: string) => email.trim().toLowerCase().slice(0, 120);

/** The id of the attempt's row, or undefined when the client must wait (429). */
export async function reserveAttempt(db: Database, email: string, client: string): Promise<string | undefined> {
  const address = client.slice(0, 64);
  const [, reserved] = (await db.batch([
    { text: `SELECT pg_advisory_xact_lock(hashtextextended('login_failures:' || $1, 0))`, params: [address] },
    {
      text: `INSERT INTO login_failures (email, client)
             SELECT $1, $2 FROM (
               SELECT count(*) FILTER (WHERE lower(email) = $1) AS pair, count(*) AS client
               FROM login_failures WHERE client = $2 AND failed_at > now() - interval '15 minutes'
             ) AS recent
             WHERE recent.pair < $3 AND recent.client < $4
             RETURNING id::text AS id`,
      params: [typedEmail(email), address, MAX_FAILURES, MAX_CLIENT_FAILURES],
    },
    // Failures older than a day no longer count for anything.
    { text: `DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'` },
  ])) as [unknown[], { id: string }[], unknown[]];
  return reserved[0]?.id;
}

/** A right password or code: its attempt is not a failure. */
export async function forgetAttempt(db: Database, id: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE id = $1::bigint', [id]);
}
