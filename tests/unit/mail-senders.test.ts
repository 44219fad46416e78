import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFileSender } from '../../src/server/mail/file-sender.ts';
import { getMailSender } from '../../src/server/mail/index.ts';
import { createResendSender } from '../../src/server/mail/resend-sender.ts';

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
    afterEach(() => {
      delete process.env.RESEND_API_KEY;
      delete process.env.NETLIFY_DB_DRIVER;
      delete process.env.MAIL_OUTBOX_DIR;
    });

    it('is used when RESEND_API_KEY is set', async () => {
      process.env.RESEND_API_KEY = 're_configured';
      process.env.NETLIFY_DB_DRIVER = 'serverless';
      await getMailSender().send(mail, 'CON-AAAA2222-2');
      expect(received.map((r) => r.headers.authorization)).toEqual(['Bearer re_configured']);
    });

    it('gives way to .eml files in local mode when no key is set', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'eml-'));
      process.env.MAIL_OUTBOX_DIR = dir;
      await getMailSender().send(mail, 'CON-AAAA2222-3');
      expect(received).toHaveLength(0);
      expect(await readFile(path.join(dir, 'CON-AAAA2222-3.eml'), 'utf8')).toContain('To: contacto@example.com');
      await rm(dir, { recursive: true, force: true });
    });

    it('refuses to drop production mail into files when the key is missing', () => {
      process.env.NETLIFY_DB_DRIVER = 'serverless';
      expect(() => getMailSender()).toThrow('RESEND_API_KEY is not set');
    });
  });

  it('throws when Resend refuses the mail, so the outbox keeps it', async () => {
    answer = { status: 422, body: { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' } };
    await expect(createResendSender('re_test_key', 'x@example.com').send(mail, 'k')).rejects.toThrow(
      /validation_error: Invalid `to` field/,
    );
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
