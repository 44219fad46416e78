/** A mail the utility sends; always plain text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: { filename: string; content: Uint8Array }[];
}

/** The mail port: Resend in production, `.eml` files in local mode. */
export interface MailSender {
  /** `idempotencyKey` lets the provider drop a repeated send of the same outbox row. */
  send(mail: Mail, idempotencyKey: string): Promise<void>;
}
