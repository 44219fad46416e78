import * as z from 'zod/mini';
import { TOKEN_PATTERN } from '../outage-alerts/schema.ts';

/**
 * The warning before a high bill (docs/features/consumption.md): when an import loads a period
 * far above the service's usual, the holder is written to at once, before the bill arrives, with
 * the leak test and a link to /consumo. Staff list the warnings at Cuentas; the holder leaves with
 * the link of any warning.
 */

export const CONSUMPTION_PATH = '/consumo';
export const WARNING_OPT_OUT_PATH = '/consumo/avisos/baja';

/** A period is warned when its m³ are at least this many times the average... */
export const WARNING_RATIO = 2;
/** ...and at least this many m³ above it: 2 m³ against 1 is double, and no leak worth a mail. */
export const WARNING_EXCESS_M3 = 10;
/** The average is of the service's last real readings before the period, at most this many... */
export const AVERAGE_READINGS = 6;
/** ...and at least this many: two months are no "usual" (a new service, a long estimated spell). */
export const MIN_AVERAGE_READINGS = 3;

/** Why a warning's mail did not go: no e-mail on file, the holder opted out, a bloqueo or oposición. */
const NOT_SENT_REASONS = ['sin-correo', 'baja', 'bloqueo'] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];

export const notSentLabels = {
  'sin-correo': 'Sin correo registrado',
  baja: 'El titular pidió no recibir avisos',
  bloqueo: 'Bloqueo u oposición (derechos de datos)',
} as const satisfies Record<NotSentReason, string>;

export const warningMessages = {
  optedOut:
    'Listo: no le enviaremos más avisos de consumo alto para este servicio. Su historial sigue disponible en Mi consumo.',
  invalidLink: 'El enlace no es válido. Copie el enlace completo desde el correo del aviso.',
} as const;

/** One warning, as Cuentas lists it. */
export const ConsumptionWarningSchema = z.object({
  service_number: z.string(),
  /** YYYY-MM. */
  period: z.string(),
  consumption_m3: z.number(),
  /** The average it was compared with, to one decimal. */
  average_m3: z.number(),
  /** How many real readings the average took. */
  readings: z.number(),
  /** Whether the mail was queued; the address itself stays in the database. */
  sent: z.boolean(),
  not_sent: z.nullable(z.enum(NOT_SENT_REASONS)),
  warned_at: z.string(),
});
export type ConsumptionWarning = z.infer<typeof ConsumptionWarningSchema>;

/** GET /api/admin/accounts/warnings: data, the most recent import first. */
export const ConsumptionWarningsSchema = z.object({ warnings: z.array(ConsumptionWarningSchema) });

/** POST /api/consumo/avisos/baja: the token of a warning's link. */
export const WarningOptOutSchema = z.object({
  token: z.string({ error: warningMessages.invalidLink }).check(z.regex(TOKEN_PATTERN, warningMessages.invalidLink)),
});

/** POST /api/consumo/avisos/baja: done, with the text to show. */
export const WarningOptOutAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type WarningOptOutAnswer = z.infer<typeof WarningOptOutAnswerSchema>;
