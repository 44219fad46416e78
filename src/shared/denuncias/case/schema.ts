import * as z from 'zod/mini';
import { denunciaTypes } from '../texts.ts';

/**
 * A denuncia as a case: what the reporter's follow-up page (/denuncias/seguimiento) and
 * the compliance desk share: its statuses, its messages, its receipt code. A module without the
 * form's schema, so neither page loads it.
 */

export const denunciaStatuses = ['recibida', 'en_analisis', 'en_investigacion', 'cerrada'] as const;
export type DenunciaStatus = (typeof denunciaStatuses)[number];
export const denunciaStatusLabels: Record<DenunciaStatus, string> = {
  recibida: 'Recibida',
  en_analisis: 'En análisis',
  en_investigacion: 'En investigación',
  cerrada: 'Cerrada',
};

/** Who wrote a message: the reporter (through the receipt code), compliance, or compliance's internal note. */
export const messageAuthors = ['reporter', 'compliance', 'note'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** A message as both sides read it (a note only on the desk); the body already unsealed. */
export const DenunciaMessageSchema = z.object({
  id: z.string(),
  author: z.enum(messageAuthors),
  body: z.string(),
  /** The compliance user who wrote it; never shown to the reporter. */
  adminName: z.nullable(z.string()),
  attachment: z.nullable(z.object({ id: z.string(), fileName: z.string(), size: z.number() })),
  createdAt: z.string(),
});
export type DenunciaMessage = z.infer<typeof DenunciaMessageSchema>;

/** A message's text: up to 300 characters, like the narrative (spec §5: shorter than the cap). */
export const MESSAGE_CAP = 300;

/**
 * Ley 21.643 (Ley Karin): workplace harassment and violence must be investigated within 30
 * business days. The form sends the labels (spec §7), so these are labels.
 */
export const leyKarinTypes: readonly string[] = [
  denunciaTypes['acoso-laboral'],
  denunciaTypes['acoso-sexual'],
  denunciaTypes['violencia-terceros'],
];

/** The deadlines of a case (ISO 37002, EU directive 2019/1937, Ley 21.643). */
export const deadlineKinds = ['acknowledgement', 'feedback', 'investigation'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];
export const deadlineLabels: Record<DeadlineKind, string> = {
  acknowledgement: 'Acuse de recibo',
  feedback: 'Respuesta al denunciante',
  investigation: 'Investigación (Ley Karin)',
};

/** Days before a deadline when the desk highlights it and the compliance mailbox is reminded. */
export const DUE_SOON_DAYS = 2;

export const DeadlineSchema = z.object({
  kind: z.enum(deadlineKinds),
  /** Chile's calendar day it is due, 'YYYY-MM-DD'. */
  due: z.string(),
  /** Met (acknowledged, or the case closed), overdue, due within DUE_SOON_DAYS, or pending. */
  state: z.enum(['met', 'overdue', 'due-soon', 'pending']),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

/** The receipt code: 16 digits, read and typed in groups of four (kept apart, without zod). */
export { RECEIPT_DIGITS, receiptDigits, receiptGroups } from './texts.ts';
