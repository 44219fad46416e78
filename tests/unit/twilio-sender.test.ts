import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServerAdapter } from '@whatwg-node/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';
import { createTwilioSimulator } from '../../scripts/lib/twilio-simulator.ts';
import { config } from '../../src/server/config.ts';
import { NotAllowed } from '../../src/server/errors.ts';
import { DeliveryRefusedError, DeliveryThrottledError } from '../../src/server/outbox/delivery-errors.ts';
import { getPhoneSender } from '../../src/server/phone-alerts/index.ts';
import { verifiedProviderForm } from '../../src/server/phone-alerts/signature.ts';
import { createTwilioSender, type TwilioSettings } from '../../src/server/phone-alerts/twilio-sender.ts';
import { fitsOneSegment } from '../../src/shared/phone-alerts/gsm7.ts';

const ACCOUNT_SID = `AC${'ab12'.repeat(8)}`;
const AUTH_TOKEN = 'f'.repeat(32);
const FROM = '+15005550006';
const PHONE = '+56912345678';
const BODY = 'Corte de agua en Coyhaique hoy de 10:00 a 14:00. Detalles: https://aguas.test/cortes/c-1';

/**
 * The phone network of these tests over real HTTP: the simulator, and the site's two webhooks,
 * which accept only what verifiedProviderForm verified (the SDK's validation of the simulator's
 * own signer) and record it.
 */
async function startNetwork(directory: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const simulator = createTwilioSimulator({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    siteOrigin: origin,
    siteNumber: FROM,
    directory,
  });
  const statuses: Record<string, string>[] = [];
  const inbound: Record<string, string>[] = [];
  const server = createServer(
    createServerAdapter(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith(simulator.basePath)) return simulator.handle(request);
      try {
        const params = await verifiedProviderForm(request, AUTH_TOKEN);
        if (url.pathname === '/api/sms/estado') {
          statuses.push({ ...params, ref: url.searchParams.get('ref') ?? '' });
          return new Response(null, { status: 204 });
        }
        inbound.push(params);
        return new Response(
          '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Recibido: &quot;sin agua&quot; &amp; anotado</Message></Response>',
          { headers: { 'Content-Type': 'text/xml' } },
        );
      } catch (error) {
        if (error instanceof NotAllowed) return new Response(error.message, { status: 403 });
        throw error;
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    simulator,
    statuses,
    inbound,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

let directory: string;
let network: Awaited<ReturnType<typeof startNetwork>>;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'sms-'));
  network = await startNetwork(directory);
});
afterAll(async () => {
  await network.simulator.settled();
  await network.stop();
  await rm(directory, { recursive: true, force: true });
});

const settings = (overrides: Partial<TwilioSettings> = {}): TwilioSettings => ({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  from: FROM,
  whatsappFrom: '+15005550007',
  whatsappContentSid: undefined,
  requestsPerSecond: 1,
  apiBaseUrl: `${network.origin}/twilio-simulator`,
  ...overrides,
});
const message = (overrides: Partial<{ to: string; channel: 'sms' | 'whatsapp' | 'voz'; body: string }> = {}) => ({
  to: PHONE,
  channel: 'sms' as const,
  body: BODY,
  statusCallback: `${network.origin}/api/sms/estado?ref=ALR-1&id=7`,
  ...overrides,
});
const file = async (sid: string) =>
  JSON.parse(await readFile(path.join(directory, `${sid}.json`), 'utf8')) as Record<string, unknown>;
const record = (sid: string) => network.simulator.records.find((r) => r.sid === sid)!;

describe('the Twilio sender, through the REST API against the simulator', () => {
  it('texts an SMS from TWILIO_FROM, and the simulator writes it as one JSON file', async () => {
    const { providerId } = await createTwilioSender(settings()).send(message());
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(record(providerId)).toMatchObject({ toAddress: PHONE, from: FROM, body: BODY });
    await network.simulator.settled();
    expect(await file(providerId)).toEqual({
      to: PHONE,
      channel: 'sms',
      body: BODY,
      reference: 'ALR-1',
      sid: providerId,
      status: 'delivered',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('sends WhatsApp from its own sender, both numbers prefixed', async () => {
    const { providerId } = await createTwilioSender(settings()).send(message({ channel: 'whatsapp' }));
    expect(record(providerId)).toMatchObject({ toAddress: `whatsapp:${PHONE}`, from: 'whatsapp:+15005550007' });
    expect(record(providerId).contentSid).toBeUndefined();
    await network.simulator.settled();
    expect(await file(providerId)).toMatchObject({ to: PHONE, channel: 'whatsapp' });
  });

  it('with a Content Template, sends WhatsApp as it, the text its one variable, and finds it again by its text', async () => {
    const template = `HX${'a'.repeat(32)}`;
    const sender = createTwilioSender(settings({ whatsappContentSid: template }));
    const { providerId } = await sender.send(message({ channel: 'whatsapp' }));
    expect(record(providerId)).toMatchObject({ toAddress: `whatsapp:${PHONE}`, contentSid: template, body: BODY });
    expect(await sender.sentSince(message({ channel: 'whatsapp' }), new Date(Date.now() - 60_000))).toBe(providerId);
  });

  it('without a WhatsApp sender, texts a WhatsApp alert as an SMS', async () => {
    const { providerId } = await createTwilioSender(settings({ whatsappFrom: undefined })).send(
      message({ channel: 'whatsapp' }),
    );
    expect(record(providerId)).toMatchObject({ toAddress: PHONE, from: FROM, channel: 'sms' });
  });

  it('calls a landline and its TwiML says the text twice in Spanish, escaped as XML', async () => {
    const text = 'Corte en Puerto Aysen: agua & luz <hoy>';
    const { providerId } = await createTwilioSender(settings()).send(
      message({ to: '+56672123456', channel: 'voz', body: text }),
    );
    expect(providerId).toMatch(/^CA[0-9a-f]{32}$/);
    const say = '<Say language="es-MX" voice="Polly.Mia">Corte en Puerto Aysen: agua &amp; luz &lt;hoy&gt;</Say>';
    expect(record(providerId).twiml).toContain(`<Response>${say}<Pause length="1"/>${say}</Response>`);
    await network.simulator.settled();
    expect(await file(providerId)).toMatchObject({
      to: '+56672123456',
      channel: 'voz',
      body: text,
      status: 'completed',
    });
  });

  it('answers a wrong auth token (401, code 20003) as the configuration', async () => {
    const refused = createTwilioSender(settings({ authToken: 'e'.repeat(32) })).send(message());
    await expect(refused).rejects.toBeInstanceOf(DeliveryRefusedError);
    await expect(refused).rejects.toMatchObject({
      problem: 'configuration',
      message: expect.stringContaining('20003'),
    });
  });

  it.each([
    ['with its Retry-After', 7, 7_000],
    ['without one, a second', undefined, 1_000],
  ])('answers a 429 as throttled, %s', async (_, retryAfter, waitMs) => {
    network.simulator.failNext(429, retryAfter === undefined ? {} : { retryAfter });
    const throttled = createTwilioSender(settings()).send(message());
    await expect(throttled).rejects.toBeInstanceOf(DeliveryThrottledError);
    await expect(throttled).rejects.toMatchObject({ retryAfterMs: waitMs });
  });

  it.each([
    ['an invalid number (21211)', { to: '+123' }, undefined, 'rejected'],
    ['an opted-out number (21610)', {}, 21610, 'rejected'],
    ['a WhatsApp number without an account (63003)', {}, 63003, 'rejected'],
    ['a From the account does not own (21606)', {}, 21606, 'configuration'],
  ] as const)('answers %s as refused: %s', async (_, overrides, code, problem) => {
    if (code) network.simulator.failNext(400, { code });
    await expect(createTwilioSender(settings()).send(message(overrides))).rejects.toMatchObject({
      constructor: DeliveryRefusedError,
      problem,
    });
  });

  const passing = (error: unknown) =>
    error instanceof Error && !(error instanceof DeliveryRefusedError) && !(error instanceof DeliveryThrottledError);

  it('answers a 500 as a passing error, tried again', async () => {
    network.simulator.failNext(500);
    const error = await createTwilioSender(settings())
      .send(message())
      .catch((e: unknown) => e);
    expect(passing(error)).toBe(true);
    expect((error as Error).message).toContain('HTTP 500');
  });

  it('answers a network error, and a request the run cut, as passing errors', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(
      passing(
        await createTwilioSender(settings({ apiBaseUrl: closed }))
          .send(message())
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
    const cut = await createTwilioSender(settings())
      .send(message(), AbortSignal.abort())
      .catch((e: unknown) => e);
    expect(passing(cut)).toBe(true);
    expect((cut as Error).message).toBe('Twilio did not answer before the run ended.');
  });

  it('paces to TWILIO_REQUESTS_PER_SECOND', () => {
    expect(createTwilioSender(settings()).requestInterval).toBe(1000);
    expect(createTwilioSender(settings({ requestsPerSecond: 5 })).requestInterval).toBe(200);
  });

  it('finds by sentSince a message sent, and none to another number, with another text or before', async () => {
    const sender = createTwilioSender(settings());
    const since = new Date();
    const to = '+56987654321';
    const { providerId } = await sender.send(message({ to }));
    expect(await sender.sentSince({ to, channel: 'sms', body: BODY }, since)).toBe(providerId);
    expect(await sender.sentSince({ to: '+56911112222', channel: 'sms', body: BODY }, since)).toBeUndefined();
    expect(await sender.sentSince({ to, channel: 'sms', body: `${BODY}.` }, since)).toBeUndefined();
    expect(await sender.sentSince({ to, channel: 'sms', body: BODY }, new Date(Date.now() + 2000))).toBeUndefined();
    const call = await sender.send(message({ to, channel: 'voz' }));
    expect(await sender.sentSince({ to, channel: 'voz', body: BODY }, since)).toBe(call.providerId);
  });
});

describe("the simulator's status callbacks, verified by the SDK's validation", () => {
  // The callbacks of the tests above, still under way, are not this test's.
  beforeEach(async () => {
    await network.simulator.settled();
    network.statuses.length = 0;
  });

  it('posts a message sent, then delivered, signed, naming its StatusCallback reference', async () => {
    const { providerId } = await createTwilioSender(settings()).send(message());
    await network.simulator.settled();
    expect(network.statuses.map((s) => [s.MessageSid, s.MessageStatus, s.ref])).toEqual([
      [providerId, 'sent', 'ALR-1'],
      [providerId, 'delivered', 'ALR-1'],
    ]);
    expect(network.simulator.callbacks.every((c) => c.status === 204)).toBe(true);
  });

  it('posts a call initiated, ringing, answered and completed', async () => {
    await createTwilioSender(settings()).send(message({ to: '+56672000111', channel: 'voz' }));
    await network.simulator.settled();
    expect(network.statuses.map((s) => s.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
  });

  it('ends a message to an undeliverable phone undelivered, with its ErrorCode', async () => {
    network.simulator.undeliverable('+56900000001');
    await createTwilioSender(settings()).send(message({ to: '+56900000001' }));
    await network.simulator.settled();
    expect(network.statuses.map((s) => [s.MessageStatus, s.ErrorCode])).toEqual([
      ['sent', undefined],
      ['undelivered', '30003'],
    ]);
  });
});

describe("the simulator's phone", () => {
  it('replies as the phone: a signed inbound text to /api/sms/entrante, the TwiML reply read back', async () => {
    const answer = await network.simulator.reply('+56955554444', 'SIGO SIN AGUA\ndesde ayer');
    expect(answer).toEqual({ status: 200, reply: 'Recibido: "sin agua" & anotado' });
    expect(network.inbound.at(-1)).toMatchObject({
      From: '+56955554444',
      To: FROM,
      Body: 'SIGO SIN AGUA\ndesde ayer',
      AccountSid: ACCOUNT_SID,
      NumMedia: '0',
      SmsStatus: 'received',
      MessageSid: expect.stringMatching(/^SM/),
    });
    const files = await Promise.all(
      (await readdir(directory)).map((name) => readFile(path.join(directory, name), 'utf8')),
    );
    expect(files.map((text) => JSON.parse(text) as { to: string; body: string })).toContainEqual(
      expect.objectContaining({ to: '+56955554444', body: 'Recibido: "sin agua" & anotado' }),
    );
  });

  it("lists a phone's messages, newest first, and has a labelled form to reply", async () => {
    const sender = createTwilioSender(settings());
    await sender.send(message({ to: '+56933332222', body: 'Primero' }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sender.send(message({ to: '+56933332222', body: 'Segundo' }));
    await network.simulator.settled();
    // The number as a link writes it: a `+` unescaped in a query string reads as a space.
    const html = await (await fetch(`${network.origin}/twilio-simulator/telefono?numero=+56933332222`)).text();
    expect(html).toContain('<h1>Teléfono +56933332222 (simulador)</h1>');
    expect(html.indexOf('Segundo')).toBeLessThan(html.indexOf('Primero'));
    expect(html).toMatch(/<label for="texto">[^<]+<\/label><br>\s*<textarea id="texto"/);
    const index = await (await fetch(`${network.origin}/twilio-simulator/`)).text();
    expect(index).toContain('telefono?numero=%2B56933332222');
    const replied = await fetch(`${network.origin}/twilio-simulator/telefono`, {
      method: 'POST',
      body: new URLSearchParams({ numero: '+56933332222', texto: 'AYUDA' }),
    });
    expect(await replied.text()).toContain('El sitio respondió: «Recibido: &#34;sin agua&#34; &#38; anotado».');
  });
});

describe('getPhoneSender, by deploy context', () => {
  const production = {
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: FROM,
  };
  beforeEach(() => {
    Object.assign(process.env, production, { TWILIO_API_BASE_URL: `${network.origin}/twilio-simulator` });
  });
  afterEach(() => {
    for (const name of [...Object.keys(production), 'TWILIO_API_BASE_URL', 'PHONE_TEST_NUMBER', 'CONTEXT', 'APP_MODE'])
      delete process.env[name];
  });

  it('in production has WhatsApp only with its sender and an approved template', async () => {
    process.env.TWILIO_WHATSAPP_FROM = '+15005550007';
    expect((await config.phone('https://aguas.test')).whatsappFrom).toBeUndefined();
    process.env.TWILIO_WHATSAPP_CONTENT_SID = `HX${'b'.repeat(32)}`;
    expect(await config.phone('https://aguas.test')).toMatchObject({
      whatsappFrom: '+15005550007',
      whatsappContentSid: `HX${'b'.repeat(32)}`,
    });
    process.env.TWILIO_WHATSAPP_CONTENT_SID = 'plantilla';
    await expect(config.phone('https://aguas.test')).rejects.toMatchObject({ setting: 'TWILIO_WHATSAPP_CONTENT_SID' });
    delete process.env.TWILIO_WHATSAPP_FROM;
    delete process.env.TWILIO_WHATSAPP_CONTENT_SID;
  });

  it('in production messages the recipient', async () => {
    process.env.CONTEXT = 'production';
    const { providerId } = await (await getPhoneSender('https://aguas.test')).send(message({ to: '+56944443333' }));
    expect(record(providerId)).toMatchObject({ to: '+56944443333', body: BODY });
  });

  it.each(['deploy-preview', 'branch-deploy'])(
    'in a %s sends everything to PHONE_TEST_NUMBER, its recipient first, within one segment',
    async (context) => {
      process.env.CONTEXT = context;
      process.env.PHONE_TEST_NUMBER = '+56 9 1111 2222';
      const sender = await getPhoneSender('https://aguas.test');
      const long = `${BODY} ${'x'.repeat(160 - BODY.length - 1)}`;
      expect(fitsOneSegment(long)).toBe(true);
      const { providerId } = await sender.send(message({ to: '+56944443333', body: long }));
      const sent = record(providerId);
      expect(sent.to).toBe('+56911112222');
      expect(sent.body.startsWith('Prueba, para +56944443333: Corte de agua en Coyhaique')).toBe(true);
      expect(sent.body).toHaveLength(160);
      const since = new Date(sent.createdAt.getTime() - 1000);
      expect(await sender.sentSince({ to: '+56944443333', channel: 'sms', body: long }, since)).toBe(providerId);
    },
  );

  it('in a preview without PHONE_TEST_NUMBER sends nothing: it names the setting', async () => {
    process.env.CONTEXT = 'deploy-preview';
    await expect(getPhoneSender('https://aguas.test')).rejects.toMatchObject({
      name: 'MissingSettingError',
      setting: 'PHONE_TEST_NUMBER',
    });
  });

  it.each(Object.keys(production))('in production mode without %s names it', async (setting) => {
    process.env.CONTEXT = 'production';
    delete process.env[setting];
    await expect(getPhoneSender('https://aguas.test')).rejects.toMatchObject({ name: 'MissingSettingError', setting });
  });

  it('in local mode reaches the simulator at the origin with its own account and one auth token', async () => {
    for (const name of [...Object.keys(production), 'TWILIO_API_BASE_URL']) delete process.env[name];
    process.env.APP_MODE = 'local';
    process.env.TWILIO_AUTH_TOKEN = 'a1'.repeat(16);
    const local = await config.phone('http://localhost:8888');
    expect(local).toMatchObject({
      accountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/),
      authToken: 'a1'.repeat(16),
      from: FROM,
      whatsappFrom: FROM,
      apiBaseUrl: 'http://localhost:8888/twilio-simulator',
    });
  });
});
