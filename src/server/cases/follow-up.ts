import { caseMessages, type FollowUp, type FollowUpQuery } from '../../shared/cases/schema.ts';
import { isoTime, type Database } from '../db/index.ts';
import { NotFound, Throttled } from '../errors.ts';
import { lookUp } from '../throttle/throttle.ts';
import { followUpCounters } from '../throttle/uses.ts';

/**
 * /seguimiento: a reference and the e-mail given in the form open that case's status,
 * dates and replies, nothing else (never the notes, the assignee or what the citizen sent). A
 * rights request's replies only once its e-mail is confirmed: until then whoever typed the
 * address may be someone else, and the replies may speak of the address's owner's data. A
 * wrong pair is one message, whichever half was wrong; a client's failed lookups are throttled
 * (throttle/uses.ts FOLLOW_UP_THROTTLE: growing waits, claimed atomically), counted under a keyed
 * hash of its IPv4 address or IPv6 /64, never the address.
 */

export async function followUp(db: Database, { reference, email }: FollowUpQuery, address: string): Promise<FollowUp> {
  const lookup = await lookUp<FollowUp>(db, await followUpCounters(address), {
    text: `SELECT kind, reference, status, ${isoTime('received_at')} AS received_at,
         to_char(due_on, 'YYYY-MM-DD') AS due_on, ${isoTime('answered_at')} AS answered_at, ${isoTime('closed_at')} AS closed_at,
         coalesce((SELECT jsonb_agg(jsonb_build_object('body', e.body, 'created_at', ${isoTime('e.created_at')}) ORDER BY e.created_at, e.id)
           FROM case_entries e WHERE e.case_id = cases.id AND e.kind = 'reply'
             AND (cases.kind <> 'derechos' OR EXISTS (SELECT 1 FROM rights_requests r
                    WHERE r.reference = cases.reference AND r.email_confirmed_at IS NOT NULL))), '[]') AS replies
       FROM cases WHERE reference = $3 AND lower(citizen_email) = lower($4)`,
    params: [reference, email],
  });
  if (lookup.kind === 'wait') throw new Throttled(caseMessages.followUpThrottled(lookup.seconds), lookup.seconds);
  // A wrong pair keeps its attempt counted.
  if (lookup.kind === 'missing') throw new NotFound(caseMessages.followUpNotFound);
  return lookup.row;
}
