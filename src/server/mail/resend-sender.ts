import { Resend } from 'resend';
import type { Mail, MailSender } from './mail.ts';

/** Sends through Resend's API; the SDK reads RESEND_BASE_URL, which tests point at a fake. */
export function createResendSender(apiKey: string, from: string): MailSender {
  const resend = new Resend(apiKey);
  return {
    async send(mail: Mail, idempotencyKey: string) {
      const { error } = await resend.emails.send(
        {
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.attachments
            ? {
                attachments: mail.attachments.map(({ filename, content }) => ({
                  filename,
                  content: Buffer.from(content),
                })),
              }
            : {}),
        },
        { idempotencyKey },
      );
      if (error) throw new Error(`Resend rejected the mail: ${error.name}: ${error.message}`);
    },
  };
}
