import type { Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { DeliveryRefusedError, DeliveryThrottledError } from '../outbox/delivery-errors.ts';
import type { PhoneMessage, PhoneSender } from './phone-sender.ts';

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
  /** Where the SDK's requests go instead of https://api.twilio.com: the local simulator. */
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
// The SDK's RequestClient takes no AbortSignal; a request cut at the run's deadline is let go and
// ends at this timeout at the latest (sentSince finds whether Twilio took it).
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

/** The SDK, loaded on the first request: a function that never sends never pays its import. */
async function connect(settings: TwilioSettings): Promise<{ client: Twilio; sdk: typeof import('twilio') }> {
  const { default: sdk } = await import('twilio');
  /**
   * The SDK's documented way to own its HTTP ("Use a custom HTTP Client", its README): the
   * `httpClient` option, here its own exported RequestClient extended. Its `edge` and `region`
   * options only rename the host within twilio.com, so the simulator is reached by rewriting the
   * origin of each request, paging links included. Each error answer becomes the outbox's error
   * here, where its headers are still known: the SDK's RestException drops Retry-After.
   */
  class OutboxRequestClient extends sdk.RequestClient {
    override async request<TData>(options: RequestClient.RequestOptions<TData>) {
      const target = new URL(options.uri);
      const uri = settings.apiBaseUrl ? `${settings.apiBaseUrl}${target.pathname}${target.search}` : options.uri;
      const answer = await super.request<TData>({ ...options, uri, timeout: REQUEST_TIMEOUT_MS });
      if (answer.statusCode >= 400) throw refusal(answer);
      return answer;
    }
  }
  const client = sdk(settings.accountSid, settings.authToken, { httpClient: new OutboxRequestClient() });
  return { client, sdk };
}

/** `work`, or an error of its own once `signal` aborts: a passing failure, tried again. */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('Twilio did not answer before the run ended.'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The TwiML of an alert's call: the text twice, a second apart, so a listener who picked up late
 * still hears it whole. Polly.Mia (Amazon Polly, es-MX), one of the voices Twilio's <Say> documents:
 * Polly has no Chilean voice, and Mexican Spanish is the Latin American one it has. The SDK's
 * builder escapes the text as XML.
 */
function callTwiml(sdk: typeof import('twilio'), text: string): string {
  const response = new sdk.twiml.VoiceResponse();
  const voice = { language: 'es-MX', voice: 'Polly.Mia' } as const;
  response.say(voice, text);
  response.pause({ length: 1 });
  response.say(voice, text);
  return response.toString();
}

// A call's status callback names only `completed` unless asked for the others (Twilio's Call resource).
const CALL_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

/** Twilio's Programmable Messaging (texts, WhatsApp) and Voice, through its official SDK. */
export function createTwilioSender(settings: TwilioSettings): PhoneSender {
  let connection: ReturnType<typeof connect> | undefined;
  const connected = () => {
    connection ??= connect(settings).catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
    return connection;
  };
  // Without a WhatsApp sender the channel is not available: its alerts go as texts (config.phone()).
  const addresses = ({ to, channel }: Pick<PhoneMessage, 'to' | 'channel'>) =>
    channel === 'whatsapp' && settings.whatsappFrom
      ? { to: `whatsapp:${to}`, from: `whatsapp:${settings.whatsappFrom}` }
      : { to, from: settings.from };

  return {
    requestInterval: Math.ceil(1000 / settings.requestsPerSecond),

    async send(message, signal) {
      const { client, sdk } = await untilAborted(connected(), signal);
      const { to, from } = addresses(message);
      const created: Promise<{ sid: string }> =
        message.channel === 'voz'
          ? client.calls.create({
              to,
              from,
              twiml: callTwiml(sdk, message.body),
              statusCallback: message.statusCallback,
              statusCallbackEvent: CALL_EVENTS,
            })
          : client.messages.create({
              to,
              from,
              ...(message.channel === 'whatsapp' && settings.whatsappFrom && settings.whatsappContentSid
                ? { contentSid: settings.whatsappContentSid, contentVariables: JSON.stringify({ 1: message.body }) }
                : { body: message.body }),
              statusCallback: message.statusCallback,
            });
      return { providerId: (await untilAborted(created, signal)).sid };
    },

    /**
     * Not by Twilio's DateSent/StartTime filters: they read whole days, and a message still queued
     * has no date sent, a call not yet started no start time. The newest to this number, then, and
     * the one created since `since` (to the second, as Twilio dates it) with the same text.
     */
    async sentSince(message, since, signal) {
      const { client } = await untilAborted(connected(), signal);
      const { to, from } = addresses(message);
      const after = Math.floor(since.getTime() / 1000) * 1000;
      if (message.channel === 'voz') {
        const calls = await untilAborted(client.calls.list({ to, from, limit: LOOKUP_LIMIT }), signal);
        return calls.find((call) => call.dateCreated.getTime() >= after)?.sid;
      }
      const messages = await untilAborted(client.messages.list({ to, from, limit: LOOKUP_LIMIT }), signal);
      // A template's message is its words around the text.
      return messages.find((sent) => sent.dateCreated.getTime() >= after && sent.body.includes(message.body))?.sid;
    },
  };
}
