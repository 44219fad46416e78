import { fitsOneSegment } from '../../shared/phone-alerts/gsm7.ts';
import { config, MissingSettingError } from '../config.ts';
import { deployContext } from '../mail/context.ts';
import type { PhoneMessage, PhoneSender } from './phone-sender.ts';
import { createTwilioSender } from './twilio-sender.ts';

export type { PhoneMessage, PhoneSender } from './phone-sender.ts';

/**
 * The text a test phone receives for `to`: its real recipient first, then as much of the alert as
 * one GSM-7 segment still holds (the alert alone fills one: shared/phone-alerts/gsm7.ts).
 */
function addressedTo(to: string, body: string): string {
  let text = `Prueba, para ${to}: ${body}`;
  while (!fitsOneSegment(text)) text = text.slice(0, -1);
  return text;
}

/**
 * Twilio, with config.phone()'s settings (the local simulator in local mode); `origin` is the
 * site's address (config.siteAddress), where local mode's simulator is served. Production's deploy
 * context messages its recipients, and so does local mode, whose messages reach only the
 * simulator. Any other context (a deploy preview, a branch deploy) sends every message to
 * PHONE_TEST_NUMBER, its real recipient named in the text, and without that setting sends nothing:
 * a preview, whose database is a copy of production's, never messages a real phone.
 */
export async function getPhoneSender(origin: string): Promise<PhoneSender> {
  const context = deployContext();
  const { testNumber, ...settings } = await config.phone(origin);
  if (!testNumber && context !== 'production' && context !== 'dev')
    throw new MissingSettingError('PHONE_TEST_NUMBER', `the ${context} context sends no text or call without it.`);
  const sender = createTwilioSender(settings);
  if (!testNumber) return sender;
  const redirect = <M extends Omit<PhoneMessage, 'statusCallback'>>(message: M): M => ({
    ...message,
    to: testNumber,
    body: addressedTo(message.to, message.body),
  });
  return {
    requestInterval: sender.requestInterval,
    send: (message, signal) => sender.send(redirect(message), signal),
    sentSince: (message, since, signal) => sender.sentSince(redirect(message), since, signal),
  };
}
