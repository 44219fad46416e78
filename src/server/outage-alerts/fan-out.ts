import { randomUUID } from 'node:crypto';
import type { Database, Statement } from '../db/index.ts';
import { isoTime } from '../db/index.ts';
import { deadlineIn, type Deadline } from '../deadline.ts';
import { deployContext } from '../mail/context.ts';
import { MAX_BATCH_MAILS } from '../mail/mail.ts';
import { alertSubject, alertText, type NoticeRow } from './alert-mail.ts';
import { hashToken, newToken } from '../link-tokens.ts';

/**
 * The alerts of cortes: each pending outage notice, oldest first, is mailed to every
 * confirmed subscriber of its town through the outbox, in batches of `batch` until `deadline`, so
 * a run of the scheduled function stays inside Netlify's 30 seconds; a backlog carries over to the
 * next run. Each subscriber's alert row and mail are written by one statement that inserts the
 * row only if it is not there yet: two runs at once, or a run after a failed one, never mail
 * anyone the same notice twice. A notice is done once no subscriber of its town lacks it. The mails
 * of one batch share a batch id: the outbox sends them in one request to Resend's batch endpoint
 * (fewer calls under its rate limit), so a batch is at most what one request carries.
 */

export const ALERT_BATCH = MAX_BATCH_MAILS;
/** Notices looked at per run; more wait for the next. */
const NOTICES_PER_RUN = 20;

export interface FanOutBounds {
  batch?: number;
  /** No batch is queued once it has passed. */
  deadline?: Deadline;
}

interface Recipient {
  id: string;
  email: string;
}

const pendingNotices = (db: Database) =>
  db.query<NoticeRow>(
    `SELECT n.id::text AS id, n.kind, u.body AS update_body, o.kind AS outage_kind, o.town, t.name AS town_name,
       o.sectors, ${isoTime('o.starts_at')} AS starts_at, ${isoTime('o.ends_at')} AS ends_at, o.status
     FROM outage_notices n
     JOIN outages o ON o.id = n.outage_id
     JOIN outage_towns t ON t.slug = o.town
     LEFT JOIN outage_updates u ON u.id = n.update_id
     WHERE n.done_at IS NULL ORDER BY n.id LIMIT $1`,
    [NOTICES_PER_RUN],
  );

/**
 * The next confirmed subscribers of the notice's town who have not been sent it, but for those
 * whose address a rights request blocked (bloqueo, oposición: rights/actions.ts).
 */
const nextRecipients = (db: Database, notice: NoticeRow, batch: number) =>
  db.query<Recipient>(
    `SELECT s.id, s.email FROM outage_subscriptions s
     WHERE s.confirmed_at IS NOT NULL AND $2 = ANY(s.towns)
       AND NOT EXISTS (SELECT 1 FROM outage_alerts a WHERE a.notice_id = $1 AND a.subscription_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM data_blocks b WHERE b.email <> '' AND lower(b.email) = lower(s.email))
     ORDER BY s.id LIMIT $3`,
    [notice.id, notice.town, batch],
  );

/**
 * One subscriber's alert: the row, then the mail only if the row was new. The subscription is
 * read again in the statement, so one unsubscribed or unconfirmed since it was listed gets nothing.
 */
function alertStatement(notice: NoticeRow, recipient: Recipient, origin: string, batchId: string): Statement {
  const token = newToken();
  return {
    text: `WITH claimed AS (
             INSERT INTO outage_alerts (notice_id, subscription_id, unsubscribe_token_hash)
             SELECT $1, id, $3 FROM outage_subscriptions WHERE id = $2 AND confirmed_at IS NOT NULL
             ON CONFLICT DO NOTHING RETURNING subscription_id)
           INSERT INTO outbox (reference, recipient, subject, body, context, batch_id)
           SELECT $4, $5, $6, $7, $8, $9 FROM claimed RETURNING 1`,
    params: [
      notice.id,
      recipient.id,
      hashToken(token),
      `COR-${notice.id}`,
      recipient.email,
      alertSubject(notice),
      alertText(notice, origin, token),
      deployContext(),
      batchId,
    ],
  };
}

/** Queues the alerts due; answers how many mails it queued and how many notices it finished. */
export async function queueOutageAlerts(
  db: Database,
  origin: string,
  { batch = ALERT_BATCH, deadline = deadlineIn(10_000) }: FanOutBounds = {},
): Promise<{ mails: number; notices: number }> {
  let mails = 0;
  let finished = 0;
  for (const notice of await pendingNotices(db)) {
    while (!deadline.passed()) {
      const recipients = await nextRecipients(db, notice, Math.min(batch, MAX_BATCH_MAILS));
      if (recipients.length === 0) {
        await db.query(`UPDATE outage_notices SET done_at = now() WHERE id = $1 AND done_at IS NULL`, [notice.id]);
        finished += 1;
        break;
      }
      const batchId = randomUUID();
      const queued = await db.batch(recipients.map((recipient) => alertStatement(notice, recipient, origin, batchId)));
      mails += queued.reduce((sum, rows) => sum + rows.length, 0);
    }
  }
  return { mails, notices: finished };
}
