import { DeliveryRefusedError, DeliveryThrottledError } from '../outbox/delivery-errors.ts';
import type { PhoneMessage, PhoneSender } from './phone-sender.ts';
import { escapeMarkup } from '../../shared/escape-markup.ts';

/** What the Twilio sender needs: config.phone() (src/server/config.ts). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** E.164: the number texts and calls go from. */
  from: string;
  /** E.164 of the WhatsApp sender; without one a WhatsApp alert goes as a text from `from`. */
  whatsappFrom: string | undefined;
  /**
   * The approved Content Template (HX…) a WhatsApp message goes as, its one variable the text:
   * WhatsApp takes a business's free text only within 24 hours of the person's last message
   * (Twilio's error 63016 otherwise). Undefined: the text as it is (the local simulator).
   */
  whatsappContentSid: string | undefined;
  /** The messages a second the numbers take; the outbox paces its requests to it. */
  requestsPerSecond: number;
  /** Where the requests go instead of https://api.twilio.com: the local simulator. */
  apiBaseUrl: string | undefined;
}

/**
 * Twilio's own default for one long code: "a US long code number can send one message segment per
 * second" (Twilio's error 30001, "Queue overflow"); past it Twilio queues, and a queued message
 * fails after 10 hours. A Chilean number's rate is the account's to raise (TWILIO_REQUESTS_PER_SECOND).
 */
export const TWILIO_REQUESTS_PER_SECOND = 1;

// Twilio's error codes (twilio.com/docs/api/errors) that retrying the same request cannot fix.
// The account or its numbers: every message waits on the operator.
const CONFIGURATION_CODES = new Set([
  20003, // authentication failed
  20005, // account not active
  21210, // the call's From is not a verified number of the account
  21212, // invalid From number
  21215, // the account may not call that country (geographic permissions)
  21408, // the account may not text that region
  21606, // From is not a message-capable number of this account
  21608, // a trial account may only text verified numbers
  63007, // no WhatsApp sender with this From
]);
// This one number: the message is held for staff.
const REJECTED_CODES = new Set([
  21211, // invalid To number
  21214, // To cannot be reached (calls)
  21217, // the number does not appear valid (calls)
  21610, // the recipient answered STOP to this sender
  21612, // To cannot be reached from this sender
  21614, // To is not a mobile number
  21635, // To is a landline, which Twilio does not text in Chile
  63003, // WhatsApp has no account for To
  63016, // outside WhatsApp's 24-hour window: a free-form message needs a template
]);
// Twilio documents no Retry-After on a 429 (code 20429, "Too Many Requests"): a second, its rate.
const THROTTLED_WAIT_MS = 1_000;
// A Retry-After beyond an hour is not believed: the message is tried again after one.
const LONGEST_WAIT_MS = 3_600_000;
// A request Twilio has not answered within this is given up: a passing failure, tried again.
const REQUEST_TIMEOUT_MS = 10_000;
// sentSince reads the newest messages or calls to one number: an attempt cut minutes ago is among them.
const LOOKUP_LIMIT = 20;

/** A Retry-After of seconds or an HTTP date (RFC 9110 §10.2.3), in ms; undefined when absent or unreadable. */
function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(Math.ceil(ms), 0), LONGEST_WAIT_MS);
}

/** Twilio's JSON error body (`code`, `message`); an answer that is not JSON (a proxy's 502 page) has none. */
function errorBody(body: unknown): { code?: unknown; message?: unknown } | undefined {
  if (typeof body !== 'string') return (body ?? undefined) as { code?: unknown; message?: unknown } | undefined;
  try {
    return JSON.parse(body) as { code?: unknown; message?: unknown };
  } catch {
    return undefined;
  }
}

type TwilioAnswer = { statusCode: number; body: unknown; headers: Record<string, unknown> };

/** A Twilio error answer as the outbox classifies it; the description never carries the message's text. */
export function refusal({ statusCode, body, headers }: TwilioAnswer): Error {
  const parsed = errorBody(body);
  const code = typeof parsed?.code === 'number' ? parsed.code : undefined;
  const description = `Twilio refused the request: HTTP ${statusCode}, code ${code ?? 'none'}: ${String(parsed?.message ?? '')}`;
  if (statusCode === 429 || code === 20429)
    return new DeliveryThrottledError(retryAfterMs(headers['retry-after']) ?? THROTTLED_WAIT_MS, description);
  if (statusCode === 401 || (code !== undefined && CONFIGURATION_CODES.has(code)))
    return new DeliveryRefusedError('configuration', description);
  if (code !== undefined && REJECTED_CODES.has(code)) return new DeliveryRefusedError('rejected', description);
  return new Error(description);
}

const TWILIO_API = 'https://api.twilio.com';

/** The resources the sender reads and writes, as Twilio's REST API (2010-04-01) names them. */
type Resource = 'Messages' | 'Calls';
type Created = { sid: string };
type Listed = { sid: string; date_created: string; body?: string };

/**
 * Twilio's REST API over fetch: the four requests the sender makes (create and list, of messages
 * and of calls), form-encoded with HTTP Basic authentication as Twilio documents them. Not the
 * official SDK: it was 6.8 MB of a function's bundle and 113 ms of its cold start
 * (docs/performance.md, "Cold starts"), for four requests; tests/unit/twilio-sender.test.ts runs
 * them against the local simulator, which answers as Twilio's API does. An error answer becomes
 * the outbox's error here, where its Retry-After is still known.
 */
function twilioApi(settings: TwilioSettings) {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const url = (resource: Resource, query?: URLSearchParams) =>
    `${settings.apiBaseUrl ?? TWILIO_API}/2010-04-01/Accounts/${settings.accountSid}/${resource}.json${query ? `?${query}` : ''}`;

  async function request<T>(target: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
    // A request the run's deadline cut is a passing failure: sentSince finds whether Twilio took it.
    const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(signal ? [signal] : [])];
    try {
      const answer = await fetch(target, {
        ...init,
        headers: { Authorization: authorization, Accept: 'application/json', ...init.headers },
        signal: AbortSignal.any(signals),
      });
      const body = await answer.text();
      if (answer.status >= 400)
        throw refusal({ statusCode: answer.status, body, headers: Object.fromEntries(answer.headers) });
      return JSON.parse(body) as T;
    } catch (error) {
      // Twilio's own refusals stay what they are; an answer the run cut is a failure of its own.
      if (signal?.aborted && !(error instanceof DeliveryRefusedError || error instanceof DeliveryThrottledError))
        throw new Error('Twilio did not answer before the run ended.');
      throw error;
    }
  }

  return {
    create: (resource: Resource, fields: Record<string, string | string[] | undefined>, signal?: AbortSignal) => {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(fields))
        for (const one of [value ?? []].flat()) form.append(name, one);
      return request<Created>(url(resource), { method: 'POST', body: form }, signal);
    },
    /** The newest `LOOKUP_LIMIT` of `resource` between two numbers, as Twilio lists them. */
    async list(resource: Resource, { to, from }: { to: string; from: string }, signal?: AbortSignal) {
      const query = new URLSearchParams({ To: to, From: from, PageSize: String(LOOKUP_LIMIT) });
      const page = await request<Record<string, Listed[]>>(url(resource, query), { method: 'GET' }, signal);
      return page[resource.toLowerCase()] ?? [];
    },
  };
}

/**
 * The TwiML of an alert's call: the text twice, a second apart, so a listener who picked up late
 * still hears it whole. Polly.Mia (Amazon Polly, es-MX), one of the voices Twilio's <Say> documents:
 * Polly has no Chilean voice, and Mexican Spanish is the Latin American one it has.
 */
function callTwiml(text: string): string {
  const say = `<Say language="es-MX" voice="Polly.Mia">${escapeMarkup(text)}</Say>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${say}<Pause length="1"/>${say}</Response>`;
}

// A call's status callback names only `completed` unless asked for the others (Twilio's Call resource).
const CALL_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

/** Twilio's Programmable Messaging (texts, WhatsApp) and Voice, through its REST API. */
export function createTwilioSender(settings: TwilioSettings): PhoneSender {
  const api = twilioApi(settings);
  // Without a WhatsApp sender the channel is not available: its alerts go as texts (config.phone()).
  const addresses = ({ to, channel }: Pick<PhoneMessage, 'to' | 'channel'>) =>
    channel === 'whatsapp' && settings.whatsappFrom
      ? { to: `whatsapp:${to}`, from: `whatsapp:${settings.whatsappFrom}` }
      : { to, from: settings.from };

  return {
    requestInterval: Math.ceil(1000 / settings.requestsPerSecond),

    async send(message, signal) {
      const { to, from } = addresses(message);
      const created =
        message.channel === 'voz'
          ? await api.create(
              'Calls',
              {
                To: to,
                From: from,
                Twiml: callTwiml(message.body),
                StatusCallback: message.statusCallback,
                StatusCallbackEvent: CALL_EVENTS,
              },
              signal,
            )
          : await api.create(
              'Messages',
              {
                To: to,
                From: from,
                ...(message.channel === 'whatsapp' && settings.whatsappFrom && settings.whatsappContentSid
                  ? { ContentSid: settings.whatsappContentSid, ContentVariables: JSON.stringify({ 1: message.body }) }
                  : { Body: message.body }),
                StatusCallback: message.statusCallback,
              },
              signal,
            );
      return { providerId: created.sid };
    },

    /**
     * Not by Twilio's DateSent/StartTime filters: they read whole days, and a message still queued
     * has no date sent, a call not yet started no start time. The newest to this number, then, and
     * the one created since `since` (to the second, as Twilio dates it) with the same text.
     */
    async sentSince(message, since, signal) {
      const after = Math.floor(since.getTime() / 1000) * 1000;
      const created = (listed: Listed) => Date.parse(listed.date_created) >= after;
      if (message.channel === 'voz') return (await api.list('Calls', addresses(message), signal)).find(created)?.sid;
      const messages = await api.list('Messages', addresses(message), signal);
      // A template's message is its words around the text.
      return messages.find((sent) => created(sent) && (sent.body ?? '').includes(message.body))?.sid;
    },
  };
}
