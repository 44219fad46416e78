import type { DenunciaMessage, MessageAuthor } from '../../shared/denuncias/case/schema.ts';
import { site } from '../../shared/site.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { sealText, unsealText } from '../encryption.ts';
import { deployContext } from '../mail/context.ts';
import type { Mail } from '../mail/mail.ts';
import { enqueueMail, OUTBOX_COLUMNS } from '../outbox/outbox.ts';
import { readDescription } from '../uploads/metadata.ts';

/**
 * The messages of a denuncia: the reporter's (through the receipt code), compliance's
 * to the reporter, and compliance's internal notes. Bodies are sealed, bound to their denuncia: by
 * its reference, or, for a reporter's message written by the receipt code's hash before the
 * reference is known (`bound_to_receipt`), by that hash, as much the denuncia's alone (UNIQUE,
 * written once by submit.ts, never changed). An attachment is a `denuncia` upload, its bytes
 * sealed in storage (uploads/store.ts), its name and size in the uploads row (uploads/metadata.ts).
 */

const bodyContext = (reference: string) => `denuncia_messages.body:${reference}`;
const receiptBodyContext = (receiptHash: string) => `denuncia_messages.body:receipt:${receiptHash}`;

interface NewMessage {
  reference: string;
  author: MessageAuthor;
  body: string;
  attachmentUploadId?: string;
  /** The compliance user writing, with their name, or the name is read from their account; none for the reporter. */
  admin?: SignedInAdmin & { name?: string };
}

/** The statements that add a message and touch its denuncia, to run in one batch. */
export async function messageStatements({
  reference,
  author,
  body,
  attachmentUploadId,
  admin,
}: NewMessage): Promise<Statement[]> {
  return [
    {
      text: `INSERT INTO denuncia_messages (denuncia_id, author, body, attachment_upload_id, admin_id, admin_name)
             SELECT id, $2, $3, $4, $5::uuid, coalesce($6, (SELECT name FROM admins WHERE id = $5::uuid))
             FROM denuncias WHERE reference = $1`,
      params: [
        reference,
        author,
        await sealText(body, bodyContext(reference)),
        attachmentUploadId ?? null,
        admin?.id ?? null,
        admin?.name ?? null,
      ],
    },
    { text: 'UPDATE denuncias SET updated_at = now() WHERE reference = $1', params: [reference] },
  ];
}

/**
 * Why a reporter's message with a file refused its batch (db/refusals.ts): its denuncia is closed,
 * found so by the batch's first statement (follow-up.ts) or by the one after the message.
 */
export const REPORTER_MESSAGE_REFUSED = 'denuncia:closed';

/**
 * The statements that add a reporter's message to the open denuncia of a receipt code's hash, to
 * run in the batch that looks the code up: one statement touches the denuncia, writes the message
 * and queues `notice`, whose text ends with the reference, or does none of it when the code opens
 * no open denuncia. With a file (stored and attached before it in the batch, uploads/files.ts
 * storeAndAttach), a second statement refuses the whole batch when the message was not written
 * (REPORTER_MESSAGE_REFUSED): the denuncia closed while the batch ran, after its first statement
 * found it open, is never left a file no message names.
 */
export async function reporterMessageStatements(
  { receiptHash, body, attachmentUploadId }: { receiptHash: string; body: string; attachmentUploadId?: string },
  notice: Pick<Mail, 'to' | 'subject'> & { textBeforeReference: string },
): Promise<Statement[]> {
  const message: Statement = {
    text: `WITH d AS (UPDATE denuncias SET updated_at = now() WHERE receipt_hash = $1 AND status <> 'cerrada' RETURNING id, reference),
         message AS (INSERT INTO denuncia_messages (denuncia_id, author, body, attachment_upload_id, bound_to_receipt)
           SELECT id, 'reporter', $2, $3::uuid, true FROM d)
       INSERT INTO outbox (${OUTBOX_COLUMNS}) SELECT reference, $4, NULL, $5, $6 || reference, NULL, $7 FROM d`,
    params: [
      receiptHash,
      await sealText(body, receiptBodyContext(receiptHash)),
      attachmentUploadId ?? null,
      notice.to,
      notice.subject,
      notice.textBeforeReference,
      deployContext(),
    ],
  };
  if (!attachmentUploadId) return [message];
  return [
    message,
    {
      text: `SELECT refuse('${REPORTER_MESSAGE_REFUSED}') WHERE NOT EXISTS (SELECT FROM denuncia_messages WHERE attachment_upload_id = $1)`,
      params: [attachmentUploadId],
    },
  ];
}

interface MessageRow {
  id: string;
  author: MessageAuthor;
  body: string;
  bound_to_receipt: boolean;
  receipt_hash: string | null;
  admin_name: string | null;
  upload_id: string | null;
  file_name: string | null;
  declared_size: number | null;
  sealed_size: string | null;
  created_at: string;
}

/**
 * The statement reading a denuncia's messages, oldest first, the notes only for the desk: to read
 * with others. The denuncia by its reference, or by its receipt code's hash (the reporter's lookup,
 * whose batch reads them before knowing the reference).
 */
export const messagesStatement = (
  denuncia: { reference: string } | { receiptHash: string },
  { withNotes }: { withNotes: boolean },
): Statement => ({
  text: `SELECT m.id::text AS id, m.author, m.body, m.bound_to_receipt, d.receipt_hash, m.admin_name, u.id AS upload_id, u.file_name, u.declared_size, u.sealed_size,
           ${isoTime('m.created_at')} AS created_at
         FROM denuncia_messages m JOIN denuncias d ON d.id = m.denuncia_id LEFT JOIN uploads u ON u.id = m.attachment_upload_id
         WHERE ${'reference' in denuncia ? 'd.reference' : 'd.receipt_hash'} = $1 AND ($2 OR m.author <> 'note') ORDER BY m.id`,
  params: ['reference' in denuncia ? denuncia.reference : denuncia.receiptHash, withNotes],
});

/** The messages of `messagesStatement`'s rows, their bodies and files' names unsealed. */
export const openMessages = (reference: string, rows: unknown[]): Promise<DenunciaMessage[]> =>
  Promise.all(
    (rows as MessageRow[]).map(async (row) => ({
      id: row.id,
      author: row.author,
      body: await unsealText(
        row.body,
        row.bound_to_receipt ? receiptBodyContext(row.receipt_hash!) : bodyContext(reference),
      ),
      adminName: row.admin_name,
      attachment: row.upload_id
        ? { id: row.upload_id, ...(await readDescription(row.upload_id, { ...row, file_name: row.file_name! })) }
        : null,
      createdAt: row.created_at,
    })),
  );

/**
 * The content-free notice to a reporter who asked for one on the follow-up page, when compliance
 * writes to them: no text, no reference (a mailbox is not a safe place for either), only that
 * there is news and where to read it with the receipt code. None when they did not ask.
 */
export async function reporterNotice(db: Database, reference: string, origin: string): Promise<Statement[]> {
  const [row] = await db.query<{ email: string }>(
    `SELECT email FROM denuncias WHERE reference = $1 AND notify_reporter AND email <> ''`,
    [reference],
  );
  if (!row) return [];
  const to = await unsealText(row.email, `denuncias.email:${reference}`);
  return [
    enqueueMail(
      {
        to,
        subject: 'Tiene un mensaje nuevo en el canal de denuncias',
        text: [
          'Hola:',
          '',
          `Hay un mensaje nuevo sobre la denuncia que presentó en el canal de denuncias de ${site.name}.`,
          'Por confidencialidad, este correo no incluye su contenido. Léalo con su código de recibo en:',
          `${origin}/denuncias/seguimiento`,
        ].join('\n'),
      },
      reference,
    ),
  ];
}
