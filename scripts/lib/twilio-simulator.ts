import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { phoneChannelLabels, type PhoneChannel } from '../../src/shared/phone-alerts/channels.ts';
import { chileMinute } from '../../src/shared/time/format.ts';
import { e164 } from '../../src/shared/phone.ts';

/**
 * Local mode only, never deployed: a Twilio simulator speaking the REST API 2010-04-01 for what the
 * phone sender uses (Messages.json and Calls.json: create, and list with Twilio's filters and
 * paging), with Twilio's JSON shapes and error bodies, HTTP Basic auth with the account's SID and
 * auth token, and the status callbacks Twilio posts, signed as Twilio signs them. Each message or
 * call accepted is also one JSON file under `directory` (.data/sms by default): `to`, `channel`
 * (sms, whatsapp, voz), `body` (a call's: the text its TwiML says), `reference` (the `ref` of its
 * StatusCallback URL), `sid`, `status`, `at`. Its pages are a phone: what reached a number, and a
 * form to reply from it, which posts the site's /api/sms/entrante exactly as Twilio does.
 */

/** One message or call, as the simulator's account keeps it. */
export interface SimulatedMessage {
  sid: string;
  kind: 'message' | 'call';
  channel: PhoneChannel;
  /** E.164, without a `whatsapp:` prefix. */
  to: string;
  /** As the request named them (`whatsapp:+…` for WhatsApp). */
  toAddress: string;
  from: string;
  body: string;
  /** A call's TwiML, as posted. */
  twiml?: string;
  /** The Content Template a message went as (its variables are `body`). */
  contentSid?: string;
  reference: string | undefined;
  statusCallback: string | undefined;
  status: string;
  createdAt: Date;
  sentAt?: Date;
}

/** Twilio's status callback of a message or a call, once posted to the site, and the site's answer. */
export interface PostedCallback {
  url: string;
  params: Record<string, string>;
  status: number;
}

const API_PATH = '/2010-04-01/Accounts/';
const API_VERSION = '2010-04-01';
// Twilio's dates: RFC 2822 in UTC, as the SDK reads them ("ddd, DD MMM YYYY HH:mm:ss +0000").
const twilioDate = (date: Date | undefined) => (date ? date.toUTCString().replace('GMT', '+0000') : null);
const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#\d+);/g, (_, name: string) =>
    name.startsWith('#')
      ? String.fromCodePoint(Number(name.slice(1)))
      : ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[name]!,
  );

/**
 * Twilio's webhook signature, written from its documentation, not taken from the SDK, so the
 * SDK's validation is tested against an independent signer: the URL, then each parameter's name
 * and value in the names' order, HMAC-SHA1 with the auth token, in base64
 * (twilio.com/docs/usage/webhooks/webhooks-security).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

const twilioError = (status: number, code: number, message: string, headers: HeadersInit = {}) =>
  Response.json(
    { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    { status, headers },
  );

/** A failure a test asks of the next requests (failNext). */
interface Failure {
  status: number;
  code: number;
  retryAfter: number | undefined;
}

const DEFAULT_CODES: Record<number, [number, string]> = {
  400: [21211, "The 'To' number is not a valid phone number."],
  429: [20429, 'Too Many Requests'],
  500: [20500, 'Internal Server Error'],
};

export interface TwilioSimulatorOptions {
  accountSid: string;
  authToken: string;
  /** The site's origin, where a reply from the phone page is posted (/api/sms/entrante). */
  siteOrigin: string;
  /** The site's number, which the phone page's replies are texted to. */
  siteNumber: string;
  directory?: string;
  basePath?: string;
}

export function createTwilioSimulator({
  accountSid,
  authToken,
  siteOrigin,
  siteNumber,
  directory = '.data/sms',
  basePath = '/twilio-simulator',
}: TwilioSimulatorOptions) {
  const records: SimulatedMessage[] = [];
  const failures: Failure[] = [];
  const unreachable = new Map<string, { status: 'failed' | 'undelivered'; errorCode: number }>();
  const callbacks: PostedCallback[] = [];
  const pending = new Set<Promise<void>>();

  /** Written aside, then renamed, as the mail file sender does: a reader never sees half a file. */
  async function save(record: SimulatedMessage) {
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, `${record.sid}.json`);
    const { to, channel, body, reference, sid, status } = record;
    const content = { to, channel, body, reference, sid, status, at: record.createdAt.toISOString() };
    await writeFile(`${file}.part`, `${JSON.stringify(content, null, 2)}\n`);
    await rename(`${file}.part`, file);
  }

  /** Posts a callback form to `url`, signed as Twilio signs it, and answers the site's answer. */
  async function postSigned(url: string, params: Record<string, string>): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params),
    });
  }

  /** The statuses Twilio posts after accepting: a message sent then delivered, a call's events. */
  async function progress(record: SimulatedMessage, events: string[]) {
    const failure = unreachable.get(record.to);
    const steps =
      record.kind === 'message'
        ? ['sent', failure?.status ?? 'delivered']
        : failure
          ? ['initiated', 'failed']
          : ['initiated', 'ringing', 'in-progress', 'completed'];
    for (const [sequence, status] of steps.entries()) {
      record.status = status;
      if (status === 'sent') record.sentAt = new Date();
      await save(record);
      const event = status === 'in-progress' ? 'answered' : status === 'failed' ? 'completed' : status;
      if (!record.statusCallback || (record.kind === 'call' && !events.includes(event))) continue;
      const base = { AccountSid: accountSid, ApiVersion: API_VERSION, From: record.from, To: record.toAddress };
      const params: Record<string, string> =
        record.kind === 'message'
          ? {
              ...base,
              MessageSid: record.sid,
              SmsSid: record.sid,
              MessageStatus: status,
              SmsStatus: status,
              ...(status === failure?.status ? { ErrorCode: String(failure.errorCode) } : {}),
            }
          : {
              ...base,
              CallSid: record.sid,
              CallStatus: status,
              Direction: 'outbound-api',
              CallbackSource: 'call-progress-events',
              SequenceNumber: String(sequence),
              Timestamp: twilioDate(new Date())!,
              ...(status === 'completed' ? { CallDuration: '12', Duration: '1' } : {}),
            };
      try {
        const answer = await postSigned(record.statusCallback, params);
        callbacks.push({ url: record.statusCallback, params, status: answer.status });
      } catch (error) {
        console.error(`Twilio simulator: the status callback to ${record.statusCallback} failed:`, error);
      }
    }
  }

  function track(work: Promise<void>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  function messageJson(record: SimulatedMessage) {
    const uri = `${API_PATH}${accountSid}/${record.kind === 'call' ? 'Calls' : 'Messages'}/${record.sid}.json`;
    const common = {
      sid: record.sid,
      account_sid: accountSid,
      api_version: API_VERSION,
      to: record.toAddress,
      from: record.from,
      status: record.status,
      direction: 'outbound-api',
      date_created: twilioDate(record.createdAt),
      date_updated: twilioDate(record.sentAt ?? record.createdAt),
      price: null,
      price_unit: 'USD',
      uri,
    };
    if (record.kind === 'call')
      return { ...common, start_time: null, end_time: null, duration: null, parent_call_sid: null, queue_time: '0' };
    return {
      ...common,
      body: record.body,
      date_sent: twilioDate(record.sentAt),
      num_segments: '1',
      num_media: '0',
      error_code: null,
      error_message: null,
      messaging_service_sid: null,
      subresource_uris: { media: uri.replace('.json', '/Media.json') },
    };
  }

  /**
   * A message of a Content Template (WhatsApp outside a conversation): the simulator has no
   * templates, so it files the variables' values as the text, the one variable the site's has.
   */
  const templateText = (form: URLSearchParams) => {
    if (!form.get('ContentSid')) return undefined;
    try {
      return Object.values(JSON.parse(form.get('ContentVariables') ?? '{}') as Record<string, string>).join(' ');
    } catch {
      return undefined;
    }
  };

  function create(kind: 'message' | 'call', form: URLSearchParams): Response {
    const toAddress = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const whatsapp = toAddress.startsWith('whatsapp:');
    const to = whatsapp ? toAddress.slice('whatsapp:'.length) : toAddress;
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return twilioError(400, 21211, `Invalid 'To' Phone Number: ${toAddress.replace(/\d(?=\d{4})/g, 'X')}`);
    if (!/^(whatsapp:)?\+[1-9]\d{7,14}$/.test(from)) return twilioError(400, 21212, "Invalid 'From' Phone Number");
    const twiml = form.get('Twiml') ?? undefined;
    const body =
      kind === 'call'
        ? unescapeXml(/<Say[^>]*>([^<]*)<\/Say>/.exec(twiml ?? '')?.[1] ?? '')
        : (form.get('Body') ?? templateText(form));
    if (!body) return twilioError(400, kind === 'call' ? 21205 : 21602, 'Message body is required.');
    const statusCallback = form.get('StatusCallback') ?? undefined;
    const record: SimulatedMessage = {
      sid: sidOf(kind === 'call' ? 'CA' : 'SM'),
      kind,
      channel: kind === 'call' ? 'voz' : whatsapp ? 'whatsapp' : 'sms',
      to,
      toAddress,
      from,
      body,
      ...(twiml ? { twiml } : {}),
      ...(form.get('ContentSid') ? { contentSid: form.get('ContentSid')! } : {}),
      reference: statusCallback ? (new URL(statusCallback).searchParams.get('ref') ?? undefined) : undefined,
      statusCallback,
      status: 'queued',
      createdAt: new Date(),
    };
    records.push(record);
    // A call's status callback names only `completed` unless the request asked for more.
    const events = form.getAll('StatusCallbackEvent').flatMap((value) => value.split(' '));
    track(save(record).then(() => progress(record, events.length > 0 ? events : ['completed'])));
    return Response.json(messageJson(record), { status: 201 });
  }

  /** A day of a DateSent or StartTime filter (Twilio reads them as whole days, in GMT). */
  const day = (date: Date | undefined) => date?.toISOString().slice(0, 10);

  function list(kind: 'message' | 'call', url: URL): Response {
    const query = url.searchParams;
    const dateName = kind === 'call' ? 'StartTime' : 'DateSent';
    const matching = records
      .filter((record) => record.kind === kind)
      .filter((record) => !query.has('To') || record.toAddress === query.get('To'))
      .filter((record) => !query.has('From') || record.from === query.get('From'))
      .filter((record) => {
        const sent = day(kind === 'call' ? undefined : record.sentAt);
        const [on, after, before] = ['', '>', '<'].map((suffix) => query.get(`${dateName}${suffix}`)?.slice(0, 10));
        if (!on && !after && !before) return true;
        return !!sent && (!on || sent === on) && (!after || sent >= after) && (!before || sent <= before);
      })
      .reverse();
    const pageSize = Math.min(Math.max(Number(query.get('PageSize')) || 50, 1), 1000);
    const page = Math.max(Number(query.get('Page')) || 0, 0);
    const items = matching.slice(page * pageSize, (page + 1) * pageSize);
    const pageUri = (number: number) => {
      const next = new URLSearchParams(query);
      next.set('Page', String(number));
      next.set('PageSize', String(pageSize));
      return `${url.pathname.slice(basePath.length)}?${next}`;
    };
    return Response.json({
      [kind === 'call' ? 'calls' : 'messages']: items.map(messageJson),
      first_page_uri: pageUri(0),
      next_page_uri: (page + 1) * pageSize < matching.length ? pageUri(page + 1) : null,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      page,
      page_size: pageSize,
      start: page * pageSize,
      end: page * pageSize + Math.max(items.length - 1, 0),
      uri: pageUri(page),
    });
  }

  function authorised(request: Request, sid: string): boolean {
    const [scheme, encoded] = (request.headers.get('authorization') ?? '').split(' ');
    const expected = Buffer.from(`${accountSid}:${authToken}`);
    const given = Buffer.from(scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString() : '');
    return sid === accountSid && given.length === expected.length && timingSafeEqual(given, expected);
  }

  async function api(request: Request, url: URL, apiPath: string): Promise<Response> {
    const [sid, resource, ...rest] = apiPath.slice(API_PATH.length).split('/');
    if (!authorised(request, sid ?? '')) return twilioError(401, 20003, 'Authenticate');
    const failure = failures.shift();
    if (failure) {
      const [, message] = DEFAULT_CODES[failure.status] ?? [failure.code, 'Simulated failure'];
      const headers: Record<string, string> = failure.retryAfter ? { 'Retry-After': String(failure.retryAfter) } : {};
      return twilioError(failure.status, failure.code, message, headers);
    }
    const kind = resource === 'Messages.json' ? 'message' : resource === 'Calls.json' ? 'call' : undefined;
    if (!kind || rest.length > 0) return twilioError(404, 20404, 'The requested resource was not found');
    if (request.method === 'POST') return create(kind, new URLSearchParams(await request.text()));
    if (request.method === 'GET') return list(kind, url);
    return twilioError(405, 20004, 'Method not allowed');
  }

  /** What reached the phones, as the files say (they outlast the server), newest first. */
  async function filed(): Promise<{ to: string; channel: PhoneChannel; body: string; status: string; at: string }[]> {
    const names = await readdir(directory).catch(() => [] as string[]);
    const files = await Promise.all(
      names.filter((name) => name.endsWith('.json')).map((name) => readFile(path.join(directory, name), 'utf8')),
    );
    return files
      .map((text) => JSON.parse(text) as Awaited<ReturnType<typeof filed>>[number])
      .sort((a, b) => b.at.localeCompare(a.at));
  }

  const page = (title: string, body: string) =>
    new Response(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
    );

  async function phonePage(phone: string, notice = ''): Promise<Response> {
    const received = (await filed()).filter((item) => item.to === phone);
    const items = received
      .map(
        (item) =>
          `<li><p><strong>${phoneChannelLabels[item.channel]}</strong>, ${escapeHtml(chileMinute(item.at))} (${escapeHtml(item.status)})</p><p>${escapeHtml(item.body)}</p></li>`,
      )
      .join('');
    return page(
      `Teléfono ${phone} (simulador)`,
      `<p>Simulador local de Twilio: nada sale a un teléfono real.</p>${notice}
       <h2>Mensajes y llamadas recibidos</h2>${items ? `<ol>${items}</ol>` : '<p>Este teléfono no ha recibido nada.</p>'}
       <h2>Responder desde este teléfono</h2>
       <form method="post" action="${basePath}/telefono">
         <input type="hidden" name="numero" value="${escapeHtml(phone)}">
         <p><label for="texto">Mensaje al número del sitio (${escapeHtml(siteNumber)})</label><br>
         <textarea id="texto" name="texto" rows="3" cols="40" required></textarea></p>
         <p><button>Enviar SMS</button></p>
       </form>
       <p><a href="${basePath}/">Todos los teléfonos</a></p>`,
    );
  }

  /** Posts an inbound text from `phone`, as Twilio posts it to the number's webhook; answers the reply's text. */
  async function reply(phone: string, text: string): Promise<{ status: number; reply: string | undefined }> {
    const sid = sidOf('SM');
    const params = {
      AccountSid: accountSid,
      ApiVersion: API_VERSION,
      Body: text,
      From: phone,
      FromCountry: 'CL',
      MessageSid: sid,
      NumMedia: '0',
      NumSegments: '1',
      SmsMessageSid: sid,
      SmsSid: sid,
      SmsStatus: 'received',
      To: siteNumber,
    };
    const answer = await postSigned(`${siteOrigin}/api/sms/entrante`, params);
    const twiml = await answer.text();
    const message = /<Message[^>]*>(?:<Body>)?([^<]*)/.exec(twiml)?.[1];
    const replyText = message === undefined ? undefined : unescapeXml(message);
    // Twilio texts the TwiML's <Message> back to the phone: it reaches the phone as any other.
    if (replyText) {
      const record: SimulatedMessage = {
        ...{ sid: sidOf('SM'), kind: 'message', channel: 'sms', to: phone, toAddress: phone, from: siteNumber },
        ...{
          body: replyText,
          reference: undefined,
          statusCallback: undefined,
          status: 'delivered',
          createdAt: new Date(),
        },
      };
      records.push(record);
      await save(record);
    }
    return { status: answer.status, reply: replyText };
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const subPath = url.pathname.slice(basePath.length);
    if (subPath.startsWith(API_PATH)) return api(request, url, subPath);
    if (subPath === '/telefono' && request.method === 'GET') {
      // A `+` in a query string is a space: the number is read as people write one.
      const phone = e164(url.searchParams.get('numero') ?? '');
      if (!phone) return page('Número no válido', '<p>Indique un número como +56912345678.</p>');
      return phonePage(phone);
    }
    if (subPath === '/telefono' && request.method === 'POST') {
      const form = new URLSearchParams(await request.text());
      const phone = e164(form.get('numero') ?? '');
      const text = form.get('texto')?.trim();
      if (!phone || !text) return page('Número no válido', '<p>Faltan el número o el mensaje.</p>');
      const { status, reply: answered } = await reply(phone, text);
      const notice =
        status >= 400
          ? `<p role="alert">El sitio rechazó el mensaje (HTTP ${status}).</p>`
          : `<p role="status">Enviado: «${escapeHtml(text)}». ${answered ? `El sitio respondió: «${escapeHtml(answered)}».` : 'El sitio no respondió nada.'}</p>`;
      return phonePage(phone, notice);
    }
    if (subPath === '/' || subPath === '') {
      const phones = [...new Set((await filed()).map((item) => item.to))].sort();
      const links = phones
        .map(
          (phone) =>
            `<li><a href="${basePath}/telefono?numero=${encodeURIComponent(phone)}">${escapeHtml(phone)}</a></li>`,
        )
        .join('');
      return page(
        'Teléfonos (simulador de Twilio)',
        links ? `<ul>${links}</ul>` : '<p>Ningún teléfono ha recibido mensajes todavía.</p>',
      );
    }
    return new Response('Not found', { status: 404 });
  }

  return {
    handle,
    basePath,
    records,
    callbacks,
    reply,
    /** The next `times` API requests answer `status` with Twilio's error body (and a Retry-After). */
    failNext(status: number, { retryAfter, code }: { retryAfter?: number; code?: number } = {}, times = 1) {
      const failure = { status, code: code ?? DEFAULT_CODES[status]?.[0] ?? 20001, retryAfter };
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    /** Messages to `phone` end `status` with `errorCode` (Twilio's 30003, unreachable handset); its calls end failed. */
    undeliverable(
      phone: string,
      { status = 'undelivered', errorCode = 30003 }: { status?: 'failed' | 'undelivered'; errorCode?: number } = {},
    ) {
      unreachable.set(phone, { status, errorCode });
    },
    /** Resolves once every status callback under way has been posted. */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
