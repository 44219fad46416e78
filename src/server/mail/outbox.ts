import type { MailProblem } from '../../shared/outbox.ts';
import type { Database, Statement } from '../db/index.ts';
import { MailRefusedError, type Mail, type MailSender } from './mail.ts';

/**
 * Every mail is stored before it is sent (design.md, "Data and contracts"): a submission and
 * its mail are written in one batch, then delivered. A failed delivery is never final: it waits
 * a growing delay, capped at an hour, and the scheduled function `outbox-retry` tries again until
 * the mail is sent. Only a mail the provider refuses for itself is held, for staff to see on
 * Correo saliente, so it never blocks the rest.
 */

/** A claimed row whose sender died is claimed again after this lease. */
const LEASE = "interval '5 minutes'";
/** The longest wait between two attempts: a provider back after an outage sends within the hour. */
const MAX_DELAY_MINUTES = 60;

/**
 * One run's bounds. A scheduled function has 30 seconds on Netlify: a run claims no new mail once
 * `budgetMs` has passed, which leaves the last claimed mail (up to a 10 MB attachment) its time.
 */
export interface DeliveryBounds {
  limit?: number;
  budgetMs?: number;
  /** Only these rows (Reintentar ahora). */
  ids?: string[];
  /** Milliseconds, for tests of the budget. */
  clock?: () => number;
}

interface OutboxRow {
  id: string;
  reference: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attempts: number;
  attachment_upload_id: string | null;
  attachment_name: string | null;
}

/** Reads the bytes of a stored upload a mail carries. */
export type AttachmentLoader = (uploadId: string) => Promise<Uint8Array | undefined>;

/** The columns `enqueueMail`'s parameters fill, in order; a statement may reuse them (billing). */
export const OUTBOX_COLUMNS = 'reference, recipient, reply_to, subject, body, attachment_upload_id';

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
    text: `INSERT INTO outbox (${OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`,
    params: [reference, mail.to, mail.replyTo ?? null, mail.subject, mail.text, attachmentUploadId ?? null],
  };
}

/** Why a delivery failed, as Correo saliente shows it. */
const problemOf = (error: unknown): MailProblem => (error instanceof MailRefusedError ? error.problem : 'provider');

/** The most mails one statement claims: a submission's two or three come in one. */
const CLAIM_BATCH = 5;

/**
 * Sends the mails that are due, the longest due first, claiming a few at a time (one statement
 * each time, so a submission's mails cost one claim) until the bounds are reached; safe to run
 * concurrently, each row is claimed by one statement. A mail claimed is only sent within the
 * budget; one left over is due again at once, without counting an attempt.
 *
 * The claim's order is the one of the index of unsent mail (`outbox_due`, on `next_attempt_at`),
 * so that no plan needs to read a sent mail: in `id` order, the embedded database's planner (which
 * has no statistics) walked the primary key through every mail ever sent, a claim that grew with
 * the table (45 ms at 100,000 mails; issue 14's benchmark slowed down run after run).
 */
export async function deliverDue(
  db: Database,
  sender: MailSender,
  loadAttachment?: AttachmentLoader,
  { limit = 20, budgetMs = 20_000, ids, clock = Date.now }: DeliveryBounds = {},
): Promise<{ sent: number; failed: number }> {
  const started = clock();
  const withinBudget = () => clock() - started < budgetMs;
  let sent = 0;
  let failed = 0;
  while (sent + failed < limit && withinBudget()) {
    const wanted = Math.min(CLAIM_BATCH, limit - sent - failed);
    const rows = await db.query<OutboxRow>(
      `UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
       WHERE id = ANY(ARRAY(
         SELECT id FROM outbox
         WHERE status IN ('pending', 'sending') AND next_attempt_at <= now() AND ($1::bigint[] IS NULL OR id = ANY($1))
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED))
       RETURNING id, reference, recipient, reply_to, subject, body, attempts, attachment_upload_id,
         (SELECT file_name FROM uploads WHERE uploads.id = outbox.attachment_upload_id) AS attachment_name`,
      [ids ?? null, wanted],
    );
    // The claim's subquery is an array, evaluated once: a semi-join could scan it again and claim
    // other rows. RETURNING keeps no order: the oldest first.
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    for (const [index, row] of rows.entries()) {
      if (index > 0 && !withinBudget()) {
        await db.query(
          `UPDATE outbox SET status = 'pending', attempts = attempts - 1, next_attempt_at = now() WHERE id = ANY($1)`,
          [rows.slice(index).map(({ id }) => id)],
        );
        return { sent, failed };
      }
      if (await deliver(db, sender, loadAttachment, row)) sent += 1;
      else failed += 1;
    }
    // Fewer than asked for: nothing else was due.
    if (rows.length < wanted) break;
  }
  return { sent, failed };
}

async function deliver(
  db: Database,
  sender: MailSender,
  loadAttachment: AttachmentLoader | undefined,
  row: OutboxRow,
): Promise<boolean> {
  const mail: Mail = {
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
  };
  try {
    if (row.attachment_upload_id) {
      const content = await loadAttachment?.(row.attachment_upload_id);
      // Gone from storage, it will not come back: the mail is held for staff.
      if (!content) throw new MailRefusedError('rejected', `attachment ${row.attachment_upload_id} is not in storage`);
      mail.attachments = [{ filename: row.attachment_name ?? 'adjunto', content }];
    }
    await sender.send(mail, `${row.reference}-${row.id}`);
    await db.query(
      `UPDATE outbox SET status = 'sent', sent_at = now(), last_error = NULL, problem = NULL WHERE id = $1`,
      [row.id],
    );
    return true;
  } catch (error) {
    const problem = problemOf(error);
    // The delay grows with the square of the attempts, capped; a refused mail waits for staff.
    await db.query(
      `UPDATE outbox SET status = CASE WHEN $3 = 'rejected' THEN 'held' ELSE 'pending' END, last_error = $2, problem = $3,
         next_attempt_at = now() + least(attempts * attempts, $4) * interval '1 minute'
       WHERE id = $1`,
      [row.id, String(error instanceof Error ? error.message : error).slice(0, 1000), problem, MAX_DELAY_MINUTES],
    );
    return false;
  }
}
