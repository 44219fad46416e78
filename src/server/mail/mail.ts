import type { DeliveryRefusedError } from '../outbox/delivery-errors.ts';

/** A mail the utility sends; always plain text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * A bulk mail's one-click unsubscription: the https address a mail program POSTs
   * `List-Unsubscribe=One-Click` to (RFC 8058), which Gmail and Yahoo require of bulk senders.
   */
  listUnsubscribe?: string;
  attachments?: { filename: string; content: Uint8Array }[];
}

/**
 * The one-click address of an unsubscription page's token: the API its button posts to, which is
 * the page's path under /api (/cortes/alertas/baja → /api/cortes/alertas/baja), and which reads
 * the token from the query for a one-click POST (http.ts, readUnsubscription).
 */
export const oneClickUnsubscribe = (origin: string, pagePath: string, token: string): string =>
  `${origin}/api${pagePath}?token=${encodeURIComponent(token)}`;

/** The headers a mail with `listUnsubscribe` carries, for every sender alike. */
export const listUnsubscribeHeaders = (mail: Pick<Mail, 'listUnsubscribe'>): Record<string, string> =>
  mail.listUnsubscribe
    ? { 'List-Unsubscribe': `<${mail.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};

/** The most mails one batch request carries: Resend's batch endpoint takes up to 100. */
export const MAX_BATCH_MAILS = 100;

/** A mail of a batch with its own idempotency key (its outbox row's). */
export interface BatchItem {
  mail: Mail;
  key: string;
}

/**
 * The mail port: Resend in production, `.eml` files in local mode. `signal` ends a request still
 * under way at the run's deadline (src/server/deadline.ts); the request then fails.
 */
export interface MailSender {
  /** `idempotencyKey` lets the provider drop a repeated send of the same outbox row. */
  send(mail: Mail, idempotencyKey: string, signal?: AbortSignal): Promise<void>;
  /**
   * Up to MAX_BATCH_MAILS mails without attachments in one request, under `idempotencyKey` (made
   * of the items' own keys, so the same mails always make the same request). Answers, in order,
   * each mail's refusal or undefined when it was accepted; throws when the request as a whole
   * failed.
   */
  sendBatch(
    items: BatchItem[],
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<(DeliveryRefusedError | undefined)[]>;
  /** The least time between two requests, in milliseconds: the provider's rate limit (0: none). */
  readonly requestInterval: number;
}
