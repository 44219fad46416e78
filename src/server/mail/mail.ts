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

/**
 * A provider's refusal that retrying the same mail as it is cannot fix: `rejected` is this mail
 * (an invalid recipient or attachment), held for staff; `configuration` is the key or the sender,
 * which every mail waits on until the operator fixes it. Any other error is the provider's
 * passing trouble and is retried.
 */
export class MailRefusedError extends Error {
  readonly problem: 'rejected' | 'configuration';

  constructor(problem: 'rejected' | 'configuration', message: string) {
    super(message);
    this.problem = problem;
  }
}
