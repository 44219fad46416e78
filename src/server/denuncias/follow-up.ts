import { createHmac } from 'node:crypto';
import { RECEIPT_DIGITS, receiptDigits, type DenunciaStatus } from '../../shared/denuncia-case.ts';
import {
  denunciaFollowUpMessages as texts,
  type DenunciaFollowUp,
  type ReporterViewMessage,
} from '../../shared/denuncia-follow-up.ts';
import { retention } from '../../shared/retention.ts';
import { site } from '../../shared/site.ts';
import { config } from '../config.ts';
import { isoTime, type Database } from '../db/index.ts';
import { ClientError, tooManyRequests } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Multipart } from '../multipart.ts';
import type { UploadStore } from '../storage.ts';
import { attachUpload, receiveFile } from '../uploads.ts';
import { listMessages, messageStatements } from './messages.ts';
import { receiptHash } from './receipt.ts';

/**
 * /denuncias/seguimiento (issue 16): the receipt code opens its denuncia's status and messages,
 * and lets the reporter answer. Every code that opens nothing (malformed, unknown) gets one
 * message and counts as a failure, per client (a keyed hash of its address, never the address)
 * and for everyone: a guess costs a slow hash (receipt.ts), so both throttles come before it.
 */

/** Failed codes in THROTTLE_MINUTES from one client before it must wait. */
export const MAX_CLIENT_FAILURES = 10;
/**
 * Failed codes in THROTTLE_MINUTES from everyone before every client waits: a guesser with many
 * addresses still cannot try more than this, nor spend more than this many slow hashes.
 */
export const MAX_TOTAL_FAILURES = 300;
const THROTTLE_MINUTES = 15;

/** A denuncia the code opened. */
export interface OpenedDenuncia {
  reference: string;
  status: DenunciaStatus;
  receivedAt: string;
  closedAt: string | null;
  hasEmail: boolean;
  notify: boolean;
}

const clientKey = async (address: string): Promise<string> =>
  createHmac('sha256', await config.denunciasKey())
    .update(`receipt-failures:${address}`)
    .digest('hex');

async function throttle(db: Database, client: string): Promise<void> {
  const [counts] = await db.query<{ mine: number; everyone: number }>(
    `SELECT count(*) FILTER (WHERE client = $1)::int AS mine, count(*)::int AS everyone FROM receipt_failures
     WHERE failed_at > now() - make_interval(mins => $2)`,
    [client, THROTTLE_MINUTES],
  );
  const seconds = THROTTLE_MINUTES * 60;
  if ((counts?.mine ?? 0) >= MAX_CLIENT_FAILURES) throw tooManyRequests(texts.throttled, seconds);
  if ((counts?.everyone ?? 0) >= MAX_TOTAL_FAILURES) throw tooManyRequests(texts.throttledEveryone, seconds);
}

/** Counts a failure, pruning those past their retention (the scheduled clean-up need not run first). */
async function fail(db: Database, client: string): Promise<never> {
  const { amount, unit } = retention.receiptFailures;
  await db.query(
    `WITH pruned AS (DELETE FROM receipt_failures WHERE failed_at < now() - $2::interval)
     INSERT INTO receipt_failures (client) VALUES ($1)`,
    [client, `${amount} ${unit}s`],
  );
  throw new ClientError(404, texts.notFound);
}

/** The denuncia of a receipt code as typed; 404 with the one message, or 429 when throttled. */
export async function openByReceipt(db: Database, typed: string, address: string): Promise<OpenedDenuncia> {
  const client = await clientKey(address);
  await throttle(db, client);
  const digits = receiptDigits(typed);
  if (!new RegExp(`^\\d{${RECEIPT_DIGITS}}$`).test(digits)) return fail(db, client);
  const [found] = await db.query<OpenedDenuncia>(
    `SELECT reference, status, ${isoTime('created_at')} AS "receivedAt", ${isoTime('closed_at')} AS "closedAt",
       email <> '' AS "hasEmail", notify_reporter AS notify
     FROM denuncias WHERE receipt_hash = $1`,
    [await receiptHash(digits)],
  );
  return found ?? fail(db, client);
}

/** What the reporter sees: never an internal note, never the name of who wrote in compliance. */
export async function followUpView(db: Database, opened: OpenedDenuncia): Promise<DenunciaFollowUp> {
  const messages: ReporterViewMessage[] = [];
  for (const { author, body, attachment, createdAt } of await listMessages(db, opened.reference, { withNotes: false }))
    if (author !== 'note')
      messages.push({
        author,
        body,
        attachment: attachment && { fileName: attachment.fileName, size: attachment.size },
        createdAt,
      });
  const { reference, status, receivedAt, closedAt, hasEmail, notify } = opened;
  return { reference, status, receivedAt, closedAt, messages, canNotify: hasEmail, notify: hasEmail && notify };
}

/**
 * The reporter's answer, sealed like every message, with its file (inline or a chunked upload of
 * purpose `denuncia`, sealed in storage), and a content-free mail telling the compliance mailbox
 * to look at the desk. A closed denuncia takes no more messages.
 */
export async function addReporterMessage(
  db: Database,
  store: UploadStore,
  opened: OpenedDenuncia,
  { body, form, address, origin }: { body: string; form: Multipart; address: string; origin: string },
): Promise<void> {
  if (opened.status === 'cerrada') throw new ClientError(409, texts.closed);
  const file = await receiveFile(db, store, 'denuncia', form, address);
  const { reference } = opened;
  await db.batch([
    ...(await messageStatements({
      reference,
      author: 'reporter',
      body,
      ...(file ? { attachmentUploadId: file.id } : {}),
    })),
    ...(file ? [attachUpload(file.id)] : []),
    enqueueMail(reporterMessageMail(reference, origin), reference),
  ]);
}

/** The compliance mailbox's notice of a reporter's message: no content, only where to read it. */
const reporterMessageMail = (reference: string, origin: string) => ({
  to: site.mailboxes.compliance,
  subject: 'Nuevo mensaje de un denunciante',
  text: [
    'La persona que presentó una denuncia escribió un mensaje nuevo en el seguimiento de su denuncia.',
    '',
    'Por confidencialidad, este correo no incluye su contenido. Léalo en el escritorio de cumplimiento:',
    `${origin}/admin/denuncias/${reference}`,
  ].join('\n'),
});

/** The reporter's choice of the content-free notice (messages.ts reporterNotice); only with an e-mail. */
export async function chooseNotice(db: Database, opened: OpenedDenuncia, notify: boolean): Promise<OpenedDenuncia> {
  if (notify && !opened.hasEmail) throw new ClientError(409, texts.noEmail, 'notify');
  await db.query('UPDATE denuncias SET notify_reporter = $2 WHERE reference = $1', [opened.reference, notify]);
  return { ...opened, notify };
}
