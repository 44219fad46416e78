import type { Database } from '../db/index.ts';
import { BACKGROUND_FUNCTION_LIMIT_MS, type Deadline } from '../deadline.ts';
import { errorSummary } from '../error-summary.ts';
import { deployContext, ownMail } from '../mail/context.ts';
import { deliverDuePhoneMessages, type Delivered } from '../outbox/outbox.ts';
import type { PhoneSender } from './phone-sender.ts';

/**
 * The phones' queue sent at the provider's pace: a town's alerts are thousands of messages, and
 * at a long code's one a second a scheduled run's 25 s would send 25 of them every 2 minutes. So a
 * fan-out that queued phone messages starts the background function
 * `phone-alerts-send-background`, which sends for up to 14 minutes and, with messages still due,
 * starts itself again. One run at a time (a lease, `phone_send_lease`): a second start, or one
 * anybody posts, finds it held and does nothing. The scheduled runs still send a few each time, so
 * a start that never arrived delays the queue and never loses it.
 */

/** The background function's address on the site. */
export const PHONE_SENDER_PATH = '/.netlify/functions/phone-alerts-send-background';

/** Messages claimed per round of the run. */
const ROUND = 500;
/** A message due this soon keeps the run waiting for it rather than leaving it to the scheduled runs. */
const SOON_MS = 60_000;

/** Whether a phone's message of this deploy context is due within `ms`. */
async function dueWithin(db: Database, ms: number): Promise<boolean> {
  const [row] = await db.query<{ due: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM outbox WHERE (channel = 'email') = false AND status IN ('pending', 'sending')
       AND next_attempt_at <= now() + $1::int * interval '1 millisecond' AND ${ownMail('outbox.context', '$2')}) AS due`,
    [ms, deployContext()],
  );
  return row?.due ?? false;
}

export type Drained = (Delivered & { kind: 'sent'; more: boolean }) | { kind: 'busy' };

/** Sends what is due until none is or the deadline; answers whether some were left, or that another run holds the lease. */
export async function drainPhoneQueue(
  db: Database,
  sender: PhoneSender,
  origin: string,
  deadline: Deadline,
): Promise<Drained> {
  const [lease] = await db.query(
    `UPDATE phone_send_lease SET held_until = now() + $1::int * interval '1 millisecond'
     WHERE held_until < now() RETURNING 1`,
    [BACKGROUND_FUNCTION_LIMIT_MS],
  );
  if (!lease) return { kind: 'busy' };
  const done: Delivered = { sent: 0, failed: 0, throttled: 0 };
  try {
    while (!deadline.passed()) {
      const round = await deliverDuePhoneMessages(db, sender, origin, { limit: ROUND, deadline });
      done.sent += round.sent;
      done.failed += round.failed;
      done.throttled += round.throttled;
      if (round.sent + round.failed + round.throttled > 0) continue;
      // Nothing due now: the run ends, unless some are due within the minute (a 429's wait, a retry).
      if (!(await dueWithin(db, SOON_MS))) break;
      await deadline.sleep(1_000);
    }
  } finally {
    await db.query(`UPDATE phone_send_lease SET held_until = '-infinity'`);
  }
  return { kind: 'sent', ...done, more: deadline.passed() && (await dueWithin(db, 0)) };
}

/** Starts the background sender (Netlify answers 202 at once); a failure is logged: the scheduled runs carry on. */
export async function startPhoneSender(origin: string): Promise<void> {
  try {
    const response = await fetch(`${origin}${PHONE_SENDER_PATH}`, {
      method: 'POST',
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) console.warn(`phone-alerts: the background sender answered ${response.status}`);
  } catch (error) {
    console.warn(`phone-alerts: the background sender did not start: ${errorSummary(error)}`);
  }
}

/** Whether a phone's message is due now and unsent: a scheduled run that leaves one starts the background sender. */
export const phonesStillDue = (db: Database) => dueWithin(db, 0);
