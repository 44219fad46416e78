import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRunRecords } from '../helpers/work-markers.ts';
import casesDigest from '../../netlify/functions/cases-digest.ts';
import denunciaReminders from '../../netlify/functions/denuncias-reminders.ts';
import outageAlerts from '../../netlify/functions/outage-alerts.ts';
import outboxRetry from '../../netlify/functions/outbox-retry.ts';
import reconcile from '../../netlify/functions/payments-reconcile.ts';
import { SCHEDULED_FUNCTION_LIMIT_MS, SCHEDULED_RUN_MS } from '../../src/server/deadline.ts';
import { enqueueMail } from '../../src/server/outbox/outbox.ts';
import { WEBPAY_PATH } from '../../src/server/payments/webpay-client.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { tooManyRequests, useFakeResend, type ResendAnswer } from '../helpers/fake-resend.ts';
import { testContext } from '../helpers/functions.ts';
import { approvedTransaction, useWebpaySimulator } from '../helpers/webpay.ts';

/**
 * Every scheduled function that sends mail finishes its whole work, mail
 * included, inside the 30 seconds Netlify gives a scheduled function (docs.netlify.com,
 * "Configuration for functions": scheduled execution limit 30 seconds; the time of waitUntil work
 * counts, src/server/deadline.ts), however bad the batch: Webpay never answering, the outbox full,
 * the mail provider slow, rate limited, then silent.
 *
 * The runs take their deadline from a clock SPEED times faster than the system's (timers
 * included), so a 25 s run takes 2.5 s here; what takes real time (every database
 * statement) counts SPEED times over, so the bound holds at normal speed with room to spare.
 */

const SPEED = vi.hoisted(() => 10);
vi.mock('../../src/server/deadline.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/deadline.ts')>();
  const { fastClock } = await import('../helpers/clock.ts');
  const clock = fastClock(SPEED);
  return { ...actual, scheduledRunDeadline: () => actual.deadlineIn(actual.SCHEDULED_RUN_MS, clock) };
});

const environment = useLocalEnvironment();
// Each test's rows are written behind the port, which no marker sees: every run looks.
beforeEach(forgetRunRecords);
const webpay = useWebpaySimulator();
const db = () => environment.database.db;
const resend = useFakeResend();

beforeAll(() => {
  process.env.RESEND_API_KEY = 're_test_key';
});
afterAll(() => {
  delete process.env.RESEND_API_KEY;
});
beforeEach(async () => {
  for (const table of ['outage_alerts', 'outage_notices', 'outage_subscriptions', 'outages', 'tbk_payments', 'bills'])
    await db().query(`DELETE FROM ${table}`);
  for (const table of ['denuncia_reminders', 'denuncias', 'cases', 'case_digests', 'outbox', 'accounts'])
    await db().query(`DELETE FROM ${table}`);
  await db().query(`UPDATE provider_pace SET next_slot = '-infinity'`);
});

/** A request Resend answers after 4 s of the run's clock. */
const slow: ResendAnswer = { status: 200, delayMs: 4_000 / SPEED };

/** The mail provider answers `answers`, then nothing at all: the run must cut its last request. */
function provider(...answers: ResendAnswer[]) {
  resend.answer(...answers);
  resend.otherwise({ status: 200, delayMs: Infinity });
}

/** The mails whose request the run's deadline cut: failed attempts, due again later. */
const cut = () => db().query(`SELECT 1 FROM outbox WHERE last_error = 'Resend did not answer before the run ended.'`);

/** `count` mails due, as a provider outage leaves them. */
const fullOutbox = (count: number) =>
  db().batch(
    Array.from({ length: count }, (_, i) =>
      enqueueMail({ to: `vecino${i}@correo.cl`, subject: 'Pendiente', text: 'Cuerpo' }, `CON-FULL${1000 + i}`),
    ),
  );

/**
 * Runs a scheduled function as Netlify does (a POST, then its waitUntil work) and answers how long
 * the whole invocation took on the run's clock.
 */
async function timed(run: (req: Request, context: ReturnType<typeof testContext>['context']) => Promise<Response>) {
  const { context, settle } = testContext();
  const started = performance.now();
  const response = await run(new Request('http://localhost/.netlify/functions/scheduled', { method: 'POST' }), context);
  await settle();
  return { took: (performance.now() - started) * SPEED, response };
}

/** Nothing lost: every mail was sent, or waits for a later run; none was given up. */
async function expectNoMailLost(total: number) {
  const rows = await db().query<{ status: string }>('SELECT status FROM outbox');
  expect(rows).toHaveLength(total);
  for (const { status } of rows) expect(['sent', 'pending']).toContain(status);
}

// A run past its bound takes longer than the test's usual limit: the measure fails it, not the limit.
describe('a scheduled run, mail included, ends inside Netlify’s 30 seconds', { timeout: 60_000 }, () => {
  it('is given 25 s of them', () => {
    expect(SCHEDULED_FUNCTION_LIMIT_MS).toBe(30_000);
    expect(SCHEDULED_RUN_MS).toBeLessThanOrEqual(SCHEDULED_FUNCTION_LIMIT_MS - 5_000);
  });

  it('payments-reconcile: 20 bills due, Webpay silent after the first 3, then their receipts and a full outbox', async () => {
    await db().query(
      `INSERT INTO accounts (service_number, balance, install_address) VALUES ('300003', 1000000, 'Prat 1, Coyhaique')`,
    );
    const bills = await db().query<{ token: string; buy_order: string }>(
      `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, token, created_at)
       SELECT '300003', 5000, 'cliente@example.com', 'boleta', 'webpay-plus', 'ORD' || i, 'S' || i, 'TOK' || i,
         now() - interval '10 minutes' + i * interval '1 second'
       FROM generate_series(1, 20) i RETURNING token, buy_order`,
    );
    const approved = new Map(bills.slice(0, 3).map((bill) => [bill.token, bill.buy_order]));
    const silent = () => new Promise<Response>(() => undefined);
    webpay.stub('commit', (request) => {
      const token = new URL(request.url).pathname.slice(WEBPAY_PATH.length + 1);
      const buyOrder = approved.get(token);
      if (!buyOrder) return silent();
      return Response.json(approvedTransaction(buyOrder, 5000, { sessionId: 'S' }));
    });
    webpay.stub('status', silent);
    await fullOutbox(40);

    provider();

    const { took, response } = await timed(reconcile);

    expect(took).toBeLessThan(SCHEDULED_FUNCTION_LIMIT_MS);
    // It was the worst run: Webpay's calls went on until they were cut, then the mail until its
    // request was.
    expect(await response.json()).toMatchObject({ outcomes: { recorded: 3, unknown: 1 }, more: true });
    expect(resend.requests).toHaveLength(1);
    expect(await cut()).toHaveLength(1);
    await expectNoMailLost(43);
  });

  it('outbox-retry: a full outbox', async () => {
    await fullOutbox(60);
    provider(slow, tooManyRequests(3));
    const { took } = await timed(outboxRetry);
    expect(took).toBeLessThan(SCHEDULED_FUNCTION_LIMIT_MS);
    expect(resend.requests).toHaveLength(3);
    expect(await cut()).toHaveLength(1);
    await expectNoMailLost(60);
  });

  it('outage-alerts: a corte for 30,000 subscribers', async () => {
    await db().query(
      `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
       SELECT 'vecino' || i || '@correo.cl', ARRAY['coyhaique'], 'c' || i, 'u' || i, now() FROM generate_series(1, 30000) i`,
    );
    const [outage] = await db().query<{ id: string }>(
      `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
       VALUES ('programado', 'coyhaique', 'Centro', now() + interval '1 day', now() + interval '26 hours', 'publicado', now())
       RETURNING id`,
    );
    await db().query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published')`, [outage!.id]);
    provider(tooManyRequests(3));

    const { took, response } = await timed(outageAlerts);

    expect(took).toBeLessThan(SCHEDULED_FUNCTION_LIMIT_MS);
    // Queued until their time was up (30,000 take longer), then sent until the second request,
    // a batch of 100, was cut.
    const { mails } = (await response.json()) as { mails: number };
    expect(mails).toBeGreaterThanOrEqual(100);
    expect(mails).toBeLessThan(30_000);
    expect(resend.requests).toHaveLength(2);
    expect(await cut()).toHaveLength(100);
    await expectNoMailLost(mails);
  });

  it('cases-digest and denuncias-reminders: their mail behind a full outbox', async () => {
    await db().query(
      `INSERT INTO cases (kind, reference, status, citizen_name, citizen_email, locality, due_on)
       VALUES ('reclamo', 'REC-LATE2222', 'recibido', 'Rosa Vera', 'rosa@correo.cl', 'Coyhaique', '2020-01-02')`,
    );
    await db().query(
      `INSERT INTO denuncias (reference, relation, place, type, narrative, status, created_at)
       VALUES ('DEN-LATE2222', 'Trabajador', 'Plantas', 'Consultas', 'v1.sellado', 'recibida', now() - interval '30 days')`,
    );
    await fullOutbox(30);
    provider(slow);

    // The digest waits for 08:00 in Aysén; before then its run sends nothing and ends at once.
    for (const run of [denunciaReminders, casesDigest]) {
      const { took } = await timed(run);
      expect(took).toBeLessThan(SCHEDULED_FUNCTION_LIMIT_MS);
    }
    expect(resend.requests.length).toBeGreaterThanOrEqual(2);
    expect((await cut()).length).toBeGreaterThanOrEqual(1);
    await expectNoMailLost((await db().query('SELECT 1 FROM outbox')).length);
  });
});
