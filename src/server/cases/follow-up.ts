import { createHmac } from 'node:crypto';
import { caseMessages, type FollowUp, type FollowUpQuery } from '../../shared/cases/schema.ts';
import { retention } from '../../shared/retention/texts.ts';
import { clientGroup } from '../client-group.ts';
import { config } from '../config.ts';
import { isoTime, type Database } from '../db/index.ts';
import { NotFound, Throttled } from '../errors.ts';
import { claimAttempt, refundAttempt, type FailureThrottle } from '../failure-throttle.ts';

/**
 * /seguimiento: a reference and the e-mail given in the form open that case's status,
 * dates and replies, nothing else (never the notes, the assignee or what the citizen sent). A
 * wrong pair is one message, whichever half was wrong; a client's failed lookups are throttled
 * (failure-throttle.ts: growing waits, claimed atomically), counted under a keyed hash of its IPv4
 * address or IPv6 /64, never the address. No global brake: a lookup costs no slow hash, so there is
 * nothing a flood could exhaust that would justify holding back anyone else.
 */

export const FOLLOW_UP_THROTTLE: FailureThrottle = {
  table: 'follow_up_failures',
  free: 5,
  memory: retention.followUpFailures,
};

const clientKey = async (address: string): Promise<string> =>
  createHmac('sha256', await config.authSecret())
    .update(`follow-up:${clientGroup(address)}`)
    .digest('hex');

export async function followUp(db: Database, { reference, email }: FollowUpQuery, address: string): Promise<FollowUp> {
  const client = await clientKey(address);
  const claim = await claimAttempt(db, FOLLOW_UP_THROTTLE, client);
  if (claim.kind === 'wait') throw new Throttled(caseMessages.followUpThrottled(claim.seconds), claim.seconds);

  const [found] = await db.query<Omit<FollowUp, 'replies'> & { id: string }>(
    `SELECT id::text AS id, kind, reference, status, ${isoTime('received_at')} AS received_at,
       to_char(due_on, 'YYYY-MM-DD') AS due_on, ${isoTime('answered_at')} AS answered_at, ${isoTime('closed_at')} AS closed_at
     FROM cases WHERE reference = $1 AND lower(citizen_email) = lower($2)`,
    [reference, email],
  );
  // A wrong pair keeps its attempt counted.
  if (!found) throw new NotFound(caseMessages.followUpNotFound);
  await refundAttempt(db, FOLLOW_UP_THROTTLE, client);
  const { id, ...seen } = found;
  const replies = await db.query<FollowUp['replies'][number]>(
    `SELECT body, ${isoTime('created_at')} AS created_at FROM case_entries
     WHERE case_id = $1 AND kind = 'reply' ORDER BY case_entries.created_at, case_entries.id`,
    [id],
  );
  return { ...seen, replies };
}
