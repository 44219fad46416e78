import { randomUUID } from 'node:crypto';
import type { Database, Statement } from '../db/index.ts';
import { deadlineIn, type Deadline } from '../deadline.ts';
import { deployContext } from '../mail/context.ts';
import { MAX_BATCH_MAILS, oneClickUnsubscribe } from '../mail/mail.ts';
import { blockedMailbox } from '../mail/mailbox.ts';
import { hashToken, newToken } from '../link-tokens.ts';
import type { PhoneChannel } from '../../shared/phone-alerts/channels.ts';
import { UNSUBSCRIBE_PATH } from '../../shared/outage-alerts/schema.ts';
import { sendableAt } from '../../shared/phone-alerts/quiet-hours.ts';
import { letterOf, noticeSources, pendingNotices, type Letter, type PendingNotice } from './notices.ts';
import { phoneAlertBody } from './phone-text.ts';

/**
 * The alerts of cortes and avisos: each pending notice (notices.ts), oldest first, is mailed to
 * every confirmed subscriber of any of its towns, once each, through the outbox, in batches of
 * `batch` until `deadline`, so a run of the scheduled function stays inside Netlify's 30 seconds;
 * a backlog carries over to the next run. Both kinds share the queue, the batches and the deadline.
 * Each subscriber's alert row and mail are written by one statement that inserts the row only if
 * it is not there yet: two runs at once, or a run after a failed one, never mail anyone the same
 * notice twice. A notice is done once no subscriber of its towns lacks it. The mails of one batch
 * share a batch id: the outbox sends them in one request to Resend's batch endpoint (fewer calls
 * under its rate limit), so a batch is at most what one request carries.
 *
 * A phone's subscription gets the notice by its channel (text, WhatsApp or call) in one GSM-7
 * segment (phone-text.ts), due at once for a health notice or an emergency cut and otherwise at
 * the end of the quiet hours (22:00–08:00 in Aysén); each message is its own request.
 */

export const ALERT_BATCH = MAX_BATCH_MAILS;

/** What the first alert to a phone of the billing export adds: why it came, and how to stop it. */
const BILLING_INTRODUCTION = {
  text: 'Responda BAJA para no recibir más avisos.',
  voz: 'Recibe este aviso porque es el teléfono registrado de su servicio; para no recibir más, llame al servicio al cliente.',
} as const;
/** Notices looked at per run; more wait for the next. */
const NOTICES_PER_RUN = 20;

export interface FanOutBounds {
  batch?: number;
  /** No batch is queued once it has passed. */
  deadline?: Deadline;
  /** The instant the quiet hours are judged at: now, unless a test sets the clock. */
  now?: () => Date;
}

/** A subscription: an e-mail's, or a phone's with its channel. */
type Recipient = { id: string } & (
  | { email: string; phone: null }
  | {
      email: null;
      phone: string;
      channel: PhoneChannel;
      /** A phone of the billing export that has had no alert yet: its first says how to leave. */
      introduce: boolean;
    }
);

/**
 * The next confirmed subscribers of any of the notice's towns who have not been sent it, but for
 * those whose mailbox, however spelt, a rights request blocked (bloqueo, oposición: rights/actions.ts).
 */
const nextRecipients = (db: Database, notice: PendingNotice, towns: string[], batch: number) =>
  db.query<Recipient>(
    `SELECT s.id, s.email, s.phone, s.channel,
       s.source = 'billing' AND NOT EXISTS (SELECT 1 FROM outage_alerts a WHERE a.subscription_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM advisory_alerts a WHERE a.subscription_id = s.id) AS introduce
     FROM outage_subscriptions s
     WHERE s.confirmed_at IS NOT NULL AND s.towns && $2::text[]
       AND NOT EXISTS (SELECT 1 FROM ${noticeSources[notice.source].alerts} a WHERE a.notice_id = $1 AND a.subscription_id = s.id)
       AND (s.email IS NULL OR NOT ${blockedMailbox('s.email')})
     ORDER BY s.id LIMIT $3`,
    [notice.id, towns, batch],
  );

/**
 * One subscriber's alert: the row, then the mail only if the row was new. The subscription is
 * read again in the statement, so one unsubscribed or unconfirmed since it was listed gets nothing.
 */
function alertStatement(
  notice: PendingNotice,
  letter: Letter,
  recipient: Recipient,
  origin: string,
  batchId: string,
  now: Date,
): Statement {
  const { alerts, reference } = noticeSources[notice.source];
  if (recipient.phone !== null) {
    const told = letter.phone(origin);
    // Never cut: whoever did not ask for these alerts learns how to stop them.
    const alert = recipient.introduce
      ? { ...told, note: BILLING_INTRODUCTION[recipient.channel === 'voz' ? 'voz' : 'text'] }
      : told;
    return {
      text: `WITH claimed AS (
               INSERT INTO ${alerts} (notice_id, subscription_id)
               SELECT $1, id FROM outage_subscriptions WHERE id = $2 AND confirmed_at IS NOT NULL
               ON CONFLICT DO NOTHING RETURNING subscription_id)
             INSERT INTO outbox (reference, recipient, subject, body, context, channel, next_attempt_at)
             SELECT $3, $4, $5, $6, $7, $8, $9 FROM claimed RETURNING 1`,
      params: [
        notice.id,
        recipient.id,
        `${reference}-${notice.id}`,
        recipient.phone,
        letter.subject,
        phoneAlertBody(alert, recipient.channel),
        deployContext(),
        recipient.channel,
        (alert.urgent ? now : sendableAt(now)).toISOString(),
      ],
    };
  }
  const token = newToken();
  return {
    text: `WITH claimed AS (
             INSERT INTO ${alerts} (notice_id, subscription_id, unsubscribe_token_hash)
             SELECT $1, id, $3 FROM outage_subscriptions WHERE id = $2 AND confirmed_at IS NOT NULL
             ON CONFLICT DO NOTHING RETURNING subscription_id)
           INSERT INTO outbox (reference, recipient, subject, body, context, batch_id, list_unsubscribe)
           SELECT $4, $5, $6, $7, $8, $9, $10 FROM claimed RETURNING 1`,
    params: [
      notice.id,
      recipient.id,
      hashToken(token),
      `${reference}-${notice.id}`,
      recipient.email,
      letter.subject,
      letter.text(origin, token),
      deployContext(),
      batchId,
      oneClickUnsubscribe(origin, UNSUBSCRIBE_PATH, token),
    ],
  };
}

/**
 * Queues the alerts due; answers how many mails and phone messages it queued and how many notices
 * (of both kinds) it finished.
 */
export async function queueOutageAlerts(
  db: Database,
  origin: string,
  { batch = ALERT_BATCH, deadline = deadlineIn(10_000), now = () => new Date() }: FanOutBounds = {},
): Promise<{ mails: number; phones: number; notices: number }> {
  let mails = 0;
  let phones = 0;
  let finished = 0;
  for (const notice of await pendingNotices(db, NOTICES_PER_RUN)) {
    if (deadline.passed()) break;
    // Gone with its outage or aviso since it was listed: nothing left to tell.
    const letter = await letterOf(db, notice);
    if (!letter) continue;
    do {
      const recipients = await nextRecipients(db, notice, letter.towns, Math.min(batch, MAX_BATCH_MAILS));
      if (recipients.length === 0) {
        const { notices } = noticeSources[notice.source];
        await db.query(`UPDATE ${notices} SET done_at = now() WHERE id = $1 AND done_at IS NULL`, [notice.id]);
        finished += 1;
        break;
      }
      const batchId = randomUUID();
      const queued = await db.batch(
        recipients.map((recipient) => alertStatement(notice, letter, recipient, origin, batchId, now())),
      );
      for (const [index, rows] of queued.entries()) {
        if (recipients[index]!.phone === null) mails += rows.length;
        else phones += rows.length;
      }
    } while (!deadline.passed());
  }
  return { mails, phones, notices: finished };
}
