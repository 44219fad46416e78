import * as z from 'zod/mini';
import { emailField } from '../fields.ts';
import { periodText, retention } from '../retention/texts.ts';

/**
 * Cortes: e-mail alerts. A visitor subscribes an e-mail to one or more towns
 * (POST /api/cortes/alertas), confirms through the link mailed to it (double opt-in) and leaves
 * with the link every alert carries. No account: the two links' tokens are the only keys.
 */

export const OUTAGE_ALERTS_PATH = '/cortes/alertas';
export const CONFIRM_PATH = '/cortes/alertas/confirmar';
export const UNSUBSCRIBE_PATH = '/cortes/alertas/baja';

/** An unconfirmed subscription is deleted after this by the hourly clean-up: its link's life. */
export const CONFIRMATION_DAYS = retention.unconfirmedOutageAlerts.amount;
const confirmationPeriod = periodText(retention.unconfirmedOutageAlerts);

/** How many towns a subscription may name: more than the utility has, so only a forged request meets it. */
const MAX_TOWNS = 50;

export const outageAlertMessages = {
  towns: 'Seleccione al menos una localidad.',
  unknownTown: 'Seleccione localidades de la lista.',
  subscribed: `Le enviamos un correo para confirmar su suscripción. Abra el enlace que contiene dentro de ${confirmationPeriod}; si no lo recibe, revise la carpeta de correo no deseado.`,
  confirmed:
    'Su suscripción quedó confirmada. Le avisaremos por correo los cortes de agua y los avisos sanitarios y de servicio (hervir el agua, restricciones de uso y otros) de:',
  unsubscribed:
    'Su suscripción quedó anulada. No le enviaremos más avisos de cortes ni avisos sanitarios o de servicio.',
  invalidLink: `El enlace no es válido o ya venció. Copie el enlace completo desde el correo, o suscríbase de nuevo si pasaron más de ${confirmationPeriod}.`,
  /** The "bórrela" link of a request for an e-mail already subscribed: only the request goes. */
  discarded:
    'La solicitud de cambio quedó borrada. Su suscripción sigue como estaba y le seguiremos avisando los cortes de agua y los avisos sanitarios y de servicio de las localidades que eligió antes.',
  unsubscribeUnknown: 'El enlace no es válido o la suscripción ya fue anulada.',
} as const;

/** A town's slug, as outage_towns names it; the server checks it is one of the table. */
const townSlug = z
  .string({ error: outageAlertMessages.unknownTown })
  .check(z.regex(/^[a-z0-9-]{1,60}$/, outageAlertMessages.unknownTown));

/** POST /api/cortes/alertas: the e-mail and its towns. */
export const OutageAlertSubscriptionSchema = z.object({
  /** Where the confirmation and the alerts go. */
  email: emailField(80),
  /** Slugs of outage_towns, at least one. */
  towns: z
    .array(townSlug, { error: outageAlertMessages.towns })
    .check(z.minLength(1, outageAlertMessages.towns), z.maxLength(MAX_TOWNS, outageAlertMessages.unknownTown)),
});
export type OutageAlertSubscription = z.infer<typeof OutageAlertSubscriptionSchema>;
export type OutageAlertField = keyof OutageAlertSubscription;

/** 32 random bytes in base64url: 43 characters. Anything else is no token of ours. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/cortes/alertas/confirmar and /baja: the token of the mailed link. */
export const OutageAlertTokenSchema = z.object({
  token: z
    .string({ error: outageAlertMessages.invalidLink })
    .check(z.regex(TOKEN_PATTERN, outageAlertMessages.invalidLink)),
});

/** POST /api/cortes/alertas and /baja: done, with the text to show. */
export const OutageAlertDoneAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type OutageAlertDoneAnswer = z.infer<typeof OutageAlertDoneAnswerSchema>;

/** POST /api/cortes/alertas/confirmar: confirmed, with the names of the towns it covers. */
export const OutageAlertConfirmedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ towns: z.array(z.string()) }),
});
export type OutageAlertConfirmedAnswer = z.infer<typeof OutageAlertConfirmedAnswerSchema>;
