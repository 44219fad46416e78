import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileSender } from '../../src/server/mail/file-sender.ts';
import { getMailSender } from '../../src/server/mail/index.ts';
import { createResendSender } from '../../src/server/mail/resend-sender.ts';
import { DeliveryRefusedError, DeliveryThrottledError } from '../../src/server/outbox/delivery-errors.ts';
import { useFakeResend } from '../helpers/fake-resend.ts';

const mail = {
  to: 'contacto@example.com',
  subject: 'Mensaje de contacto CON-AAAA2222',
  text: 'Número de referencia: CON-AAAA2222',
  replyTo: 'ana@example.com',
};

describe('the Resend sender, against a local fake of the Resend API', () => {
  const resend = useFakeResend();

  it('posts the mail with the API key and the idempotency key', async () => {
    await createResendSender('re_test_key', 'Aguas Patagonia <no-responder@example.com>').send(mail, 'CON-AAAA2222-1');
    expect(resend.requests).toHaveLength(1);
    const [request] = resend.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/emails' });
    expect(request!.headers.authorization).toBe('Bearer re_test_key');
    expect(request!.headers['idempotency-key']).toBe('CON-AAAA2222-1');
    expect(request!.body).toMatchObject({
      from: 'Aguas Patagonia <no-responder@example.com>',
      to: 'contacto@example.com',
      subject: mail.subject,
      text: mail.text,
      reply_to: 'ana@example.com',
    });
  });

  it('gives a bulk mail the one-click unsubscription headers Gmail and Yahoo require (RFC 8058), alone and in a batch', async () => {
    const oneClick = 'https://www.aguasdeaysen.cl/api/cortes/alertas/baja?token=abc';
    const bulk = { ...mail, listUnsubscribe: oneClick };
    const headers = { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const sender = createResendSender('re_test_key', 'Aguas <no-responder@example.com>');
    await sender.send(bulk, 'COR-7-1');
    await sender.sendBatch(
      [
        { mail: bulk, key: 'COR-7-2' },
        { mail, key: 'CON-1-1' },
      ],
      'batch',
    );
    const [single, batch] = resend.requests;
    expect(single!.body).toMatchObject({ headers });
    const [first, second] = batch!.body as Record<string, unknown>[];
    expect(first).toMatchObject({ headers });
    // A mail that is no subscription's carries none.
    expect(second).not.toHaveProperty('headers');
    expect(single!.body).not.toHaveProperty('listUnsubscribe');
  });

  describe('chosen by configuration', () => {
    beforeEach(() => {
      process.env.APP_MODE = 'local';
    });
    afterEach(() => {
      for (const name of ['RESEND_API_KEY', 'APP_MODE', 'MAIL_OUTBOX_DIR', 'MAIL_FROM', 'MAIL_TEST_RECIPIENT'])
        delete process.env[name];
    });

    it('is used in production mode, from MAIL_FROM', async () => {
      delete process.env.APP_MODE;
      process.env.RESEND_API_KEY = 're_configured';
      process.env.MAIL_FROM = 'Aguas <no-responder@aguas.test>';
      await getMailSender().send(mail, 'CON-AAAA2222-2');
      expect(resend.requests.map((r) => r.headers.authorization)).toEqual(['Bearer re_configured']);
      expect(resend.requests[0]!.body).toMatchObject({ from: 'Aguas <no-responder@aguas.test>' });
    });

    it('gives way to .eml files in local mode when no key is set', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'eml-'));
      process.env.MAIL_OUTBOX_DIR = dir;
      await getMailSender().send(mail, 'CON-AAAA2222-3');
      expect(resend.requests).toHaveLength(0);
      expect(await readFile(path.join(dir, 'CON-AAAA2222-3.eml'), 'utf8')).toContain('To: contacto@example.com');
      await rm(dir, { recursive: true, force: true });
    });

    it.each([
      ['RESEND_API_KEY', { MAIL_FROM: 'Aguas <no-responder@aguas.test>' }],
      ['MAIL_FROM', { RESEND_API_KEY: 're_configured' }],
    ])('in production mode never falls back to files or a default sender: without %s it names it', (setting, rest) => {
      delete process.env.APP_MODE;
      Object.assign(process.env, rest);
      expect(() => getMailSender()).toThrow(expect.objectContaining({ name: 'MissingSettingError', setting }));
    });

    it('sends everything to MAIL_TEST_RECIPIENT when set (deploy previews), naming the real recipient', async () => {
      delete process.env.APP_MODE;
      process.env.RESEND_API_KEY = 're_configured';
      process.env.MAIL_FROM = 'Aguas <no-responder@aguas.test>';
      process.env.MAIL_TEST_RECIPIENT = 'pruebas@aguas.test';
      await getMailSender().send(mail, 'CON-AAAA2222-4');
      expect(resend.requests[0]!.body).toMatchObject({
        to: 'pruebas@aguas.test',
        subject: '[Prueba, para contacto@example.com] Mensaje de contacto CON-AAAA2222',
      });
    });
  });

  // What the outbox does with each refusal: hold the mail, wait for the operator, or retry.
  it.each([
    [422, 'validation_error', 'Invalid `to` field.', 'rejected'],
    [422, 'invalid_attachment', 'Attachment must have either a content or path.', 'rejected'],
    [403, 'validation_error', 'The example.com domain is not verified.', 'configuration'],
    [401, 'missing_api_key', 'Missing API key in the authorization header.', 'configuration'],
    [403, 'invalid_api_key', 'API key is invalid.', 'configuration'],
    [422, 'invalid_from_address', 'Invalid `from` field.', 'configuration'],
    [429, 'rate_limit_exceeded', 'Too many requests.', undefined],
    [429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.', undefined],
    [500, 'internal_server_error', 'An unexpected error occurred.', undefined],
  ])('throws on a %i %s, classified as %s', async (status, name, message, problem) => {
    resend.otherwise({ status, body: { statusCode: status, name, message } });
    const error = await createResendSender('re_test_key', 'x@example.com')
      .send(mail, 'k')
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`${name} (${status}): ${message}`);
    expect(error instanceof DeliveryRefusedError ? error.problem : undefined).toBe(problem);
  });
});

describe('the Resend sender, at its limits', () => {
  const resend = useFakeResend();

  const sender = () => createResendSender('re_test_key', 'Aguas <no-responder@example.com>');
  const items = [
    { mail: { ...mail, to: 'uno@example.com' }, key: 'production/COR-7-1' },
    { mail: { ...mail, to: 'dos@example.com' }, key: 'production/COR-7-2' },
  ];

  it('sends a batch to /emails/batch, permissive, under the batch key', async () => {
    expect(await sender().sendBatch(items, 'production/batch-abc')).toEqual([undefined, undefined]);
    const [request] = resend.requests;
    expect(request!.url).toBe('/emails/batch');
    expect(request!.headers['idempotency-key']).toBe('production/batch-abc');
    expect(request!.headers['x-batch-validation']).toBe('permissive');
    expect(request!.body).toEqual([
      {
        from: 'Aguas <no-responder@example.com>',
        to: 'uno@example.com',
        subject: mail.subject,
        text: mail.text,
        reply_to: 'ana@example.com',
      },
      {
        from: 'Aguas <no-responder@example.com>',
        to: 'dos@example.com',
        subject: mail.subject,
        text: mail.text,
        reply_to: 'ana@example.com',
      },
    ]);
  });

  it("answers the refusal of the one mail Resend names in a batch's errors", async () => {
    resend.otherwise({
      status: 200,
      body: { data: [{ id: 'a' }], errors: [{ index: 1, message: 'Invalid `to` field.' }] },
    });
    const [first, second] = await sender().sendBatch(items, 'k');
    expect(first).toBeUndefined();
    expect(second).toBeInstanceOf(DeliveryRefusedError);
    expect(second).toMatchObject({ problem: 'rejected', message: expect.stringContaining('Invalid `to` field.') });
  });

  it.each([
    ['Retry-After in seconds', { 'retry-after': '7' }, 7_000],
    ['Retry-After as a date', { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }, 30_000],
    ['no Retry-After', {}, 1_000],
  ])('throws DeliveryThrottledError on a 429 with %s', async (_case, headers, wait) => {
    resend.otherwise({
      status: 429,
      body: { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' },
      headers,
    });
    for (const call of [() => sender().send(mail, 'k'), () => sender().sendBatch(items, 'k')]) {
      const error = await call().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(DeliveryThrottledError);
      expect((error as DeliveryThrottledError).retryAfterMs).toBeGreaterThan(wait - 2_500);
      expect((error as DeliveryThrottledError).retryAfterMs).toBeLessThanOrEqual(wait);
    }
  });

  it('paces to 2 requests a second by default, or to the rate given', () => {
    expect(sender().requestInterval).toBe(500);
    expect(createResendSender('k', 'x@example.com', 10).requestInterval).toBe(100);
  });

  it('sends a batch to MAIL_TEST_RECIPIENT too, each mail naming its real recipient', async () => {
    process.env.RESEND_API_KEY = 're_configured';
    process.env.MAIL_FROM = 'Aguas <no-responder@aguas.test>';
    process.env.MAIL_TEST_RECIPIENT = 'pruebas@aguas.test';
    try {
      await getMailSender().sendBatch(items, 'k');
    } finally {
      for (const name of ['RESEND_API_KEY', 'MAIL_FROM', 'MAIL_TEST_RECIPIENT']) delete process.env[name];
    }
    expect(resend.requests[0]!.body).toMatchObject([
      { to: 'pruebas@aguas.test', subject: `[Prueba, para uno@example.com] ${mail.subject}` },
      { to: 'pruebas@aguas.test', subject: `[Prueba, para dos@example.com] ${mail.subject}` },
    ]);
  });
});

describe('the local file sender', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(path.join(tmpdir(), 'eml-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes an .eml file named by the idempotency key', async () => {
    await createFileSender(dir, 'Aguas Patagonia <no-responder@example.com>').send(mail, 'CON-AAAA2222-7');
    const eml = await readFile(path.join(dir, 'CON-AAAA2222-7.eml'), 'utf8');
    expect(eml).toMatch(/^From: Aguas Patagonia <no-responder@example\.com>$/m);
    expect(eml).toMatch(/^To: contacto@example\.com$/m);
    expect(eml).toMatch(/^Reply-To: ana@example\.com$/m);
    expect(eml).toContain('CON-AAAA2222');
  });

  it('writes a bulk mail with its one-click unsubscription headers', async () => {
    const oneClick = 'https://www.aguasdeaysen.cl/api/consumo/avisos/baja?token=xyz';
    await createFileSender(dir, 'x@example.com').send({ ...mail, listUnsubscribe: oneClick }, 'CON-AAAA2222-9');
    // Headers unfolded (RFC 5322: a line break before whitespace continues the header).
    const eml = (await readFile(path.join(dir, 'CON-AAAA2222-9.eml'), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    expect(eml).toContain(`List-Unsubscribe: <${oneClick}>`);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it("names the file without the key's deploy context: the folder is one local server's", async () => {
    await createFileSender(dir, 'x@example.com').send(mail, 'dev/CON-AAAA2222-8');
    expect(await readFile(path.join(dir, 'CON-AAAA2222-8.eml'), 'utf8')).toMatch(/^To: contacto@example\.com$/m);
  });

  it('writes a batch as one file per mail, each named by its own key', async () => {
    const refusals = await createFileSender(dir, 'x@example.com').sendBatch(
      [
        { mail: { ...mail, to: 'uno@example.com' }, key: 'dev/COR-7-11' },
        { mail: { ...mail, to: 'dos@example.com' }, key: 'dev/COR-7-12' },
      ],
      'dev/batch-abc',
    );
    expect(refusals).toEqual([undefined, undefined]);
    expect(await readFile(path.join(dir, 'COR-7-11.eml'), 'utf8')).toMatch(/^To: uno@example\.com$/m);
    expect(await readFile(path.join(dir, 'COR-7-12.eml'), 'utf8')).toMatch(/^To: dos@example\.com$/m);
  });
});
