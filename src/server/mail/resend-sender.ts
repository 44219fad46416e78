import { Resend } from 'resend';
import { MailRefusedError, type Mail, type MailSender } from './mail.ts';

// Resend's error names (https://resend.com/docs/api-reference/errors) that retrying cannot fix.
const CONFIGURATION_ERRORS = new Set([
  'missing_api_key',
  'invalid_api_key',
  'restricted_api_key',
  'invalid_from_address',
]);
const REJECTED_MAIL_ERRORS = new Set([
  'validation_error',
  'invalid_attachment',
  'missing_required_field',
  'invalid_parameter',
]);

/** Resend's error as the outbox classifies it; the message never carries the mail's text. */
function refusal(error: { name: string; message: string; statusCode: number | null }): Error {
  const description = `Resend rejected the mail: ${error.name} (${error.statusCode ?? 'sin código'}): ${error.message}`;
  if (CONFIGURATION_ERRORS.has(error.name)) return new MailRefusedError('configuration', description);
  // A 403 validation_error is the sending domain (not verified, or a test key's own address only).
  if (error.name === 'validation_error' && error.statusCode === 403)
    return new MailRefusedError('configuration', description);
  if (REJECTED_MAIL_ERRORS.has(error.name)) return new MailRefusedError('rejected', description);
  return new Error(description);
}

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
      if (error) throw refusal(error);
    },
  };
}
