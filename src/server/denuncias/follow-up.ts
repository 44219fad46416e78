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
import { site } from '../../shared/site.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { refusalOf, rolledBack } from '../db/refusals.ts';
import { Conflict, Invalid, NotFound, Throttled } from '../errors.ts';
import { claimAttempt, refundStatements, type Counter } from '../throttle/throttle.ts';
import { receiptCounters } from '../throttle/uses.ts';
import type { Multipart } from '../uploads/multipart.ts';
import type { UploadStore } from '../uploads/store.ts';
import { receiveFile, storeAndAttach, withReceivedFile } from '../uploads/files.ts';
import { messagesStatement, openMessages, REPORTER_MESSAGE_REFUSED, reporterMessageStatements } from './messages.ts';
import { receiptHash } from './receipt.ts';

/**
 * /denuncias/seguimiento: the receipt code opens its denuncia's status and messages,
 * and lets the reporter answer. Every code that opens nothing (malformed, unknown) gets one
 * message and counts as a failure of its client (a keyed hash of its IPv4 address or IPv6 /64,
 * never the address), throttled before the slow hash (receipt.ts) is paid for: growing waits per
 * client, and a global brake (throttle/uses.ts RECEIPT_THROTTLE) against a guesser with many
 * addresses that only ever holds back clients that failed: a stranger's failures never refuse the
 * right code.
 */

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

/** A receipt code as typed, claimed and hashed: its client's attempt claimed before the slow hash is paid for. */
interface ClaimedCode {
  counters: Counter[];
  hash: string;
}

/** Claims an attempt for the code and hashes it; Throttled while its client waits, NotFound for a malformed code. */
async function claimCode(db: Database, typed: string, address: string): Promise<ClaimedCode> {
  const counters = await receiptCounters(address);
  const claim = await claimAttempt(db, counters);
  if (claim.kind === 'wait')
    throw new Throttled((claim.braked ? texts.throttledEveryone : texts.throttled)(claim.seconds), claim.seconds);
  const digits = receiptDigits(typed);
  // A wrong code keeps its attempt counted: the one message, and no hash for a malformed one.
  if (!new RegExp(`^\\d{${RECEIPT_DIGITS}}$`).test(digits)) throw new NotFound(texts.notFound);
  return { counters, hash: await receiptHash(digits) };
}

/** The statements that hand back a right code's attempt, the code checked by the refund itself. */
const refund = ({ counters, hash }: ClaimedCode): Statement[] =>
  refundStatements(counters, {
    text: 'EXISTS (SELECT FROM denuncias WHERE receipt_hash = $2)',
    params: [hash],
  });

/** Why a batch that needs the code's open denuncia refused itself: the code opens none. */
const UNKNOWN_CODE = 'denuncia:unknown-code';

/**
 * The statement that refuses its batch unless the code opens an open denuncia, its reason saying
 * which answer to give: the one message (UNKNOWN_CODE) or closed (REPORTER_MESSAGE_REFUSED). First
 * in a batch that stores a file, so that neither is answered as a full quota or an upload not
 * attachable, and no file is kept for either.
 */
const openDenunciaOnly = (hash: string): Statement => ({
  text: `SELECT refuse(CASE WHEN EXISTS (SELECT FROM denuncias WHERE receipt_hash = $1)
           THEN '${REPORTER_MESSAGE_REFUSED}' ELSE '${UNKNOWN_CODE}' END)
         WHERE NOT EXISTS (SELECT FROM denuncias WHERE receipt_hash = $1 AND status <> 'cerrada')`,
  params: [hash],
});

/**
 * The denuncia of a claimed code, the refund of a right code's attempt, `writes` by the code's hash
 * (a reporter's message) and then its messages: one round trip after the claim. A batch the
 * database rolled back took the refund with it: for a right code (refused for its closed denuncia,
 * a full quota, an upload not attachable) it is made again alone, a trip more only then, so a right
 * code never counts as a failure; a failed refund leaves the attempt counted, as a wrong code's.
 */
async function lookUpCode(db: Database, code: ClaimedCode, writes: Statement[]): Promise<OpenedDenuncia> {
  const [[found], ...rest] = (await db
    .batch([
      {
        text: `SELECT reference, status, ${isoTime('created_at')} AS "receivedAt", ${isoTime('closed_at')} AS "closedAt",
         email <> '' AS "hasEmail", notify_reporter AS notify
       FROM denuncias WHERE receipt_hash = $1`,
        params: [code.hash],
      },
      ...refund(code),
      ...writes,
      messagesStatement({ receiptHash: code.hash }, { withNotes: false }),
    ])
    .catch(async (error: unknown) => {
      if (rolledBack(error) && refusalOf(error)?.reason !== UNKNOWN_CODE)
        await db.batch(refund(code)).catch(() => undefined);
      throw error;
    })) as [Omit<OpenedDenuncia, 'messages'>[], ...unknown[][]];
  if (!found) throw new NotFound(texts.notFound);
  return { ...found, messages: await openMessages(found.reference, rest.at(-1)!) };
}

/** The denuncia of a receipt code as typed; NotFound with the one message, or Throttled while its client waits. */
export async function openByReceipt(db: Database, typed: string, address: string): Promise<OpenedDenuncia> {
  return lookUpCode(db, await claimCode(db, typed, address), []);
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
 * The reporter's answer to the denuncia of `receipt`, sealed like every message, with its file
 * (inline or a chunked upload of purpose `denuncia`, sealed in storage), and a content-free mail
 * telling the compliance mailbox to look at the desk; the denuncia as it is then. A closed denuncia
 * takes no more messages. The claim, then one batch that looks the code up and writes the message
 * by the code's hash (reporterMessageStatements). With a file, an inline one's bytes are stored
 * before that batch (the claim bounds how often a client gets this far), and the batch first
 * refuses itself unless the code opens an open denuncia (`openDenunciaOnly`), then stores and
 * attaches the file: refused, it keeps nothing, the bytes deleted (withReceivedFile).
 */
export async function addReporterMessage(
  db: Database,
  store: UploadStore,
  {
    receipt,
    body,
    form,
    address,
    origin,
  }: { receipt: string; body: string; form: Multipart; address: string; origin: string },
): Promise<OpenedDenuncia> {
  const code = await claimCode(db, receipt, address);
  const messages = (attachmentUploadId?: string) =>
    reporterMessageStatements(
      { receiptHash: code.hash, body, ...(attachmentUploadId ? { attachmentUploadId } : {}) },
      reporterMessageMail(origin),
    );
  const file = await receiveFile(store, 'denuncia', form, address).catch(async (error: unknown) => {
    // A file its own checks refuse, before any byte is stored, is answered after the code, as the
    // batch answers the others: a wrong code or a closed denuncia first (2 trips, as ever).
    if (error instanceof Invalid) stillOpen(await lookUpCode(db, code, []));
    throw error;
  });
  // Without a file, the message's statement writes nothing for a closed denuncia.
  if (!file) return stillOpen(await lookUpCode(db, code, await messages()));
  try {
    return await withReceivedFile(store, file, async () =>
      lookUpCode(db, code, [
        openDenunciaOnly(code.hash),
        // The file, stored (inline) or checked and attached, before the message that names it.
        ...storeAndAttach(file),
        ...(await messages(file.id)),
      ]),
    );
  } catch (error) {
    const reason = refusalOf(error)?.reason;
    if (reason === UNKNOWN_CODE) throw new NotFound(texts.notFound);
    // Closed before the batch, or in it before the message (reporterMessageStatements).
    if (reason === REPORTER_MESSAGE_REFUSED) throw new Conflict(texts.closed);
    throw error;
  }
}

/** The denuncia a reporter's message went to; Conflict when closed, which takes none. */
function stillOpen(opened: OpenedDenuncia): OpenedDenuncia {
  if (opened.status === 'cerrada') throw new Conflict(texts.closed);
  return opened;
}

/** The compliance mailbox's notice of a reporter's message: no content, only where to read it. */
const reporterMessageMail = (origin: string) => ({
  to: site.mailboxes.compliance,
  subject: 'Nuevo mensaje de un denunciante',
  textBeforeReference: [
    'La persona que presentó una denuncia escribió un mensaje nuevo en el seguimiento de su denuncia.',
    '',
    'Por confidencialidad, este correo no incluye su contenido. Léalo en el escritorio de cumplimiento:',
    `${origin}/admin/denuncias/`,
  ].join('\n'),
});

/**
 * The reporter's choice of the content-free notice (messages.ts reporterNotice), only with an
 * e-mail: set by the code's hash in the lookup's batch, which the statement's own condition keeps
 * from turning it on for a denuncia without one.
 */
export async function chooseNotice(
  db: Database,
  { receipt, notify, address }: { receipt: string; notify: boolean; address: string },
): Promise<OpenedDenuncia> {
  const code = await claimCode(db, receipt, address);
  const opened = await lookUpCode(db, code, [
    {
      text: `UPDATE denuncias SET notify_reporter = $2 WHERE receipt_hash = $1 AND (email <> '' OR NOT $2)`,
      params: [code.hash, notify],
    },
  ]);
  if (notify && !opened.hasEmail) throw new Conflict(texts.noEmail, 'notify');
  return { ...opened, notify };
}
