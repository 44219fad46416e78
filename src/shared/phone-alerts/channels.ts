/**
 * How an alert reaches a phone: a text (the floor, every mobile), WhatsApp where the person chose
 * it, or a voice call that reads the text (the only way to a landline). The outbox names e-mail
 * `email` beside these three.
 */
export const PHONE_CHANNELS = ['sms', 'whatsapp', 'voz'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

export const phoneChannelLabels = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  voz: 'Llamada de voz',
} as const satisfies Record<PhoneChannel, string>;
