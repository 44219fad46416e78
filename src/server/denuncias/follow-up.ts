import { createHmac } from 'node:crypto';
import {
  RECEIPT_DIGITS,
  receiptDigits,
  type DenunciaMessage,
  type DenunciaStatus,
} from '../../shared/denuncias/case/schema.ts';
import {
  denunciaFollowUpMessages as texts,
  type DenunciaFollowUp,
  type ReporterViewMessage,
} from '../../shared/denuncias/follow-up/schema.ts';
import { retention } from '../../shared/retention/texts.ts';
import { site } from '../../shared/site.ts';
import { clientGroup } from '../client-group.ts';
import { config } from '../config.ts';
import { isoTime, type Database } from '../db/index.ts';
import { Conflict, NotFound, Throttled } from '../errors.ts';
import { claimAttempt, refundStatements, type FailureThrottle } from '../failure-throttle.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Multipart } from '../multipart.ts';
import type { UploadStore } from '../storage.ts';
import { receiveFile, storeAndAttach, withReceivedFile } from '../uploads.ts';
import { messagesStatement, messageStatements, openMessages } from './messages.ts';
import { receiptHash } from './receipt.ts';

/**
 * /denuncias/seguimiento: the receipt code opens its denuncia's status and messages,
 * and lets the reporter answer. Every code that opens nothing (malformed, unknown) gets one
 * message and counts as a failure of its client (a keyed hash of its IPv4 address or IPv6 /64,
 * never the address), throttled before the slow hash (receipt.ts) is paid for: growing waits per
 * client, and a global brake against a guesser with many addresses that only ever holds back
 * clients that failed: a stranger's failures never refuse the right code.
 */

export const RECEIPT_THROTTLE: FailureThrottle = {
  table: 'receipt_failures',
  free: 5,
  memory: retention.receiptFailures,
  /**
   * Clients failing within 15 minutes that put the brake on: a small utility's reporters mistype
   * their code now and then, thirty different connections doing so at once is a guesser.
   */
  brake: 30,
};

/** A denuncia the code opened. */
export interface OpenedDenuncia {
  reference: string;
  status: DenunciaStatus;
  receivedAt: string;
  closedAt: string | null;
  hasEmail: boolean;
  notify: boolean;
  /** Its messages, never the notes: read in the lookup's batch, or in the batch that added one. */
  messages: DenunciaMessage[];
}

const clientKey = async (address: string): Promise<string> =>
  createHmac('sha256', await config.denunciasKey())
    .update(`receipt-failures:${clientGroup(address)}`)
    .digest('hex');

/** The denuncia of a receipt code as typed; NotFound with the one message, or Throttled while its client waits. */
export async function openByReceipt(db: Database, typed: string, address: string): Promise<OpenedDenuncia> {
  const client = await clientKey(address);
  const claim = await claimAttempt(db, RECEIPT_THROTTLE, client);
  if (claim.kind === 'wait')
    throw new Throttled((claim.braked ? texts.throttledEveryone : texts.throttled)(claim.seconds), claim.seconds);
  const digits = receiptDigits(typed);
  // A wrong code keeps its attempt counted: the one message, and no hash for a malformed one.
  if (!new RegExp(`^\\d{${RECEIPT_DIGITS}}$`).test(digits)) throw new NotFound(texts.notFound);
  const hash = await receiptHash(digits);
  // The lookup, the refund of a right code's attempt and its messages: one round trip after the claim.
  const [[found], , , messages] = (await db.batch([
    {
      text: `SELECT reference, status, ${isoTime('created_at')} AS "receivedAt", ${isoTime('closed_at')} AS "closedAt",
         email <> '' AS "hasEmail", notify_reporter AS notify
       FROM denuncias WHERE receipt_hash = $1`,
      params: [hash],
    },
    ...refundStatements(RECEIPT_THROTTLE, client, {
      text: 'EXISTS (SELECT FROM denuncias WHERE receipt_hash = $2)',
      params: [hash],
    }),
    messagesStatement({ receiptHash: hash }, { withNotes: false }),
  ])) as [Omit<OpenedDenuncia, 'messages'>[], unknown[], unknown[], unknown[]];
  if (!found) throw new NotFound(texts.notFound);
  return { ...found, messages: await openMessages(found.reference, messages) };
}

/** What the reporter sees: never an internal note, never the name of who wrote in compliance. */
export function followUpView(opened: OpenedDenuncia): DenunciaFollowUp {
  const messages: ReporterViewMessage[] = [];
  for (const { author, body, attachment, createdAt } of opened.messages)
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
 * to look at the desk; the denuncia as it is then, its messages read in the same batch. A closed
 * denuncia takes no more messages.
 */
export async function addReporterMessage(
  db: Database,
  store: UploadStore,
  opened: OpenedDenuncia,
  { body, form, address, origin }: { body: string; form: Multipart; address: string; origin: string },
): Promise<OpenedDenuncia> {
  if (opened.status === 'cerrada') throw new Conflict(texts.closed);
  const file = await receiveFile(store, 'denuncia', form, address);
  const { reference } = opened;
  const written = await withReceivedFile(store, file, async () =>
    db.batch([
      // The file first, stored (inline) or checked and attached: the message names it.
      ...(file ? storeAndAttach(file) : []),
      ...(await messageStatements({
        reference,
        author: 'reporter',
        body,
        ...(file ? { attachmentUploadId: file.id } : {}),
      })),
      enqueueMail(reporterMessageMail(reference, origin), reference),
      messagesStatement({ reference }, { withNotes: false }),
    ]),
  );
  return { ...opened, messages: await openMessages(reference, written.at(-1)!) };
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
  if (notify && !opened.hasEmail) throw new Conflict(texts.noEmail, 'notify');
  await db.query('UPDATE denuncias SET notify_reporter = $2 WHERE reference = $1', [opened.reference, notify]);
  return { ...opened, notify };
}
