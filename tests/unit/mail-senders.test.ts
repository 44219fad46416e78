import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileSender } from '../../src/server/mail/file-sender.ts';
import { getMailSender } from '../../src/server/mail/index.ts';
import { createResendSender } from '../../src/server/mail/resend-sender.ts';
import { MailRefusedError } from '../../src/server/mail/mail.ts';

const mail = {
  to: 'contacto@example.com',
  subject: 'Mensaje de contacto CON-AAAA2222',
  text: 'Número de referencia: CON-AAAA2222',
  replyTo: 'ana@example.com',
};

describe('the Resend sender, against a local fake of the Resend API', () => {
  let server: Server;
  let received: { method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] =
    [];
  let answer = { status: 200, body: { id: 'email-1' } as unknown };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(data) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.RESEND_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    delete process.env.RESEND_BASE_URL;
    server.close();
  });
  afterEach(() => {
    received = [];
    answer = { status: 200, body: { id: 'email-1' } };
  });

  it('posts the mail with the API key and the idempotency key', async () => {
    await createResendSender('re_test_key', 'Aguas Patagonia <no-responder@example.com>').send(mail, 'CON-AAAA2222-1');
    expect(received).toHaveLength(1);
    const [request] = received;
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
      expect(received.map((r) => r.headers.authorization)).toEqual(['Bearer re_configured']);
      expect(received[0]!.body.from).toBe('Aguas <no-responder@aguas.test>');
    });

    it('gives way to .eml files in local mode when no key is set', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'eml-'));
      process.env.MAIL_OUTBOX_DIR = dir;
      await getMailSender().send(mail, 'CON-AAAA2222-3');
      expect(received).toHaveLength(0);
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
      expect(received[0]!.body).toMatchObject({
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
    answer = { status, body: { statusCode: status, name, message } };
    const error = await createResendSender('re_test_key', 'x@example.com')
      .send(mail, 'k')
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`${name} (${status}): ${message}`);
    expect(error instanceof MailRefusedError ? error.problem : undefined).toBe(problem);
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
});
