import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import subscriptions, { config } from '../../netlify/functions/outage-alerts-subscriptions.ts';
import { config as alertsConfig } from '../../netlify/functions/outage-alerts.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { applyRetention } from '../../src/server/retention.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { fieldMessages } from '../../src/shared/fields.ts';
import { messages } from '../../src/shared/messages.ts';
import { outageAlertMessages } from '../../src/shared/outage-alerts/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';
import { callSubscriptions, oneBatchRun, runScheduledAlerts } from '../helpers/outage-alerts.ts';

/** E-mail alerts of cortes: double opt-in, single-purpose tokens, alerts once each. */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'http://localhost';

beforeEach(async () => {
  for (const table of [
    'outage_alerts',
    'outage_notices',
    'outage_subscriptions',
    'outages',
    'outbox',
    'mail_acknowledgements',
  ])
    await db().query(`DELETE FROM ${table}`);
});

const subscribe = (email: string, towns: string[]) => callSubscriptions('/api/cortes/alertas', { email, towns });

/** The links of the last confirmation mail to `email`: its tokens. */
async function mailedTokens(email: string) {
  const [mail] = await db().query<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = $1 AND reference LIKE 'ALE-%' ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const token = (path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail!.body)![1]!;
  return { confirm: token('/cortes/alertas/confirmar'), unsubscribe: token('/cortes/alertas/baja') };
}

/** Subscribes and confirms `email`; answers its tokens. */
async function confirmedSubscriber(email: string, towns: string[]) {
  await subscribe(email, towns);
  const tokens = await mailedTokens(email);
  expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: tokens.confirm })).status).toBe(200);
  return tokens;
}

/** A published outage in `town` and its notice; answers the notice's id. */
async function notice(town: string, kind: 'published' | 'update' = 'published', update?: string) {
  const [outage] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
     VALUES ('programado', $1, 'Villa Los Ñires', '2026-12-03T12:00:00Z', '2026-12-03T20:00:00Z', 'publicado', now())
     RETURNING id::text AS id`,
    [town],
  );
  const [written] = update
    ? await db().query<{ id: string }>(`INSERT INTO outage_updates (outage_id, body) VALUES ($1, $2) RETURNING id`, [
        outage!.id,
        update,
      ])
    : [];
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO outage_notices (outage_id, kind, update_id) VALUES ($1, $2, $3) RETURNING id::text AS id`,
    [outage!.id, kind, written?.id ?? null],
  );
  return row!.id;
}

const alertMails = () =>
  db().query<{ reference: string; recipient: string; subject: string; body: string }>(
    `SELECT reference, recipient, subject, body FROM outbox WHERE reference LIKE 'COR-%' ORDER BY id`,
  );

describe('POST /api/cortes/alertas', () => {
  it('stores the subscription unconfirmed, only its tokens hashes, and mails the confirmation link', async () => {
    const { status, body } = await subscribe('Rosa.Vera@correo.cl', ['coyhaique', 'balmaceda']);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: outageAlertMessages.subscribed });

    const [row] = await db().query<Record<string, unknown>>(`SELECT * FROM outage_subscriptions`);
    expect(row).toMatchObject({ email: 'Rosa.Vera@correo.cl', towns: ['coyhaique', 'balmaceda'], confirmed_at: null });
    const { confirm, unsubscribe } = await mailedTokens('Rosa.Vera@correo.cl');
    // 32 random bytes in base64url, a fresh one per purpose.
    expect(confirm).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribe).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(confirm).not.toBe(unsubscribe);
    const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(row!.confirm_token_hash).toBe(sha256(confirm));
    expect(row!.unsubscribe_token_hash).toBe(sha256(unsubscribe));
    expect(JSON.stringify(await db().query(`SELECT * FROM outage_subscriptions`))).not.toContain(confirm);

    const [mail] = await db().query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox`);
    expect(mail!.subject).toBe('Confirme su suscripción a los avisos de cortes y avisos sanitarios');
    expect(mail!.body).toContain(
      'los cortes de agua y los avisos sanitarios y de servicio (hervir el agua, restricciones de uso y otros) de Coyhaique, Balmaceda',
    );
    expect(mail!.body).toContain(`${ORIGIN}/cortes/alertas/confirmar?token=${confirm}`);
  });

  it('mails one address at most 3 confirmation links a day: a stranger cannot flood a mailbox from the utility', async () => {
    for (let request = 0; request < 4; request++)
      expect((await subscribe('rosa@correo.cl', ['coyhaique'])).status).toBe(200);
    expect(await db().query(`SELECT 1 FROM outbox WHERE recipient = 'rosa@correo.cl'`)).toHaveLength(3);
  });

  it('gives every subscription its own tokens', async () => {
    await subscribe('a@correo.cl', ['coyhaique']);
    await subscribe('b@correo.cl', ['coyhaique']);
    const [a, b] = [await mailedTokens('a@correo.cl'), await mailedTokens('b@correo.cl')];
    expect(new Set([a.confirm, a.unsubscribe, b.confirm, b.unsubscribe]).size).toBe(4);
  });

  it('an unconfirmed e-mail requested again takes the new towns and tokens: only the last mail confirms', async () => {
    await subscribe('rosa@correo.cl', ['coyhaique']);
    const old = await mailedTokens('rosa@correo.cl');
    const again = await subscribe('ROSA@correo.cl', ['cochrane']);
    expect(again).toEqual({ status: 200, body: { success: true, message: outageAlertMessages.subscribed } });

    const rows = await db().query<{ towns: string[]; confirmed_at: unknown }>(`SELECT * FROM outage_subscriptions`);
    expect(rows).toMatchObject([{ towns: ['cochrane'], confirmed_at: null, change_towns: null }]);
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: old.confirm })).status).toBe(404);
    const fresh = await mailedTokens('ROSA@correo.cl');
    expect(
      (await callSubscriptions('/api/cortes/alertas/confirmar', { token: fresh.confirm })).body.data.towns,
    ).toEqual(['Cochrane']);
  });

  it("a stranger's request with a confirmed subscriber's e-mail changes nothing until its own link is confirmed", async () => {
    const victim = await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    const [before] = await db().query(`SELECT * FROM outage_subscriptions`);
    // The same answer as for anyone: nothing tells the stranger the e-mail was subscribed.
    expect(await subscribe('ROSA@correo.cl', ['cochrane'])).toEqual({
      status: 200,
      body: { success: true, message: outageAlertMessages.subscribed },
    });
    const [after] = await db().query<Record<string, unknown>>(`SELECT * FROM outage_subscriptions`);
    const kept = ['id', 'email', 'towns', 'confirm_token_hash', 'unsubscribe_token_hash', 'confirmed_at', 'created_at'];
    for (const column of kept) expect(after![column]).toEqual((before as Record<string, unknown>)[column]);
    expect(after).toMatchObject({ change_towns: ['cochrane'], change_requested_at: expect.any(Date) });

    // Its alerts still go out, and its own links still work.
    await notice('coyhaique');
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 1, phones: 0, notices: 1 });
    expect(await alertMails()).toMatchObject([{ recipient: 'rosa@correo.cl' }]);
    expect(
      (await callSubscriptions('/api/cortes/alertas/confirmar', { token: victim.confirm })).body.data.towns,
    ).toEqual(['Coyhaique']);

    // The owner reads the change's mail: it says nothing changes until confirmed, and its link applies it.
    const change = await mailedTokens('ROSA@correo.cl');
    const [mail] = await db().query<{ body: string }>(`SELECT body FROM outbox WHERE recipient = 'ROSA@correo.cl'`);
    expect(mail!.body).toContain('Si esta dirección ya recibe nuestros avisos, nada cambia hasta que confirme');
    expect(await callSubscriptions('/api/cortes/alertas/confirmar', { token: change.confirm })).toEqual({
      status: 200,
      body: { success: true, message: outageAlertMessages.confirmed, data: { towns: ['Cochrane'] } },
    });
    expect(
      await db().query(
        `SELECT email, towns, confirmed_at IS NOT NULL AS confirmed, change_towns FROM outage_subscriptions`,
      ),
    ).toEqual([{ email: 'rosa@correo.cl', towns: ['cochrane'], confirmed: true, change_towns: null }]);
    // Applied once; the subscription's own unsubscribe link still works after it.
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: change.confirm })).status).toBe(404);
    expect((await callSubscriptions('/api/cortes/alertas/baja', { token: victim.unsubscribe })).status).toBe(200);
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toEqual([]);
  });

  it("a change's delete link deletes only the change; a later request replaces an earlier change", async () => {
    const owner = await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await subscribe('rosa@correo.cl', ['cochrane']);
    const first = await mailedTokens('rosa@correo.cl');
    await subscribe('rosa@correo.cl', ['balmaceda']);
    const second = await mailedTokens('rosa@correo.cl');
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: first.confirm })).status).toBe(404);
    expect((await callSubscriptions('/api/cortes/alertas/baja', { token: first.unsubscribe })).status).toBe(404);

    expect(await callSubscriptions('/api/cortes/alertas/baja', { token: second.unsubscribe })).toEqual({
      status: 200,
      body: { success: true, message: outageAlertMessages.discarded },
    });
    expect(
      await db().query(`SELECT towns, confirmed_at IS NOT NULL AS confirmed, change_towns FROM outage_subscriptions`),
    ).toEqual([{ towns: ['coyhaique'], confirmed: true, change_towns: null }]);
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: second.confirm })).status).toBe(404);
    expect((await callSubscriptions('/api/cortes/alertas/baja', { token: owner.unsubscribe })).status).toBe(200);
  });

  describe.each([
    ['no e-mail', { towns: ['coyhaique'] }, { email: fieldMessages.requiredEmail }],
    ['an invalid e-mail', { email: 'rosa@', towns: ['coyhaique'] }, { email: fieldMessages.invalidEmail }],
    ['no towns', { email: 'rosa@correo.cl', towns: [] }, { towns: outageAlertMessages.towns }],
    ['towns missing', { email: 'rosa@correo.cl' }, { towns: outageAlertMessages.towns }],
    [
      'a town not in the list',
      { email: 'rosa@correo.cl', towns: ['coyhaique', 'santiago'] },
      { towns: outageAlertMessages.unknownTown },
    ],
    [
      'a malformed town',
      { email: 'rosa@correo.cl', towns: ['Coyhaique!'] },
      { towns: outageAlertMessages.unknownTown },
    ],
  ])('refuses %s', (_, input, errors) => {
    it('with 400, the field messages, and stores, mails and counts nothing', async () => {
      const { status, body } = await callSubscriptions('/api/cortes/alertas', input);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: messages.invalidForm, errors });
      expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toEqual([]);
      expect(await db().query(`SELECT 1 FROM outbox`)).toEqual([]);
      // The address's daily share of confirmations is not spent either (acknowledgements.ts).
      expect(await db().query(`SELECT 1 FROM mail_acknowledgements`)).toEqual([]);
    });
  });

  // The towns are in the page's HTML (outages-page): this API only takes subscriptions.
  it('takes only POST, and is rate-limited', async () => {
    const response = await subscriptions(new Request(`${ORIGIN}/api/cortes/alertas`), testContext().context);
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(config.rateLimit).toMatchObject({ windowSize: 60, windowLimit: 10 });
  });
});

describe('confirming and unsubscribing', () => {
  it('confirms only with the confirmation token, on a POST', async () => {
    await subscribe('rosa@correo.cl', ['coyhaique', 'puerto-aysen']);
    const { confirm, unsubscribe } = await mailedTokens('rosa@correo.cl');

    // A mail scanner's GET confirms nothing.
    const get = await subscriptions(
      new Request(`${ORIGIN}/api/cortes/alertas/confirmar?token=${confirm}`),
      testContext().context,
    );
    expect(get.status).toBe(405);
    expect(await callSubscriptions('/api/cortes/alertas/confirmar', { token: unsubscribe })).toMatchObject({
      status: 404,
      body: { error: outageAlertMessages.invalidLink },
    });
    expect((await db().query(`SELECT confirmed_at FROM outage_subscriptions`))[0]).toEqual({ confirmed_at: null });

    const confirmed = await callSubscriptions('/api/cortes/alertas/confirmar', { token: confirm });
    expect(confirmed).toEqual({
      status: 200,
      body: { success: true, message: outageAlertMessages.confirmed, data: { towns: ['Coyhaique', 'Puerto Aysén'] } },
    });
    // Again: still confirmed, same answer.
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: confirm })).status).toBe(200);
  });

  it('unsubscribes only with an unsubscribe token, deleting the subscription', async () => {
    const { confirm, unsubscribe } = await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    expect((await callSubscriptions('/api/cortes/alertas/baja', { token: confirm })).status).toBe(404);
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toHaveLength(1);

    expect(await callSubscriptions('/api/cortes/alertas/baja', { token: unsubscribe })).toEqual({
      status: 200,
      body: { success: true, message: outageAlertMessages.unsubscribed },
    });
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toEqual([]);
    expect(await callSubscriptions('/api/cortes/alertas/baja', { token: unsubscribe })).toMatchObject({
      status: 404,
      body: { error: outageAlertMessages.unsubscribeUnknown },
    });
  });

  it.each([
    ['a guessed token', 'A'.repeat(43)],
    ['a short token', 'abc'],
    ['no token', undefined],
  ])('refuses %s', async (_, token) => {
    await subscribe('rosa@correo.cl', ['coyhaique']);
    for (const action of ['confirmar', 'baja']) {
      const { status } = await callSubscriptions(`/api/cortes/alertas/${action}`, { token });
      expect(status).toBe(token === 'A'.repeat(43) ? 404 : 400);
    }
    expect(await db().query(`SELECT confirmed_at FROM outage_subscriptions`)).toEqual([{ confirmed_at: null }]);
  });

  it('does not confirm once the confirmation period has passed, and the clean-up deletes it then', async () => {
    await subscribe('late@correo.cl', ['coyhaique']);
    await subscribe('inside@correo.cl', ['coyhaique']);
    const late = await mailedTokens('late@correo.cl');
    await db().query(
      `UPDATE outage_subscriptions SET created_at = now() - interval '7 days 1 minute' WHERE email = 'late@correo.cl'`,
    );
    await db().query(
      `UPDATE outage_subscriptions SET created_at = now() - interval '7 days' + interval '1 minute' WHERE email = 'inside@correo.cl'`,
    );
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: late.confirm })).status).toBe(404);

    expect(await applyRetention(db(), uploadStore())).toMatchObject({ unconfirmedOutageAlerts: 1 });
    expect(await db().query(`SELECT email FROM outage_subscriptions`)).toEqual([{ email: 'inside@correo.cl' }]);
  });

  it('a change never confirmed expires like a subscription: its link stops working, the clean-up clears it, the subscription stays', async () => {
    await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await subscribe('rosa@correo.cl', ['cochrane']);
    const change = await mailedTokens('rosa@correo.cl');
    await db().query(
      `UPDATE outage_subscriptions SET change_requested_at = now() - interval '7 days' + interval '1 minute'`,
    );
    expect(await applyRetention(db(), uploadStore())).toMatchObject({ unconfirmedOutageAlerts: 0 });
    await db().query(`UPDATE outage_subscriptions SET change_requested_at = now() - interval '7 days 1 minute'`);
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token: change.confirm })).status).toBe(404);

    expect(await applyRetention(db(), uploadStore())).toMatchObject({ unconfirmedOutageAlerts: 1 });
    expect(
      await db().query(
        `SELECT towns, confirmed_at IS NOT NULL AS confirmed, change_towns, change_token_hash, change_discard_token_hash, change_requested_at FROM outage_subscriptions`,
      ),
    ).toEqual([
      {
        towns: ['coyhaique'],
        confirmed: true,
        change_towns: null,
        change_token_hash: null,
        change_discard_token_hash: null,
        change_requested_at: null,
      },
    ]);
  });

  it('never deletes a confirmed subscription, however old', async () => {
    await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await db().query(`UPDATE outage_subscriptions SET created_at = now() - interval '5 years'`);
    expect(await applyRetention(db(), uploadStore())).toMatchObject({ unconfirmedOutageAlerts: 0 });
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toHaveLength(1);
  });
});

describe('the alerts', () => {
  it('mail each confirmed subscriber of the town once per notice, never the unconfirmed or other towns', async () => {
    await confirmedSubscriber('rosa@correo.cl', ['coyhaique', 'cochrane']);
    await confirmedSubscriber('juan@correo.cl', ['cochrane']);
    await subscribe('pending@correo.cl', ['coyhaique']);
    const published = await notice('coyhaique');

    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 1, phones: 0, notices: 1 });
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 0, phones: 0, notices: 0 });
    const [mail, ...others] = await alertMails();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      reference: `COR-${published}`,
      recipient: 'rosa@correo.cl',
      subject: 'Corte de agua programado en Coyhaique',
    });
    for (const line of [
      'Localidad: Coyhaique',
      'Tipo: Programado',
      'Sectores afectados: Villa Los Ñires',
      'Inicio: jueves, 3 de diciembre de 2026, 09:00',
      'Reposición estimada: jueves, 3 de diciembre de 2026, 17:00',
      'Estado: Publicado',
      `${ORIGIN}/cortes`,
    ])
      expect(mail!.body).toContain(line);
    expect((await db().query(`SELECT done_at FROM outage_notices`))[0]).not.toEqual({ done_at: null });
  });

  it("carry an update's text, and an unsubscribe link of their own that works", async () => {
    await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await notice('coyhaique', 'update', 'La reposición se adelanta a las 15:00.');
    await queueOutageAlerts(db(), ORIGIN);
    const [mail] = await alertMails();
    expect(mail!.subject).toBe('Corte de agua programado en Coyhaique: actualización');
    expect(mail!.body).toContain('La reposición se adelanta a las 15:00.');
    const token = /\/cortes\/alertas\/baja\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
    expect(await mailedTokens('rosa@correo.cl')).not.toMatchObject({ unsubscribe: token });
    // Nor is it a confirmation token.
    expect((await callSubscriptions('/api/cortes/alertas/confirmar', { token })).status).toBe(404);
    expect((await callSubscriptions('/api/cortes/alertas/baja', { token })).status).toBe(200);
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toEqual([]);
  });

  it('carry a one-click unsubscription (RFC 8058) that a mail program POSTs, with the alert’s own token', async () => {
    await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await notice('coyhaique', 'published');
    await queueOutageAlerts(db(), ORIGIN);
    const [row] = await db().query<{ body: string; list_unsubscribe: string }>(
      `SELECT body, list_unsubscribe FROM outbox WHERE reference LIKE 'COR-%'`,
    );
    const token = /\/cortes\/alertas\/baja\?token=([A-Za-z0-9_-]{43})/.exec(row!.body)![1]!;
    expect(row!.list_unsubscribe).toBe(`${ORIGIN}/api/cortes/alertas/baja?token=${token}`);
    const oneClick = (body: BodyInit, type?: string) => {
      const { context } = testContext();
      return subscriptions(
        new Request(row!.list_unsubscribe, {
          method: 'POST',
          body,
          ...(type ? { headers: { 'content-type': type } } : {}),
        }),
        context,
      );
    };
    // What is not a one-click POST changes nothing.
    expect((await oneClick('List-Unsubscribe=Otro', 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await oneClick('List-Unsubscribe=One-Click', 'text/plain')).status).toBe(415);
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toHaveLength(1);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    // A multipart form, as RFC 8058 also allows: its own boundary in the content type.
    const response = await oneClick(form);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: outageAlertMessages.unsubscribed });
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toEqual([]);
    // Once used, the same POST finds nothing.
    expect((await oneClick('List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')).status).toBe(404);
  });

  it('go out in batches across runs, the oldest notice first, without duplicates', async () => {
    for (let i = 0; i < 5; i++) await confirmedSubscriber(`vecino${i}@correo.cl`, ['coyhaique']);
    const first = await notice('coyhaique');
    const second = await notice('coyhaique');
    const run = oneBatchRun(db(), ORIGIN);

    expect(await run()).toEqual({ mails: 2, phones: 0, notices: 0 });
    expect((await alertMails()).map((mail) => mail.reference)).toEqual([`COR-${first}`, `COR-${first}`]);
    for (let i = 0; i < 10; i++) await run();
    const mails = await alertMails();
    expect(mails).toHaveLength(10);
    const pairs = mails.map((mail) => `${mail.reference} ${mail.recipient}`);
    expect(new Set(pairs).size).toBe(10);
    expect(await db().query(`SELECT 1 FROM outage_notices WHERE done_at IS NULL`)).toEqual([]);
    expect(second).not.toBe(first);
  });

  it('mail nobody twice when runs overlap', async () => {
    for (let i = 0; i < 6; i++) await confirmedSubscriber(`vecino${i}@correo.cl`, ['coyhaique']);
    await notice('coyhaique');
    const results = await Promise.all([1, 2, 3].map(() => queueOutageAlerts(db(), ORIGIN, { batch: 4 })));
    expect(results.reduce((sum, { mails }) => sum + mails, 0)).toBe(6);
    expect(await alertMails()).toHaveLength(6);
    expect(await db().query(`SELECT 1 FROM outage_alerts`)).toHaveLength(6);
  });

  it('skip a subscriber who unsubscribed after being listed, and finish the notice', async () => {
    const { unsubscribe } = await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await notice('coyhaique');
    await callSubscriptions('/api/cortes/alertas/baja', { token: unsubscribe });
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 0, phones: 0, notices: 1 });
  });

  it('run every 2 minutes as a scheduled function, which delivers what it queued', async () => {
    expect(alertsConfig.schedule).toBe('*/2 * * * *');
    await confirmedSubscriber('rosa@correo.cl', ['coyhaique']);
    await notice('coyhaique');
    expect(await runScheduledAlerts('https://www.example.cl')).toEqual({ mails: 1, phones: 0, notices: 1 });
    const [mail] = await db().query<{ status: string; body: string }>(
      `SELECT status, body FROM outbox WHERE reference LIKE 'COR-%'`,
    );
    expect(mail).toMatchObject({ status: 'sent' });
    expect(mail!.body).toContain('https://www.example.cl/cortes');
  });
});
