import type { PhoneChannel } from '../../shared/phone-alerts/channels.ts';

/** One message to a phone, as the outbox stores it. */
export interface PhoneMessage {
  /** E.164. */
  to: string;
  channel: PhoneChannel;
  /** GSM-7 within one segment (shared/phone-alerts/gsm7.ts); a call reads it twice. */
  body: string;
  /** Where the provider posts this message's statuses (/api/sms/estado, naming its outbox row). */
  statusCallback: string;
}

/**
 * The phone port: Twilio's REST API in production, and in local mode the same requests to the local
 * simulator (scripts/lib/twilio-simulator.ts). Its errors are the outbox's
 * (outbox/delivery-errors.ts): a refusal of this number or of the account, a 429 with its
 * Retry-After, anything else passing trouble that is tried again. `signal` ends a request still
 * under way at the run's deadline.
 */
export interface PhoneSender {
  /** Answers the provider's id of the message or call (Twilio's SID). */
  send(message: PhoneMessage, signal?: AbortSignal): Promise<{ providerId: string }>;
  /**
   * The provider's id of a message or call to `to` on `channel` with this `body`, created at or
   * after `since`, if there is one: an attempt cut before its answer may have been taken, and is
   * looked up before it is sent again (Twilio takes no idempotency key for a message).
   */
  sentSince(
    message: Omit<PhoneMessage, 'statusCallback'>,
    since: Date,
    signal?: AbortSignal,
  ): Promise<string | undefined>;
  /** The least time between two requests, in milliseconds: the provider's rate limit (0: none). */
  readonly requestInterval: number;
}
