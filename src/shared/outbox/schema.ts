import * as z from 'zod/mini';
import { phoneChannelLabels } from '../phone-alerts/channels.ts';

/**
 * Correo saliente: the mail the outbox has not sent yet, for staff. It names what a mail
 * is (from its reference), who it goes to (the utility or the citizen, never the address) and its
 * age; never its text, which may be a denuncia.
 */

/** Why the last attempt failed, as src/server/mail classifies the provider's answer. */
export const mailProblems = {
  rejected: 'El proveedor rechazó este correo (por ejemplo, un destinatario no válido). No se reintenta solo.',
  configuration: 'El envío está mal configurado (clave o remitente del proveedor). Se reintenta cada hora.',
  provider: 'El proveedor de correo no respondió. Se reintenta solo.',
} as const;
export type MailProblem = keyof typeof mailProblems;

/** What a mail is, by its reference's prefix (src/server/references.ts; receipts carry the buy order). */
const mailKinds: Record<string, string> = {
  CON: 'Mensaje de contacto',
  REC: 'Reclamo',
  EMP: 'Postulación',
  MOT: 'Registro motorhome',
  DEN: 'Denuncia',
  DIG: 'Resumen diario de Atención ciudadana',
  ALE: 'Confirmación de avisos de cortes',
  COR: 'Aviso de corte de agua',
  AVI: 'Aviso sanitario o de servicio',
  CSM: 'Aviso de consumo alto',
};
export const mailKind = (reference: string): string =>
  mailKinds[reference.split('-')[0] ?? ''] ?? 'Comprobante de pago';

export const mailStatuses = { pending: 'Pendiente', sending: 'Enviando', held: 'Detenido' } as const;
type MailStatus = keyof typeof mailStatuses;

/** A mail pending longer than this shows the alert in the admin shell. */
export const STALLED_AFTER_MINUTES = 60;

/** How a message goes: the outbox's channels (src/server/outbox/outbox.ts). */
export const outboxChannelLabels = { email: 'Correo', ...phoneChannelLabels } as const;
type OutboxChannel = keyof typeof outboxChannelLabels;

export const UnsentMailSchema = z.object({
  id: z.string(),
  reference: z.string(),
  channel: z.enum(Object.keys(outboxChannelLabels) as [OutboxChannel, ...OutboxChannel[]]),
  /** To one of the utility's mailboxes, or to the citizen who wrote (a receipt, an answer). */
  to_utility: z.boolean(),
  status: z.enum(Object.keys(mailStatuses) as [MailStatus, ...MailStatus[]]),
  problem: z.nullable(z.enum(Object.keys(mailProblems) as [MailProblem, ...MailProblem[]])),
  attempts: z.number(),
  created_at: z.string(),
  next_attempt_at: z.string(),
});
export type UnsentMail = z.infer<typeof UnsentMailSchema>;

/** GET /api/admin/outbox: data. */
export const OutboxSchema = z.object({ mails: z.array(UnsentMailSchema) });

/** GET /api/admin/outbox/summary: data, for the shell's alert. */
export const OutboxSummarySchema = z.object({
  /** Unsent for more than STALLED_AFTER_MINUTES, held ones included. */
  stalled: z.number(),
});

/** POST /api/admin/outbox/{id}/retry: data; `mail` is null once it is sent. */
export const RetriedMailSchema = z.object({ mail: z.nullable(UnsentMailSchema) });

export const outboxMessages = {
  notFound: 'Ese correo ya se envió o no existe.',
} as const;
