import { createHmac } from 'node:crypto';
import { caseMessages, type FollowUp, type FollowUpQuery } from '../../shared/cases.ts';
import { retention } from '../../shared/retention.ts';
import { config } from '../config.ts';
import { isoTime, type Database } from '../db/index.ts';
import { ClientError } from '../errors.ts';

/**
 * /seguimiento (issue 15): a reference and the e-mail given in the form open that case's status,
 * dates and replies, nothing else (never the notes, the assignee or what the citizen sent). A
 * wrong pair is one message, whichever half was wrong; a client's failed lookups are throttled,
 * counted under a keyed hash of its address, never the address.
 */

/** Failed lookups in 15 minutes before a client must wait. */
export const MAX_FOLLOW_UP_FAILURES = 10;

const clientKey = async (address: string): Promise<string> =>
  createHmac('sha256', await config.authSecret())
    .update(`follow-up:${address}`)
    .digest('hex');

export async function followUp(db: Database, { reference, email }: FollowUpQuery, address: string): Promise<FollowUp> {
  const client = await clientKey(address);
  const [recent] = await db.query<{ failures: number }>(
    `SELECT count(*)::int AS failures FROM follow_up_failures
     WHERE client = $1 AND failed_at > now() - interval '15 minutes'`,
    [client],
  );
  if ((recent?.failures ?? 0) >= MAX_FOLLOW_UP_FAILURES) throw new ClientError(429, caseMessages.followUpThrottled);

  const [found] = await db.query<Omit<FollowUp, 'replies'> & { id: string }>(
    `SELECT id::text AS id, kind, reference, status, ${isoTime('received_at')} AS received_at,
       to_char(due_on, 'YYYY-MM-DD') AS due_on, ${isoTime('answered_at')} AS answered_at, ${isoTime('closed_at')} AS closed_at
     FROM cases WHERE reference = $1 AND lower(citizen_email) = lower($2)`,
    [reference, email],
  );
  if (!found) {
    await db.query(
      `WITH pruned AS (DELETE FROM follow_up_failures WHERE failed_at < now() - $2::interval)
       INSERT INTO follow_up_failures (client) VALUES ($1)`,
      [client, `${retention.followUpFailures.amount} ${retention.followUpFailures.unit}s`],
    );
    throw new ClientError(404, caseMessages.followUpNotFound);
  }
  const { id, ...seen } = found;
  const replies = await db.query<FollowUp['replies'][number]>(
    `SELECT body, ${isoTime('created_at')} AS created_at FROM case_entries
     WHERE case_id = $1 AND kind = 'reply' ORDER BY case_entries.created_at, case_entries.id`,
    [id],
  );
  return { ...seen, replies };
}
