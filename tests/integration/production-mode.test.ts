import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import admins from '../../netlify/functions/admins.ts';
import bills from '../../netlify/functions/payments-bills.ts';
import contacto from '../../netlify/functions/contact.ts';
import denuncias from '../../netlify/functions/denuncias.ts';
import login from '../../netlify/functions/login.ts';
import uploads from '../../netlify/functions/uploads.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { site } from '../../src/shared/site.ts';
import { startTestDatabase } from '../helpers/database.ts';
import { multipart } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';
import { useWebpaySimulator } from '../helpers/webpay.ts';

/**
 * The API in production mode (no APP_MODE), its database reached the way production reaches it:
 * through @netlify/database (here its server driver on the embedded Postgres; on Netlify, Neon's
 * HTTP driver). A missing setting answers 503 and never falls back to a local adapter.
 */
const netlifyDatabase = vi.hoisted(() => ({ connections: 0 }));
vi.mock('@netlify/database', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@netlify/database')>();
  return {
    ...actual,
    getDatabase: (...args: Parameters<typeof actual.getDatabase>) => {
      netlifyDatabase.connections++;
      return actual.getDatabase(...args);
    },
  };
});

const production = {
  NETLIFY_DB_DRIVER: 'server',
  RESEND_API_KEY: 're_production',
  MAIL_FROM: 'Aguas Patagonia de Aysén <no-responder@aguas.test>',
  JWT_SECRET: 'a-production-secret-of-more-than-thirty-two-characters',
  WEBPAY_ENV: 'production',
  WEBPAY_COMMERCE_CODE: '597000000001',
  WEBPAY_API_KEY: 'a-production-api-key',
  DENUNCIAS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  // Netlify's runtime gives functions their deploy context; these direct calls have only CONTEXT.
  CONTEXT: 'production',
};

const webpay = useWebpaySimulator();
let database: Awaited<ReturnType<typeof startTestDatabase>>;
let databaseUrl: string;
let resend: Server;
const mailed: { to: unknown; from: unknown; subject: unknown }[] = [];
const unavailable = {
  success: false,
  error: 'Este servicio no está disponible por ahora. Por favor intente más tarde.',
  message: 'Este servicio no está disponible por ahora. Por favor intente más tarde.',
  requestId: 'test-request',
};

beforeAll(async () => {
  database = await startTestDatabase();
  databaseUrl = process.env.NETLIFY_DB_URL!;
  resend = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      mailed.push(JSON.parse(data));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"email-1"}');
    });
  });
  await new Promise<void>((resolve) => resend.listen(0, '127.0.0.1', resolve));
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${(resend.address() as AddressInfo).port}`;
});

beforeEach(() => {
  delete process.env.APP_MODE;
  Object.assign(process.env, production, { NETLIFY_DB_URL: databaseUrl });
});

afterAll(async () => {
  for (const name of [...Object.keys(production), 'RESEND_BASE_URL']) delete process.env[name];
  process.env.APP_MODE = 'local';
  resend.close();
  await database.stop();
});

const contactMessage = {
  name: 'Ana',
  surname: 'Rojas',
  email: 'ana@example.com',
  reqs: 'Consulta por mi boleta.',
};

async function call(
  handler: (req: Request, context: never) => Promise<Response>,
  request: Request,
  deployContext = 'production',
) {
  const { context, settle } = testContext({}, deployContext);
  const response = await handler(request, context as never);
  await settle();
  return { status: response.status, body: await response.json() };
}

/** A contact message's answer, with console.error silenced, and what it logged there. */
async function contactLogging() {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const answer = await call(contacto, postJson('/api/contacto', contactMessage));
    return { answer, log: log.mock.calls.flat().join(' ') };
  } finally {
    log.mockRestore();
  }
}

describe('production mode', () => {
  it('without Netlify Database provisioned (no NETLIFY_DB_URL), answers 503 and names it in the log', async () => {
    delete process.env.NETLIFY_DB_URL;
    expect(await contactLogging()).toEqual({
      answer: { status: 503, body: unavailable },
      log: expect.stringContaining('NETLIFY_DB_URL'),
    });
  });

  it('with every setting, stores a contact message through @netlify/database and mails it with Resend', async () => {
    const { status, body } = await call(contacto, postJson('/api/contacto', contactMessage));
    expect(status).toBe(200);
    expect(netlifyDatabase.connections).toBeGreaterThan(0);
    expect(
      await database.db.query('SELECT name, email FROM contact_messages WHERE reference = $1', [body.data.reference]),
    ).toEqual([{ name: 'Ana', email: 'ana@example.com' }]);
    expect(
      await database.db.query(
        'SELECT recipient, sent_at IS NOT NULL AS sent FROM outbox WHERE reference = $1 ORDER BY id',
        [body.data.reference],
      ),
    ).toEqual([
      { recipient: site.mailboxes.contact, sent: true },
      // The citizen's acknowledgement.
      { recipient: 'ana@example.com', sent: true },
    ]);
    expect(mailed).toEqual([
      expect.objectContaining({ to: site.mailboxes.contact, from: production.MAIL_FROM }),
      expect.objectContaining({ to: 'ana@example.com', from: production.MAIL_FROM }),
    ]);
  });

  it('without DENUNCIAS_ENCRYPTION_KEY a denuncia answers 503 and nothing is stored, never in the clear', async () => {
    delete process.env.DENUNCIAS_ENCRYPTION_KEY;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const denuncia = multipart('/api/denuncias', {
      denunciaRelacion: 'Cliente',
      denunciaLugar: 'Recintos',
      denunciaType: 'Consultas',
      denunciaText: 'Un relato que no debe quedar legible.',
    });
    expect(await call(denuncias, denuncia)).toEqual({ status: 503, body: unavailable });
    expect(log.mock.calls.flat().join(' ')).toContain('DENUNCIAS_ENCRYPTION_KEY');
    expect(await database.db.query('SELECT 1 FROM denuncias')).toEqual([]);
    // Nor does a denuncia's file start its chunked upload.
    const upload = postJson('/api/uploads', { purpose: 'denuncia', fileName: 'video.mp4', size: 8_000_000 });
    expect(await call(uploads, upload)).toEqual({ status: 503, body: unavailable });
    expect(await database.db.query(`SELECT 1 FROM uploads WHERE purpose = 'denuncia'`)).toEqual([]);
    log.mockRestore();
  });

  it.each(['RESEND_API_KEY', 'MAIL_FROM'])('without %s a form answers 503 and stores nothing', async (setting) => {
    delete process.env[setting];
    const before = await database.db.query('SELECT count(*)::int AS n FROM contact_messages');
    expect(await contactLogging()).toEqual({
      answer: { status: 503, body: unavailable },
      log: expect.stringContaining(setting),
    });
    expect(await database.db.query('SELECT count(*)::int AS n FROM contact_messages')).toEqual(before);
  });

  it('without JWT_SECRET sign-in answers 503, checks no password and signs no token', async () => {
    await createAdmin(database.db, { name: 'Operadora', email: 'operadora@aguas.test', password: 'una-clave-larga-1' });
    delete process.env.JWT_SECRET;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await call(
      login,
      postJson('/api/login', { email: 'operadora@aguas.test', password: 'una-clave-larga-1' }),
    );
    expect(answer).toEqual({ status: 503, body: unavailable });
    expect(log.mock.calls.flat().join(' ')).toContain('JWT_SECRET');
    log.mockRestore();
    expect(await database.db.query('SELECT 1 FROM login_failures')).toEqual([]);

    // A token a local run signed is not a 401 either: nothing can verify it.
    const guarded = await admins(
      new Request('http://localhost/api/admins/00000000-0000-4000-8000-000000000000', {
        headers: { authorization: 'Bearer x.y.z' },
      }),
      testContext({ id: '00000000-0000-4000-8000-000000000000' }).context,
    );
    expect(guarded.status).toBe(503);
  });

  describe('card payments', () => {
    beforeEach(async () => {
      await database.db.query('DELETE FROM tbk_payments');
      await database.db.query('DELETE FROM bills');
      await database.db.query(
        `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 18990, 'Baquedano 1240')
         ON CONFLICT (service_number) DO UPDATE SET balance = 18990`,
      );
      webpay.simulator.transactions.clear();
    });

    const newBill = (deployContext?: string) =>
      call(bills, postJson('/api/bills/new', { paymentOption: 'webpay-plus', serviceNumber: '100001' }), deployContext);

    it.each([
      ['no WEBPAY_ENV', { WEBPAY_ENV: undefined }],
      ['WEBPAY_ENV simulator', { WEBPAY_ENV: 'simulator' }],
      ['no commerce code', { WEBPAY_COMMERCE_CODE: undefined }],
      ['no API key', { WEBPAY_API_KEY: undefined }],
      ['the integration host in the production deploy context', { WEBPAY_ENV: 'integration' }],
    ])('with %s, /api/bills/new answers 503: no bill, no simulator', async (_case, settings) => {
      for (const [name, value] of Object.entries(settings))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await newBill()).toEqual({ status: 503, body: unavailable });
      expect(log.mock.calls.flat().join(' ')).toMatch(/WEBPAY_(ENV|COMMERCE_CODE|API_KEY)/);
      log.mockRestore();
      expect(await database.db.query('SELECT 1 FROM bills')).toEqual([]);
      expect(webpay.simulator.transactions.size).toBe(0);
    });

    it('a deploy preview may use the integration host, with the credentials it is given', async () => {
      process.env.WEBPAY_ENV = 'integration';
      // WEBPAY_BASE_URL points at the simulator, standing in for Transbank's integration host.
      const { status, body } = await newBill('deploy-preview');
      expect(status).toBe(201);
      expect(body.paymentData.success).toBe(true);
      expect(webpay.simulator.transactions.size).toBe(1);
    });
  });
});
