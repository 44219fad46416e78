import { Resend } from 'resend';
import { DeliveryRefusedError, DeliveryThrottledError } from '../outbox/delivery-errors.ts';
import { listUnsubscribeHeaders, type BatchItem, type Mail, type MailSender } from './mail.ts';

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

/** Resend's default: 2 requests per second per team (a team may have it raised). */
export const RESEND_REQUESTS_PER_SECOND = 2;

// Without a Retry-After: a second for the rate limit; an hour for a sending quota (daily or monthly).
const RATE_LIMIT_WAIT_MS = 1_000;
const QUOTA_WAIT_MS = 3_600_000;
// A Retry-After beyond a day is not believed: the mail is tried again after one.
const LONGEST_WAIT_MS = 86_400_000;

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
function retryAfterMs(headers: Record<string, string> | null, now = Date.now()): number | undefined {
  const value = headers?.['retry-after']?.trim();
  if (!value) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(Math.ceil(ms), 0), LONGEST_WAIT_MS);
}

type ResendError = { name: string; message: string; statusCode: number | null };

/**
 * Resend's error as the outbox classifies it; the message never carries the mail's text. A request
 * the run's deadline cut (the SDK answers it as an error of its own) is a passing failure: whether
 * Resend took it is unknown, and its idempotency key makes the next attempt send it at most once.
 */
function refusal(error: ResendError, headers: Record<string, string> | null, signal?: AbortSignal): Error {
  if (signal?.aborted) return new Error('Resend did not answer before the run ended.');
  const description = `Resend rejected the mail: ${error.name} (${error.statusCode ?? 'sin código'}): ${error.message}`;
  if (error.statusCode === 429) {
    const fallback = error.name === 'rate_limit_exceeded' ? RATE_LIMIT_WAIT_MS : QUOTA_WAIT_MS;
    return new DeliveryThrottledError(retryAfterMs(headers) ?? fallback, description);
  }
  if (CONFIGURATION_ERRORS.has(error.name)) return new DeliveryRefusedError('configuration', description);
  // A 403 validation_error is the sending domain (not verified, or a test key's own address only).
  if (error.name === 'validation_error' && error.statusCode === 403)
    return new DeliveryRefusedError('configuration', description);
  if (REJECTED_MAIL_ERRORS.has(error.name)) return new DeliveryRefusedError('rejected', description);
  return new Error(description);
}

const fields = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  ...(mail.listUnsubscribe ? { headers: listUnsubscribeHeaders(mail) } : {}),
});

/**
 * Sends through Resend's API; the SDK reads RESEND_BASE_URL, which tests point at a fake.
 * `requestsPerSecond` is the team's rate limit, which the outbox paces its requests to.
 */
export function createResendSender(
  apiKey: string,
  from: string,
  requestsPerSecond = RESEND_REQUESTS_PER_SECOND,
): MailSender {
  const resend = new Resend(apiKey);
  return {
    requestInterval: Math.ceil(1000 / requestsPerSecond),
    async send(mail: Mail, idempotencyKey: string, signal?: AbortSignal) {
      const { error, headers } = await resend.emails.send(
        {
          ...fields(from, mail),
          ...(mail.attachments
            ? {
                attachments: mail.attachments.map(({ filename, content }) => ({
                  filename,
                  content: Buffer.from(content),
                })),
              }
            : {}),
        },
        { idempotencyKey, ...(signal ? { signal } : {}) },
      );
      if (error) throw refusal(error, headers, signal);
    },
    async sendBatch(items: BatchItem[], idempotencyKey: string, signal?: AbortSignal) {
      // Permissive: a mail Resend refuses (an invalid address) leaves the others sent, and is named
      // by its index; strict would refuse the whole batch for it.
      const { data, error, headers } = await resend.batch.send(
        items.map(({ mail }) => fields(from, mail)),
        { idempotencyKey, batchValidation: 'permissive', ...(signal ? { signal } : {}) },
      );
      if (error) throw refusal(error, headers, signal);
      // Permissive answers list `errors`; an answer without it refused nothing.
      const refused = new Map(
        (data.errors as typeof data.errors | undefined)?.map(({ index, message }) => [index, message]),
      );
      return items.map((_item, index) => {
        const message = refused.get(index);
        return message === undefined
          ? undefined
          : new DeliveryRefusedError('rejected', `Resend rejected the mail: validation_error (batch): ${message}`);
      });
    },
  };
}
