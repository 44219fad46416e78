import { config } from '../config.ts';
import { createFileSender } from './file-sender.ts';
import type { MailSender } from './mail.ts';
import { createResendSender } from './resend-sender.ts';

export type { Mail, MailSender } from './mail.ts';

/** Resend when RESEND_API_KEY is set; `.eml` files only in local mode, so production never drops mail into a file. */
export function getMailSender(): MailSender {
  const { resendApiKey, from, outboxDir } = config.mail();
  if (resendApiKey) return createResendSender(resendApiKey, from);
  if (config.isLocal()) return createFileSender(outboxDir, from);
  throw new Error('RESEND_API_KEY is not set: mail stays in the outbox until it is.');
}
