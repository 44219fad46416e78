import * as z from 'zod/mini';
import { denunciaStatuses, MESSAGE_CAP } from '../case/schema.ts';
import { fieldMessages, lineCheck, requiredText } from '../../fields.ts';
import { waitText } from '../../time/wait-text.ts';

/**
 * /denuncias/seguimiento: the reporter opens their denuncia with its 16-digit receipt
 * code, reads its status and the messages exchanged with compliance, answers, and may ask for a
 * content-free notice of new messages. The code travels in every request's body, never in a URL,
 * and is kept by the browser only in the page's memory.
 */

/**
 * The code as typed: groups of four with spaces or dashes are fine (receiptDigits). Only its
 * presence is checked here; a code of the wrong shape gets the same answer as an unknown one
 * (denunciaFollowUpMessages.notFound), so nothing tells a guess how close it was.
 */
const receiptField = () => requiredText(40, 'Ingrese su código de recibo.');

/** POST /api/denuncias/seguimiento. */
export const ReceiptQuerySchema = z.object({ receipt: receiptField() });
export type ReceiptQuery = z.infer<typeof ReceiptQuerySchema>;

/**
 * POST /api/denuncias/seguimiento/mensajes (multipart, with an optional `file` or the `uploadId`
 * of a chunked upload of purpose `denuncia`): up to 300 characters like the narrative, strictly
 * shorter than the cap (spec §5).
 */
export const ReporterMessageSchema = z.object({
  receipt: receiptField(),
  body: z
    .string({ error: 'Escriba su mensaje.' })
    .check(
      z.trim(),
      z.minLength(1, 'Escriba su mensaje.'),
      z.maxLength(MESSAGE_CAP - 1, fieldMessages.tooLong(MESSAGE_CAP - 1)),
      lineCheck(true),
    ),
});
export type ReporterMessage = z.infer<typeof ReporterMessageSchema>;

/** POST /api/denuncias/seguimiento/aviso: the reporter's choice of the "new message" notice. */
export const NoticeChoiceSchema = z.object({
  receipt: receiptField(),
  notify: z.boolean({ error: 'Indique si desea recibir el aviso.' }),
});
export type NoticeChoice = z.infer<typeof NoticeChoiceSchema>;

/** A message as the reporter reads it: never an internal note, never who in compliance wrote it. */
export const ReporterViewMessageSchema = z.object({
  author: z.enum(['reporter', 'compliance']),
  body: z.string(),
  /** Its file's name and size; the file itself is downloadable only on the compliance desk. */
  attachment: z.nullable(z.object({ fileName: z.string(), size: z.number() })),
  createdAt: z.string(),
});
export type ReporterViewMessage = z.infer<typeof ReporterViewMessageSchema>;

/** What the receipt code opens: status, dates and messages; nothing the reporter wrote in the form. */
export const DenunciaFollowUpSchema = z.object({
  reference: z.string(),
  status: z.enum(denunciaStatuses),
  receivedAt: z.string(),
  closedAt: z.nullable(z.string()),
  messages: z.array(ReporterViewMessageSchema),
  /** Whether the denuncia carries an e-mail, so the notice can be asked for; the address is never shown. */
  canNotify: z.boolean(),
  notify: z.boolean(),
});
export type DenunciaFollowUp = z.infer<typeof DenunciaFollowUpSchema>;

/** Every answer of the three endpoints: the denuncia as it is now. `message` says what changed. */
export const DenunciaFollowUpAnswerSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  data: z.object({ denuncia: DenunciaFollowUpSchema }),
});
export type DenunciaFollowUpAnswer = z.infer<typeof DenunciaFollowUpAnswerSchema>;

export const denunciaFollowUpMessages = {
  /** One message for every code that opens nothing: malformed, unknown or mistyped alike. */
  notFound: 'No encontramos una denuncia con ese código. Revíselo e intente nuevamente.',
  /** A client's own failures: its wait grows with them (server/throttle/throttle.ts). */
  throttled: (seconds: number) =>
    `Demasiados intentos con códigos incorrectos desde esta conexión. Espere ${waitText(seconds)} e intente nuevamente.`,
  /** While many clients fail at once, a client that failed too waits between attempts; others do not. */
  throttledEveryone: (seconds: number) =>
    `El seguimiento de denuncias está recibiendo muchos intentos con códigos incorrectos y, por seguridad, desde esta conexión solo se puede probar un código cada 15 minutos. Espere ${waitText(seconds)} e intente nuevamente.`,
  closed: 'Esta denuncia está cerrada y ya no recibe mensajes.',
  noEmail: 'Para recibir avisos, la denuncia debe incluir un correo electrónico.',
  sent: 'Mensaje enviado.',
  noticeOn: 'Le avisaremos por correo cuando tenga un mensaje nuevo.',
  noticeOff: 'Ya no le enviaremos avisos por correo.',
} as const;
