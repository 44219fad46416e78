import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contacto from '../../netlify/functions/contact.ts';
import { deployContext } from '../../src/server/mail/context.ts';
import type { Mail, MailSender } from '../../src/server/mail/mail.ts';
import { deliverDue, enqueueMail } from '../../src/server/outbox/outbox.ts';
import { listUnsent, retryNow } from '../../src/server/outbox/unsent.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/**
 * A deploy preview's database branch is a copy of production's, production's
 * unsent mail included. Mails carry the context that wrote them, a run sends only its own
 * context's, and every idempotency key leads with the context, so a preview neither sends
 * production's mail nor blocks production's sends with the same keys.
 */
const environment = useLocalEnvironment();
const db = () => environment.database.db;

/** Runs what follows in `context`, as Netlify's runtime gives it to a function. */
const inContext = (context: string) => vi.stubGlobal('Netlify', { context: { deploy: { context } }, env: {} });

beforeEach(() => db().query('DELETE FROM outbox'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

function recordingSender() {
  const keys: string[] = [];
  const sender: MailSender = {
    requestInterval: 0,
    send: async (_mail: Mail, key: string) => void keys.push(key),
    sendBatch: async (items, key) => (keys.push(key), items.map(() => undefined)),
  };
  return { sender, keys };
}

const mail = { to: 'vecina@example.com', subject: 'Asunto', text: 'Cuerpo' };
const statuses = () =>
  db().query<{ reference: string; context: string | null; status: string }>(
    'SELECT reference, context, status FROM outbox ORDER BY id',
  );

describe('the deploy context', () => {
  it("is Netlify's for the invocation, else CONTEXT, else dev in local mode", () => {
    expect(deployContext()).toBe('dev');
    vi.stubEnv('CONTEXT', 'branch-deploy');
    expect(deployContext()).toBe('branch-deploy');
    inContext('deploy-preview');
    expect(deployContext()).toBe('deploy-preview');
  });

  it('is required in production mode: unknown, no mail is written or sent (never a guess of production)', () => {
    vi.stubEnv('APP_MODE', '');
    expect(() => deployContext()).toThrow(expect.objectContaining({ name: 'MissingSettingError', setting: 'CONTEXT' }));
    expect(() => enqueueMail(mail, 'CON-CTXX2222')).toThrow(expect.objectContaining({ setting: 'CONTEXT' }));
    inContext('production');
    expect(deployContext()).toBe('production');
  });

  it('refuses a value that is not a context', () => {
    inContext('production; DROP TABLE outbox');
    expect(() => deployContext()).toThrow(expect.objectContaining({ setting: 'CONTEXT' }));
  });
});

describe('a preview with a copy of production’s database', () => {
  async function productionsUnsentMail() {
    inContext('production');
    await db().batch([enqueueMail(mail, 'CON-PROD2222')]);
    // Written before mail carried its context (migration 0033): production's too.
    await db().query(
      `INSERT INTO outbox (reference, recipient, subject, body) VALUES ('CON-OLDD2222', 'vecino@example.com', 'Asunto', 'Cuerpo')`,
    );
  }

  it.each(['deploy-preview', 'branch-deploy'])(
    'in %s sends only its own mail, with keys of its own; production then sends its own',
    async (preview) => {
      await productionsUnsentMail();
      inContext(preview);
      await db().batch([enqueueMail(mail, 'CON-PREV2222')]);
      const { sender, keys } = recordingSender();
      expect(await deliverDue(db(), sender)).toEqual({ sent: 1, failed: 0, throttled: 0 });
      expect(keys).toEqual([expect.stringMatching(new RegExp(`^${preview}/CON-PREV2222-\\d+$`))]);
      expect(await statuses()).toEqual([
        { reference: 'CON-PROD2222', context: 'production', status: 'pending' },
        { reference: 'CON-OLDD2222', context: null, status: 'pending' },
        { reference: 'CON-PREV2222', context: preview, status: 'sent' },
      ]);

      inContext('production');
      const production = recordingSender();
      expect(await deliverDue(db(), production.sender)).toEqual({ sent: 2, failed: 0, throttled: 0 });
      expect(production.keys).toEqual([
        expect.stringMatching(/^production\/CON-PROD2222-\d+$/),
        expect.stringMatching(/^production\/CON-OLDD2222-\d+$/),
      ]);
    },
  );

  it('lists on Correo saliente only its own unsent mail, and cannot retry production’s', async () => {
    await productionsUnsentMail();
    inContext('deploy-preview');
    await db().batch([enqueueMail(mail, 'CON-PREV3333')]);
    const admin = {
      id: '00000000-0000-0000-0000-000000000001',
      email: 'ana@example.com',
      roles: ['administrador' as const],
    };
    expect((await listUnsent(db(), admin)).map(({ reference }) => reference)).toEqual(['CON-PREV3333']);
    const [production] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM outbox WHERE reference = 'CON-PROD2222'`,
    );
    expect(
      await retryNow(db(), admin, production!.id, (_channel, ids) =>
        deliverDue(db(), recordingSender().sender, async () => undefined, { ids, limit: 1 }),
      ),
    ).toBe(undefined);
    expect((await statuses())[0]).toMatchObject({ reference: 'CON-PROD2222', status: 'pending' });
  });

  it('a submission in a preview writes its mails as the preview’s and delivers only them', async () => {
    await productionsUnsentMail();
    inContext('deploy-preview');
    const { context, settle } = testContext({}, 'deploy-preview');
    const response = await contacto(
      postJson('/api/contacto', { name: 'Ana', surname: 'Rojas', email: 'ana@example.com', reqs: 'Consulta.' }),
      context,
    );
    expect(response.status).toBe(200);
    await settle();
    const rows = await statuses();
    expect(rows.slice(0, 2)).toEqual([
      { reference: 'CON-PROD2222', context: 'production', status: 'pending' },
      { reference: 'CON-OLDD2222', context: null, status: 'pending' },
    ]);
    expect(rows.slice(2)).toEqual([
      expect.objectContaining({ context: 'deploy-preview', status: 'sent' }),
      expect.objectContaining({ context: 'deploy-preview', status: 'sent' }),
    ]);
  });
});
