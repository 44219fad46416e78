/**
 * What a provider's answer means for an outbox row, whatever its channel (e-mail through Resend,
 * a phone through Twilio): src/server/outbox/outbox.ts records each.
 */

/**
 * A provider's refusal that retrying the same message as it is cannot fix: `rejected` is this message
 * (an invalid recipient, number or attachment), held for staff; `configuration` is the key or the sender,
 * which every message waits on until the operator fixes it. Any other error is the provider's
 * passing trouble and is retried.
 */
export class DeliveryRefusedError extends Error {
  readonly problem: 'rejected' | 'configuration';

  constructor(problem: 'rejected' | 'configuration', message: string) {
    super(message);
    this.problem = problem;
  }
}

/**
 * The provider asked to wait (HTTP 429: its rate limit or its sending quota): not a failed
 * attempt. The message waits `retryAfterMs`, what the provider's Retry-After said.
 */
export class DeliveryThrottledError extends Error {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number, message: string) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}
