import type { Database } from '../db/index.ts';

/**
 * The provider's status callbacks (/api/sms/estado, verified by its signature): each message's
 * or call's latest status on its outbox row, so staff see what reached the phone. Callbacks may
 * arrive out of order (a `delivered` before its `sent`), and one may come before the send's own
 * answer was recorded: the row is named by its id in the callback's signed address, the status
 * only moves forward, and a final one (delivered, failed, a call's completed or no-answer) stays.
 */

/** Each status's place; a status the provider adds later ranks with the first ones and never hides a final one. */
const RANKS: Record<string, number> = {
  accepted: 0,
  queued: 0,
  scheduled: 0,
  initiated: 1,
  sending: 1,
  ringing: 2,
  sent: 2,
  'in-progress': 3,
  answered: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  completed: 4,
  busy: 4,
  'no-answer': 4,
  canceled: 4,
  read: 5,
};

export interface ProviderStatus {
  /** The outbox row, from the callback's address. */
  id: string;
  /** The provider's id of the message or call (MessageSid / CallSid). */
  providerId: string;
  status: string;
  /** The provider's error code of a failed or undelivered message. */
  errorCode?: string;
}

/** Records a status; answers whether a row took it (false: unknown row, or an older status). */
export async function recordStatus(db: Database, { id, providerId, status, errorCode }: ProviderStatus) {
  const rank = RANKS[status] ?? 0;
  const rows = await db.query(
    `UPDATE outbox SET provider_id = coalesce(provider_id, $2), provider_status = $3, provider_status_at = now(),
       last_error = CASE WHEN $5::text IS NULL THEN last_error ELSE 'Twilio: ' || $3 || ', error ' || $5 END
     WHERE id = $1 AND channel <> 'email' AND (provider_id IS NULL OR provider_id = $2)
       AND coalesce(($6::jsonb ->> provider_status)::int, -1) <= $4
     RETURNING 1`,
    [id, providerId, status, rank, errorCode ?? null, JSON.stringify(RANKS)],
  );
  return rows.length > 0;
}
