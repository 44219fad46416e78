import * as z from 'zod/mini';
import { emailField } from '../fields.ts';
import { alertPhone } from '../phone.ts';
import { PHONE_CHANNELS, phoneChannelLabels, type PhoneChannel } from '../phone-alerts/channels.ts';
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

/** A phone's code: six digits, sent to it, valid this long and once. */
export const PHONE_CODE_MINUTES = 10;
/** Codes one phone is sent in a day: enough for a person who mistypes, too few to pester anyone. */
export const PHONE_CODES_PER_DAY = 5;

/** What a visitor reads about the alerts by phone (POST /api/cortes/alertas with a phone, /confirmar with its code). */
export const phoneAlertMessages = {
  phone: 'Escriba un celular (+56 9 …) o un teléfono fijo de la región de Aysén (+56 67 …).',
  landline: 'Un teléfono fijo no recibe mensajes: elija «Llamada de voz».',
  channel: 'Elija cómo quiere recibir los avisos: SMS, WhatsApp o llamada de voz.',
  subscribed: (channel: PhoneChannel) =>
    channel === 'voz'
      ? `Lo llamaremos en un momento para dictarle un código de 6 dígitos. Escríbalo aquí dentro de ${PHONE_CODE_MINUTES} minutos para confirmar su suscripción.`
      : `Le enviamos un código de 6 dígitos por ${phoneChannelLabels[channel]}. Escríbalo aquí dentro de ${PHONE_CODE_MINUTES} minutos para confirmar su suscripción.`,
  code: 'Escriba los 6 dígitos del código que le enviamos.',
  invalidCode: `El código no es válido o ya venció (dura ${PHONE_CODE_MINUTES} minutos y sirve una vez). Revise el último mensaje que le enviamos, o pida un código nuevo.`,
  throttled: (seconds: number) =>
    `Escribió demasiados códigos equivocados. Espere ${Math.max(1, Math.ceil(seconds / 60))} minuto(s) e intente de nuevo.`,
  confirmed: (channel: PhoneChannel) =>
    `Su suscripción quedó confirmada. Le avisaremos por ${phoneChannelLabels[channel]} los cortes de agua y los avisos sanitarios y de servicio (hervir el agua, restricciones de uso y otros) de:`,
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

/** A phone as the alerts reach it, as E.164; its kind decides the channels it may have. */
const alertPhoneField = z.pipe(
  z.string({ error: phoneAlertMessages.phone }).check(z.maxLength(40, phoneAlertMessages.phone)),
  z.transform((value, context) => {
    const phone = alertPhone(value);
    if (!phone) context.issues.push({ code: 'custom', message: phoneAlertMessages.phone, input: value });
    return phone ?? { phone: '', kind: 'movil' as const };
  }),
);

/**
 * POST /api/cortes/alertas with a phone: its towns and channel. A landline hears its alerts, so its
 * channel is a call whatever the default; asking a text for it is refused.
 */
/** Its fields, each with its own rule, before the landline's rule that ties two of them. */
export const PhoneAlertFieldsSchema = z.object({
  phone: alertPhoneField,
  towns: OutageAlertSubscriptionSchema.shape.towns,
  channel: z.optional(z.enum(PHONE_CHANNELS, { error: phoneAlertMessages.channel })),
});

export const PhoneAlertSubscriptionSchema = z.pipe(
  PhoneAlertFieldsSchema,
  z.transform(({ phone, towns, channel }, context) => {
    if (phone.kind === 'fijo' && channel !== undefined && channel !== 'voz')
      context.issues.push({ code: 'custom', message: phoneAlertMessages.landline, input: channel, path: ['channel'] });
    return { phone: phone.phone, towns, channel: phone.kind === 'fijo' ? ('voz' as const) : (channel ?? 'sms') };
  }),
);
export type PhoneAlertSubscription = z.infer<typeof PhoneAlertSubscriptionSchema>;

/** POST /api/cortes/alertas/confirmar with a phone: the code sent to it. */
export const PhoneAlertCodeSchema = z.object({
  phone: z.pipe(
    alertPhoneField,
    z.transform(({ phone }) => phone),
  ),
  code: z.string({ error: phoneAlertMessages.code }).check(z.regex(/^\d{6}$/, phoneAlertMessages.code)),
});
export type PhoneAlertCode = z.infer<typeof PhoneAlertCodeSchema>;

/** PUT /api/admin/outages/phone-alerts: whether the billing export's phones get their towns' alerts. */
export const PhoneAlertSettingsSchema = z.object({ billingPhones: z.boolean() });
export type PhoneAlertSettings = z.infer<typeof PhoneAlertSettingsSchema>;
/** Its answer: the setting, and how many phones of the billing export it subscribed. */
export const PhoneAlertSettingsAnswerSchema = z.object({
  settings: z.object({ billingPhones: z.boolean(), billingSubscribers: z.number() }),
});

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
