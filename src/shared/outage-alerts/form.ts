import * as z from 'zod/mini';
import { fieldRules, type FieldRules } from '../fields.ts';
import { PHONE_CHANNELS, phoneChannelLabels } from '../phone-alerts/channels.ts';
import {
  OutageAlertSubscriptionSchema,
  PhoneAlertCodeSchema,
  PhoneAlertFieldsSchema,
  PhoneAlertSubscriptionSchema,
} from './schema.ts';

/**
 * The form of /cortes/alertas (OutageAlertForm): how the alerts arrive, by e-mail (the default) or
 * by one of a phone's channels, then the e-mail or the phone and the towns. It sends one of the two
 * requests of POST /api/cortes/alertas and checks it with that request's own schema, so the form
 * and the function never disagree on a rule or a message.
 */

/** How the form's visitor chooses to get the alerts: `correo`, or a phone's channel. */
export const ALERT_CHANNELS = ['correo', ...PHONE_CHANNELS] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * The form's radios: their legend, and each one's hint (which also sets them one per line, the
 * revealed field after the last). The page gives them to the island.
 */
export const alertChannels: { legend: string; options: { value: AlertChannel; label: string; hint: string }[] } = {
  legend: '¿Cómo quiere recibir los avisos?',
  options: [
    { value: 'correo', label: 'Correo electrónico', hint: 'Un correo con cada aviso.' },
    { value: 'sms', label: phoneChannelLabels.sms, hint: 'Un mensaje de texto a su celular.' },
    { value: 'whatsapp', label: phoneChannelLabels.whatsapp, hint: 'Un mensaje de WhatsApp a su celular.' },
    {
      value: 'voz',
      label: phoneChannelLabels.voz,
      hint: 'Una llamada que le lee el aviso, a un celular o a un teléfono fijo.',
    },
  ],
};

/**
 * The hints of the fields the radios reveal and of a phone's code, and the words for a page
 * without its towns (not filled by its function), which the page gives the island.
 */
export const alertFormTexts = {
  email: 'Le enviaremos un enlace para confirmar la suscripción.',
  phone:
    'Celular (+56 9 …) o teléfono fijo de la región de Aysén (+56 67 …). Un teléfono fijo recibe los avisos por llamada de voz.',
  code: 'Los 6 dígitos del mensaje o de la llamada.',
  noTowns: 'No pudimos cargar las localidades. Recargue la página en unos minutos.',
};

/** The body the form posts for its channel: the e-mail's request, or the phone's with its channel. */
export const subscriptionRequest = ({ channel, email, phone, towns }: OutageAlertFormValues) =>
  channel === 'correo' ? { email, towns } : { phone, towns, channel };

/** The form's values as it checks them: the field of the other channel is there, unused. */
export type OutageAlertFormValues = z.infer<typeof OutageAlertFormSchema>;

/**
 * The form's schema: the request of its channel (subscriptionRequest) passes that request's schema,
 * OutageAlertSubscriptionSchema or PhoneAlertSubscriptionSchema, whose issues land on the form's
 * fields of the same names (a landline with a text asked for, on `channel`).
 */
export const OutageAlertFormSchema = z
  .object({ channel: z.enum(ALERT_CHANNELS), email: z.string(), phone: z.string(), towns: z.array(z.string()) })
  .check(
    z.superRefine((values, context) => {
      const request = subscriptionRequest(values);
      const schema = values.channel === 'correo' ? OutageAlertSubscriptionSchema : PhoneAlertSubscriptionSchema;
      const parsed = schema.safeParse(request);
      for (const { message, path } of parsed.error?.issues ?? [])
        context.addIssue({ code: 'custom', message, path, input: request });
    }),
  );

/**
 * What the page tells the form of each field (maxlength, required) before its schemas load: each
 * field's from the request that carries it. The channel is always answered (e-mail by default).
 */
export const outageAlertFormRules = (): FieldRules<'channel' | 'email' | 'phone' | 'towns' | 'code'> => ({
  ...fieldRules(OutageAlertSubscriptionSchema),
  ...fieldRules(PhoneAlertFieldsSchema),
  ...fieldRules(PhoneAlertCodeSchema),
  channel: { required: true },
});
