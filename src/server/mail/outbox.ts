import type { Database, Statement } from '../db/index.ts';
import type { Mail, MailSender } from './mail.ts';

/**
 * Every mail is stored before it is sent (design.md, "Data and contracts"): a submission and
 * its mail are written in one batch, then delivered; a failed delivery stays pending and the
 * scheduled function `outbox-retry` tries again with a growing delay.
 */

const MAX_ATTEMPTS = 20;
/** A claimed row whose sender died is claimed again after this lease. */
const LEASE = "interval '5 minutes'";

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

/** Sends the mails that are due; safe to run concurrently, each row is claimed by one statement. */
export async function deliverDue(
  db: Database,
  sender: MailSender,
  loadAttachment?: AttachmentLoader,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const claimed = await db.query<OutboxRow>(
    `UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
     WHERE id IN (
       SELECT id FROM outbox
       WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, reference, recipient, reply_to, subject, body, attempts, attachment_upload_id,
       (SELECT file_name FROM uploads WHERE uploads.id = outbox.attachment_upload_id) AS attachment_name`,
    [limit],
  );
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const mail: Mail = {
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    };
    try {
      if (row.attachment_upload_id) {
        const content = await loadAttachment?.(row.attachment_upload_id);
        if (!content) throw new Error(`attachment ${row.attachment_upload_id} is not in storage`);
        mail.attachments = [{ filename: row.attachment_name ?? 'adjunto', content }];
      }
      await sender.send(mail, `${row.reference}-${row.id}`);
      await db.query(`UPDATE outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`, [row.id]);
      sent += 1;
    } catch (error) {
      failed += 1;
      // Backoff grows with the square of the attempts, capped at an hour.
      await db.query(
        `UPDATE outbox SET status = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'pending' END, last_error = $2,
           next_attempt_at = now() + least(attempts * attempts, 60) * interval '1 minute'
         WHERE id = $1`,
        [row.id, String(error instanceof Error ? error.message : error).slice(0, 1000), MAX_ATTEMPTS],
      );
    }
  }
  return { sent, failed };
}
