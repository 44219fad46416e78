import { createHash } from 'node:crypto';
import type { MailProblem } from '../../shared/outbox/schema.ts';
import type { Database, Statement } from '../db/index.ts';
import { deadlineIn, type Deadline } from '../deadline.ts';
import { deployContext, ownMail } from '../mail/context.ts';
import type { BatchItem, Mail, MailSender } from '../mail/mail.ts';
import type { PhoneChannel } from '../../shared/phone-alerts/channels.ts';
import type { PhoneSender } from '../phone-alerts/phone-sender.ts';
import { PHONE_STATUS_PATH } from '../../shared/phone-alerts/webhooks.ts';
import { DeliveryRefusedError, DeliveryThrottledError } from './delivery-errors.ts';
import { holdOffEveryone, takeTurn, type PaceLane } from './pace.ts';

/**
 * Every message is stored before it is sent (design.md, "Data and contracts"): a submission and
 * its mail are written in one batch, then delivered. One outbox for every channel: a row's
 * `channel` is `email` (Resend) or a phone's (`sms`, `whatsapp`, `voz`: Twilio), each lane claimed
 * and paced on its own, with the same retries, holds and deploy contexts. A failed delivery is never final: it waits
 * a growing delay, capped at an hour, and the scheduled function `outbox-retry` tries again until
 * the mail is sent. Only a mail the provider refuses for itself is held, for staff to see on
 * Correo saliente, so it never blocks the rest. A provider asking to wait (429) is no failure:
 * the mail waits what it asked. Each mail carries the deploy context that wrote it, and a run
 * sends only its own context's (a preview's database is a copy of production's).
 */

/** A claimed row whose sender died is claimed again after this lease. */
const LEASE = "interval '5 minutes'";
/** The longest wait between two attempts: a provider back after an outage sends within the hour. */
const MAX_DELAY_MINUTES = 60;
/** The first key of the advisory locks that keep a batch's rows in one run's claim. */
const BATCH_LOCK = 24_008;

/**
 * The time one request to the provider is given, a 10 MB attachment included: no request starts
 * with less than this left before the run's deadline.
 */
export const REQUEST_MS = 5_000;

/** A delivery's deadline when its caller gives none (a request's waitUntil): 20 s of requests. */
const DELIVERY_MS = 20_000 + REQUEST_MS;

/** One run's bounds (a scheduled function has 30 seconds on Netlify: src/server/deadline.ts). */
export interface DeliveryBounds {
  /** Mails; a batch is never split, so the last claim may pass it by one batch. */
  limit?: number;
  /**
   * The run's end. No mail is claimed and no request starts once less than REQUEST_MS is left,
   * and a request still under way then is cut: a failed attempt, tried again like any other (its
   * idempotency key keeps the provider from sending a mail twice if it did take it).
   */
  deadline?: Deadline;
  /** Only these rows (Reintentar ahora), with the rest of their batch. */
  ids?: string[];
}

/** How a row goes: e-mail, or one of a phone's channels. */
export type OutboxChannel = 'email' | PhoneChannel;

interface OutboxRow {
  id: string;
  channel: OutboxChannel;
  created_at: Date;
  reference: string;
  recipient: string;
  reply_to: string | null;
  list_unsubscribe: string | null;
  subject: string;
  body: string;
  attempts: number;
  attachment_upload_id: string | null;
  attachment_name: string | null;
  batch_id: string | null;
  /** Chosen by the claim itself, not brought along by its batch. */
  lead: boolean;
}

/** What a run did: mails sent, failed (an attempt counted), and told by the provider to wait. */
export interface Delivered {
  sent: number;
  failed: number;
  throttled: number;
}

/** Reads the bytes of a stored upload a mail carries. */
export type AttachmentLoader = (uploadId: string) => Promise<Uint8Array | undefined>;

/**
 * The columns `enqueueMail`'s parameters fill, in order; a statement may reuse them (billing),
 * the last one with `deployContext()`.
 */
export const OUTBOX_COLUMNS = 'reference, recipient, reply_to, subject, body, attachment_upload_id, context';

/** Empties a delivered mail: what stays is its reference, status, attempts and dates (retention, a rights erasure). */
export const EMPTY_MAIL = `recipient = '', reply_to = NULL, subject = '', body = '', last_error = NULL,
  attachment_upload_id = NULL, list_unsubscribe = NULL, redacted_at = now()`;

/**
 * The statement that stores `mail` for delivery; run it in the same batch as the submission.
 * `attachmentUploadId` names a stored upload the mail carries, read when it is sent.
 */
export function enqueueMail(
  mail: Omit<Mail, 'attachments'>,
  reference: string,
  attachmentUploadId?: string,
): Statement {
  return {
    text: `INSERT INTO outbox (${OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    params: [
      reference,
      mail.to,
      mail.replyTo ?? null,
      mail.subject,
      mail.text,
      attachmentUploadId ?? null,
      deployContext(),
    ],
  };
}

/**
 * The statement that stores a message to a phone for delivery, due at `notBefore` (the end of the
 * quiet hours) or at once; `subject` is what Correo saliente lists it by, never sent.
 */
export function enqueuePhoneMessage(
  message: { to: string; channel: PhoneChannel; subject: string; body: string },
  reference: string,
  notBefore?: Date,
): Statement {
  return {
    text: `INSERT INTO outbox (reference, recipient, subject, body, context, channel, next_attempt_at)
           VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()))`,
    params: [
      reference,
      message.to,
      message.subject,
      message.body,
      deployContext(),
      message.channel,
      notBefore?.toISOString() ?? null,
    ],
  };
}

/** Why a delivery failed, as Correo saliente shows it. */
const problemOf = (error: unknown): MailProblem => (error instanceof DeliveryRefusedError ? error.problem : 'provider');
const messageOf = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, 1000);

/** The most mails one statement claims: a submission's two or three come in one. */
const CLAIM_BATCH = 5;

const DUE = (table: string) => `${table}.status IN ('pending', 'sending') AND ${table}.next_attempt_at <= now()`;

/**
 * When the context's next message of either lane is due (a retry's delay, the end of the quiet
 * hours, a claim's lease), or null when none waits: what `outbox-retry` records for its next run
 * (work-markers/markers.ts).
 */
export async function nextOutboxAttempt(db: Database): Promise<Date | null> {
  const [row] = await db.query<{ due: Date | null }>(
    `SELECT min(next_attempt_at) AS due FROM outbox
     WHERE status IN ('pending', 'sending') AND ${ownMail('outbox.context', '$1')}`,
    [deployContext()],
  );
  return row?.due ? new Date(row.due) : null;
}

/**
 * Claims up to `wanted` due mails of the context, each with the rest of its batch. A batch is
 * claimed whole or not at all: the advisory lock keeps every other run off its rows until this
 * statement ends, and by then they are not due. The claim's order is the one of the index of
 * unsent mail (`outbox_due`, on `next_attempt_at`), so that no plan needs to read a sent mail: in
 * `id` order, the embedded database's planner (which has no statistics) walked the primary key
 * through every mail ever sent, a claim that grew with the table (45 ms at 100,000 mails; issue
 * 14's benchmark slowed down run after run).
 */
const claim = (db: Database, lane: PaceLane, context: string, ids: string[] | undefined, wanted: number) =>
  db.query<OutboxRow>(
    `WITH lead AS (
       SELECT id, batch_id FROM outbox
       WHERE ${DUE('outbox')} AND (outbox.channel = 'email') = $4 AND ${ownMail('outbox.context', '$3')}
         AND ($1::bigint[] IS NULL OR id = ANY($1))
         AND (batch_id IS NULL OR pg_try_advisory_xact_lock(${BATCH_LOCK}, hashtext(batch_id::text)))
       ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       SELECT id FROM lead
       UNION
       SELECT id FROM outbox
       WHERE batch_id IS NOT NULL AND batch_id = ANY(ARRAY(SELECT batch_id FROM lead WHERE batch_id IS NOT NULL))
         AND ${DUE('outbox')} AND ${ownMail('outbox.context', '$3')}
     )
     UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
     WHERE id = ANY(ARRAY(SELECT id FROM claimed)) AND ${DUE('outbox')}
     RETURNING id, channel, created_at, reference, recipient, reply_to, list_unsubscribe, subject, body, attempts,
       attachment_upload_id, batch_id,
       (SELECT file_name FROM uploads WHERE uploads.id = outbox.attachment_upload_id) AS attachment_name,
       id = ANY(ARRAY(SELECT id FROM lead)) AS lead`,
    [ids ?? null, wanted, context, lane === 'email'],
  );

/** Claimed rows by request: a batch's rows together (an attachment always alone), the oldest first. */
function requestsOf(rows: OutboxRow[]): OutboxRow[][] {
  const requests = new Map<string, OutboxRow[]>();
  for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    const key = row.batch_id && !row.attachment_upload_id ? row.batch_id : `row ${row.id}`;
    requests.set(key, [...(requests.get(key) ?? []), row]);
  }
  return [...requests.values()];
}

/** Claimed, then not sent within the run: due again at once, no attempt counted. */
const release = (db: Database, rows: OutboxRow[]) =>
  db.query(
    `UPDATE outbox SET status = 'pending', attempts = attempts - 1, next_attempt_at = now() WHERE id = ANY($1)`,
    [rows.map(({ id }) => id)],
  );

const markSent = (db: Database, ids: string[]) =>
  db.query(`UPDATE outbox SET status = 'sent', sent_at = now(), last_error = NULL, problem = NULL WHERE id = ANY($1)`, [
    ids,
  ]);

/**
 * A phone's message taken by the provider, with its id; a status callback that came first (the
 * provider's own queue is fast) keeps what it told.
 */
const markTaken = (db: Database, id: string, providerId: string) =>
  db.query(
    `UPDATE outbox SET status = 'sent', sent_at = now(), last_error = NULL, problem = NULL, provider_id = $2,
       provider_status = coalesce(provider_status, 'queued'), provider_status_at = coalesce(provider_status_at, now())
     WHERE id = $1`,
    [id, providerId],
  );

/** A failed attempt: the delay grows with the square of the attempts, capped; a refused mail waits for staff. */
const markFailed = (db: Database, ids: string[], error: unknown) =>
  db.query(
    `UPDATE outbox SET status = CASE WHEN $3 = 'rejected' THEN 'held' ELSE 'pending' END, last_error = $2, problem = $3,
       next_attempt_at = now() + least(attempts * attempts, $4) * interval '1 minute'
     WHERE id = ANY($1)`,
    [ids, messageOf(error), problemOf(error), MAX_DELAY_MINUTES],
  );

/**
 * The provider asked every sender to wait: no attempt counted and no growing delay, the mails are
 * due again when it said, and no run calls it before then.
 */
const markThrottled = (db: Database, lane: PaceLane, ids: string[], error: DeliveryThrottledError) =>
  db.batch([
    holdOffEveryone(lane, error.retryAfterMs),
    {
      text: `UPDATE outbox SET status = 'pending', attempts = attempts - 1, last_error = $2, problem = 'provider',
               next_attempt_at = now() + $3::int * interval '1 millisecond'
             WHERE id = ANY($1)`,
      params: [ids, messageOf(error), error.retryAfterMs],
    },
  ]);

const mailOf = (row: OutboxRow): Mail => ({
  to: row.recipient,
  subject: row.subject,
  text: row.body,
  ...(row.reply_to ? { replyTo: row.reply_to } : {}),
  ...(row.list_unsubscribe ? { listUnsubscribe: row.list_unsubscribe } : {}),
});

/** A mail's own idempotency key: the context that sends it, then its reference and row. */
export const idempotencyKey = (context: string, row: Pick<OutboxRow, 'reference' | 'id'>) =>
  `${context}/${row.reference}-${row.id}`;

/** A batch's key, made of its mails' own keys: the same mails always make the same request. */
export const batchKey = (context: string, keys: string[]) =>
  `${context}/batch-${createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 40)}`;

/** One request to a lane's provider: its rows' outcome, recorded; throws what the provider answered. */
type Deliver = (rows: OutboxRow[], signal: AbortSignal) => Promise<Delivered>;

/** Sends one request and records each row's outcome, a 429 and a failure included. */
async function attempt(db: Database, lane: PaceLane, deliver: Deliver, rows: OutboxRow[], signal: AbortSignal) {
  const ids = rows.map(({ id }) => id);
  try {
    return await deliver(rows, signal);
  } catch (error) {
    if (error instanceof DeliveryThrottledError) {
      await markThrottled(db, lane, ids, error);
      return { sent: 0, failed: 0, throttled: rows.length };
    }
    await markFailed(db, ids, error);
    return { sent: 0, failed: rows.length, throttled: 0 };
  }
}

/** A mail, or a batch of them, to Resend. */
const mailDelivery =
  (db: Database, sender: MailSender, loadAttachment: AttachmentLoader | undefined, context: string): Deliver =>
  async (rows, signal) => {
    const ids = rows.map(({ id }) => id);
    if (rows.length === 1) {
      const [row] = rows as [OutboxRow];
      const mail = mailOf(row);
      if (row.attachment_upload_id) {
        const content = await loadAttachment?.(row.attachment_upload_id);
        // Gone from storage, it will not come back: the mail is held for staff.
        if (!content)
          throw new DeliveryRefusedError('rejected', `attachment ${row.attachment_upload_id} is not in storage`);
        mail.attachments = [{ filename: row.attachment_name ?? 'adjunto', content }];
      }
      await sender.send(mail, idempotencyKey(context, row), signal);
      await markSent(db, ids);
      return { sent: 1, failed: 0, throttled: 0 };
    }
    const items: BatchItem[] = rows.map((row) => ({ mail: mailOf(row), key: idempotencyKey(context, row) }));
    const refusals = await sender.sendBatch(
      items,
      batchKey(
        context,
        items.map(({ key }) => key),
      ),
      signal,
    );
    const sent = ids.filter((_id, index) => !refusals[index]);
    if (sent.length > 0) await markSent(db, sent);
    for (const [index, refusal] of refusals.entries()) if (refusal) await markFailed(db, [ids[index]!], refusal);
    return { sent: sent.length, failed: rows.length - sent.length, throttled: 0 };
  };

/** The address the provider posts a phone message's statuses to; the row's id travels signed with it. */
export const statusCallbackOf = (origin: string, row: Pick<OutboxRow, 'id' | 'reference'>) =>
  `${origin}${PHONE_STATUS_PATH}?ref=${encodeURIComponent(row.reference)}&id=${row.id}`;

/**
 * A message or call to a phone, alone. Twilio takes no idempotency key: a row tried before (its
 * last attempt cut before the answer, perhaps after the provider took it) is first looked up
 * among what the provider sent that number since the row was written, and recorded, not sent
 * again, when it is there.
 */
const phoneDelivery =
  (db: Database, sender: PhoneSender, origin: string): Deliver =>
  async ([row], signal) => {
    const { id, recipient: to, body } = row!;
    const channel = row!.channel as PhoneChannel;
    const earlier =
      row!.attempts > 1 ? await sender.sentSince({ to, channel, body }, row!.created_at, signal) : undefined;
    const providerId =
      earlier ??
      (await sender.send({ to, channel, body, statusCallback: statusCallbackOf(origin, row!) }, signal)).providerId;
    await markTaken(db, id, providerId);
    return { sent: 1, failed: 0, throttled: 0 };
  };

/**
 * Sends the mails that are due, the longest due first, claiming a few at a time (one statement
 * each time, so a submission's mails cost one claim) until the bounds are reached; safe to run
 * concurrently, each row is claimed by one statement. Calls to the provider are paced to its rate
 * limit across runs. A mail claimed is only sent while the deadline allows; one left over is due
 * again at once, without counting an attempt.
 */
export const deliverDue = (
  db: Database,
  sender: MailSender,
  loadAttachment?: AttachmentLoader,
  bounds: DeliveryBounds = {},
): Promise<Delivered> =>
  deliverLane(db, 'email', sender.requestInterval, mailDelivery(db, sender, loadAttachment, deployContext()), bounds);

/**
 * The same for the phones' messages and calls, each its own request, paced to the phone
 * provider's rate; `origin` is the site's, which the status callbacks go to.
 */
export const deliverDuePhoneMessages = (
  db: Database,
  sender: PhoneSender,
  origin: string,
  bounds: DeliveryBounds = {},
): Promise<Delivered> => deliverLane(db, 'phone', sender.requestInterval, phoneDelivery(db, sender, origin), bounds);

async function deliverLane(
  db: Database,
  lane: PaceLane,
  requestInterval: number,
  deliver: Deliver,
  { limit = 20, deadline = deadlineIn(DELIVERY_MS), ids }: DeliveryBounds,
): Promise<Delivered> {
  const context = deployContext();
  const lastStart = deadline.earlier(REQUEST_MS);
  const done: Delivered = { sent: 0, failed: 0, throttled: 0 };
  const count = () => done.sent + done.failed + done.throttled;
  while (count() < limit && !lastStart.passed()) {
    const wanted = Math.min(CLAIM_BATCH, limit - count());
    const rows = await claim(db, lane, context, ids, wanted);
    const requests = requestsOf(rows);
    for (const [index, request] of requests.entries()) {
      if (lastStart.passed() || !(await takeTurn(db, lane, requestInterval, lastStart))) {
        await release(db, requests.slice(index).flat());
        return done;
      }
      const outcome = await attempt(db, lane, deliver, request, deadline.signal);
      done.sent += outcome.sent;
      done.failed += outcome.failed;
      done.throttled += outcome.throttled;
    }
    // Fewer than asked for: nothing else was due.
    if (rows.filter(({ lead }) => lead).length < wanted) break;
  }
  return done;
}
