import { config } from '../config.ts';
import { createFileSender } from './file-sender.ts';
import type { Mail, MailSender } from './mail.ts';
import { createResendSender } from './resend-sender.ts';

export type { Mail, MailSender } from './mail.ts';

/**
 * Resend when RESEND_API_KEY is set (required in production, src/server/config.ts); `.eml` files
 * in local mode only. With MAIL_TEST_RECIPIENT (deploy previews) every mail goes to that address,
 * its real recipient named in the subject, so a preview never writes to a real inbox.
 */
export function getMailSender(): MailSender {
  const { resendApiKey, from, outboxDir, testRecipient, requestsPerSecond } = config.mail();
  const sender = resendApiKey
    ? createResendSender(resendApiKey, from, requestsPerSecond)
    : createFileSender(outboxDir, from);
  if (!testRecipient) return sender;
  const redirect = (mail: Mail): Mail => ({
    ...mail,
    to: testRecipient,
    subject: `[Prueba, para ${mail.to}] ${mail.subject}`,
  });
  return {
    requestInterval: sender.requestInterval,
    send: (mail, idempotencyKey, signal) => sender.send(redirect(mail), idempotencyKey, signal),
    sendBatch: (items, idempotencyKey, signal) =>
      sender.sendBatch(
        items.map(({ mail, key }) => ({ mail: redirect(mail), key })),
        idempotencyKey,
        signal,
      ),
  };
}
