import type { Database, Statement } from '../db/index.ts';
import type { Deadline } from '../deadline.ts';

/**
 * A provider's rate limit is its account's, not a run's (Resend: 2 requests per second by
 * default; Twilio: a sender number's messages per second): every run, in every function, takes
 * its turns to call it from one row per provider, `provider_pace` (migrations 0033, 0049), and a
 * 429's Retry-After moves that row for all of them.
 */

/** The row of each provider: e-mail's (Resend) and the phones' (Twilio). */
export type PaceLane = 'email' | 'phone';

/**
 * Waits for this run's turn to call the provider, `interval` after the last one taken by any
 * run. Answers false, taking no turn, when the next one comes after `until` (a 429 asked for a
 * long wait, or the run is nearly over), or when `until` passes during the wait. The wait is
 * measured when the statement ends, after any other run's turn it waited for.
 */
export async function takeTurn(db: Database, lane: PaceLane, interval: number, until: Deadline): Promise<boolean> {
  if (interval === 0) return true;
  const [turn] = await db.query<{ wait_ms: number }>(
    `WITH clock AS (SELECT clock_timestamp() AS now)
     UPDATE provider_pace SET next_slot = greatest(next_slot, clock.now) + $1::int * interval '1 millisecond'
     FROM clock WHERE channel = $3 AND greatest(next_slot, clock.now) <= clock.now + $2::int * interval '1 millisecond'
     RETURNING ceil(1000 * extract(epoch FROM greatest(next_slot - $1::int * interval '1 millisecond' - clock_timestamp(),
       interval '0')))::int AS wait_ms`,
    [interval, Math.max(0, Math.floor(until.left())), lane],
  );
  if (!turn) return false;
  return turn.wait_ms > 0 ? until.sleep(turn.wait_ms) : true;
}

/** The statement that keeps every run from calling the provider for `ms` (a 429's Retry-After). */
export const holdOffEveryone = (lane: PaceLane, ms: number): Statement => ({
  text: `UPDATE provider_pace SET next_slot = greatest(next_slot, clock_timestamp() + $1::int * interval '1 millisecond')
         WHERE channel = $2`,
  params: [ms, lane],
});
