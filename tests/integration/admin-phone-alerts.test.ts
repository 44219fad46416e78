import { describe, expect, it } from 'vitest';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import { importAccounts } from '../../src/server/accounts-import.ts';
import { readIndicators } from '../../src/server/indicators/public.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { answerText } from '../../src/server/phone-alerts/inbound.ts';
import { STILL_WITHOUT_WATER_TOLERATED } from '../../src/shared/indicators/texts.ts';
import { auditRows } from '../helpers/admin.ts';
import { NOTICE_NOW, useNoticeFunction } from '../helpers/notices.ts';
import { plannedOutage } from '../helpers/submissions.ts';

/**
 * The alerts by phone, staff's side: an outage's audience and its notices' messages by channel,
 * the SIGO SIN AGUA replies answered, and /indicadores' 12-hour rule that waits for them.
 */
const { db, call, create, published } = useNoticeFunction(adminOutages, {
  collection: '/api/admin/outages',
  answer: 'outage',
  draft: plannedOutage,
  tables: [
    'outage_water_reports',
    'outage_alerts',
    'outage_notices',
    'outages',
    'outage_subscriptions',
    'outbox',
    'phone_opt_outs',
    'phone_inbound',
    'accounts',
  ],
  reset: (db) => db.query('UPDATE phone_alert_settings SET billing_phones = false'),
});

const detail = async (id: string) => (await call('GET', `/api/admin/outages/${id}`)).body.data.outage;

async function subscribers() {
  await db().query(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ('a@correo.cl', $1, 'c1', 'u1', now()), ('b@correo.cl', $1, 'c2', 'u2', NULL)`,
    [[plannedOutage.town]],
  );
  await db().query(
    `INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at) VALUES
       ('+56911111111', 'sms', $1, now()), ('+56922222222', 'sms', $1, now()),
       ('+56933333333', 'whatsapp', $1, now()), ('+56672210000', 'voz', $1, now()),
       ('+56944444444', 'sms', '{cochrane}', now())`,
    [[plannedOutage.town]],
  );
}

describe('an outage’s alerts, for staff', () => {
  it('before publishing, counts the confirmed subscribers of its town by channel', async () => {
    await subscribers();
    const outage = await detail(await create());
    expect(outage.alerts).toEqual({ audience: { email: 1, sms: 2, whatsapp: 1, voz: 1 }, notices: [] });
  });

  it('after, counts each notice’s messages by channel and outcome', async () => {
    const id = await published();
    const [notice] = await db().query<{ id: string }>('SELECT id::text FROM outage_notices WHERE outage_id = $1', [id]);
    const reference = `COR-${notice!.id}`;
    await db().query(
      `INSERT INTO outbox (reference, recipient, subject, body, context, channel, status, provider_status) VALUES
         ($1, 'a@correo.cl', 'Corte', 'Texto', 'dev', 'email', 'sent', NULL),
         ($1, '+56911111111', 'Corte', 'Texto', 'dev', 'sms', 'sent', 'delivered'),
         ($1, '+56922222222', 'Corte', 'Texto', 'dev', 'sms', 'sent', 'undelivered'),
         ($1, '+56933333333', 'Corte', 'Texto', 'dev', 'whatsapp', 'pending', NULL)`,
      [reference],
    );
    expect((await detail(id)).alerts.notices).toEqual([
      {
        kind: 'published',
        createdAt: expect.any(String),
        channels: {
          email: { queued: 0, sent: 1, delivered: 0, failed: 0 },
          sms: { queued: 0, sent: 2, delivered: 1, failed: 1 },
          whatsapp: { queued: 1, sent: 0, delivered: 0, failed: 0 },
        },
      },
    ]);
  });
});

/** A restored outage of `hours` with `replies` SIGO SIN AGUA replies; answers its id. */
async function restored(hours: number, replies: number) {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at, supply_stopped_at, supply_restored_at)
     VALUES ('emergencia', 'cochrane', 'Centro', $2::timestamptz - interval '2 days', $2::timestamptz - interval '1 day',
       'restablecido', $2::timestamptz - interval '2 days', $2::timestamptz - interval '2 days',
       $2::timestamptz - interval '2 days' + $1 * interval '1 hour')
     RETURNING id::text`,
    [hours, NOTICE_NOW],
  );
  await db().query(
    `INSERT INTO outage_water_reports (outage_id, phone_hash, town) SELECT $1, 'h' || i, 'cochrane' FROM generate_series(1, $2) AS i`,
    [row!.id, replies],
  );
  return row!.id;
}

const cochrane = async () =>
  (await readIndicators(db(), new Date(NOTICE_NOW))).towns.find(({ town }) => town === 'cochrane')!.durations
    .restoredWithin12Hours;

describe('SIGO SIN AGUA, answered', () => {
  it(`keeps a corte out of "restored within 12 hours" while more than ${STILL_WITHOUT_WATER_TOLERATED} replies wait; answered, it counts`, async () => {
    const many = await restored(3, STILL_WITHOUT_WATER_TOLERATED + 1);
    await restored(4, STILL_WITHOUT_WATER_TOLERATED);
    expect(await cochrane()).toEqual({ count: 1, of: 2 });

    const { status, body } = await call('PUT', `/api/admin/outages/${many}/water-reports`, {});
    expect(status).toBe(200);
    expect(body.data.outage).toMatchObject({
      stillWithoutWater: STILL_WITHOUT_WATER_TOLERATED + 1,
      stillWithoutWaterUnanswered: 0,
    });
    expect(await cochrane()).toEqual({ count: 2, of: 2 });
    // One audit row for the corte, however many replies.
    expect(await auditRows(db())).toEqual([
      expect.objectContaining({
        action: 'update',
        entity: 'outage',
        entity_id: many,
        summary: `Respuestas SIGO SIN AGUA atendidas: ${STILL_WITHOUT_WATER_TOLERATED + 1}`,
      }),
    ]);
    // Nothing left to answer: no change, no audit row.
    expect((await call('PUT', `/api/admin/outages/${many}/water-reports`, {})).status).toBe(200);
    expect(await auditRows(db())).toHaveLength(1);
  });

  it('answers 404 for an outage that is not there', async () => {
    expect((await call('PUT', '/api/admin/outages/999999/water-reports', {})).status).toBe(404);
    expect((await call('PUT', '/api/admin/outages/abc/water-reports', {})).status).toBe(404);
  });
});

/** Services of the billing export with their contact phones and towns. */
async function billingExport() {
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address, locality, contact_phone) VALUES
       ('100001', 0, 'Calle 1', 'coyhaique', '+56911111111'),
       ('100002', 0, 'Calle 2', 'cochrane', '+56911111111'),
       ('100003', 0, 'Calle 3', 'coyhaique', '+56672210000'),
       ('100004', 0, 'Calle 4', 'coyhaique', '+56955555555'),
       ('100005', 0, 'Calle 5', NULL, '+56966666666'),
       ('100006', 0, 'Calle 6', 'coyhaique', '+56226666666')`,
  );
  // This one chose for itself, by WhatsApp, for another town.
  await db().query(
    `INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at, source)
     VALUES ('+56955555555', 'whatsapp', '{balmaceda}', now(), 'web')`,
  );
}

const subscriptions = () => db().query('SELECT phone, channel, towns, source FROM outage_subscriptions ORDER BY phone');

describe('the billing export’s phones', () => {
  it('on, get their services’ towns (a landline a call), never over a phone’s own choice; off, only they go', async () => {
    await billingExport();
    expect((await call('GET', '/api/admin/outages/phone-alerts')).body.data.settings).toEqual({
      billingPhones: false,
      billingSubscribers: 0,
    });
    const on = await call('PUT', '/api/admin/outages/phone-alerts', { billingPhones: true });
    expect(on.body.data.settings).toEqual({ billingPhones: true, billingSubscribers: 2 });
    expect(await subscriptions()).toEqual([
      { phone: '+56672210000', channel: 'voz', towns: ['coyhaique'], source: 'billing' },
      { phone: '+56911111111', channel: 'sms', towns: ['cochrane', 'coyhaique'], source: 'billing' },
      { phone: '+56955555555', channel: 'whatsapp', towns: ['balmaceda'], source: 'web' },
    ]);
    expect((await auditRows(db())).map(({ summary }) => summary)).toEqual([
      'Avisos por teléfono a los teléfonos de la facturación: activados',
    ]);

    const off = await call('PUT', '/api/admin/outages/phone-alerts', { billingPhones: false });
    expect(off.body.data.settings).toEqual({ billingPhones: false, billingSubscribers: 0 });
    expect(await subscriptions()).toEqual([
      { phone: '+56955555555', channel: 'whatsapp', towns: ['balmaceda'], source: 'web' },
    ]);
  });

  it('say in their first alert how to stop them; BAJA keeps them out of every later import', async () => {
    await billingExport();
    await call('PUT', '/api/admin/outages/phone-alerts', { billingPhones: true });
    const texts = async () =>
      (
        await db().query<{ body: string }>(
          `SELECT body FROM outbox WHERE recipient = '+56911111111' AND channel = 'sms' ORDER BY id`,
        )
      ).map(({ body }) => body);
    await published();
    await queueOutageAlerts(db(), 'https://www.example.cl');
    await published();
    await queueOutageAlerts(db(), 'https://www.example.cl');
    const [first, second] = await texts();
    expect(first).toMatch(
      /^Corte de agua programado en Coyhaique, 05-03 09:00 a 05-03 18:00\. Sectores: .* Responda BAJA para no recibir mas avisos\. https:\/\//,
    );
    expect(second).not.toContain('BAJA');

    await answerText(db(), { messageSid: `SM${'7'.repeat(32)}`, from: '+56911111111', body: 'BAJA' });
    await importAccounts(
      db(),
      [
        {
          service_number: '100001',
          balance: 0,
          install_address: 'Calle 1',
          expiration_date: null,
          doc_url: null,
          locality: 'coyhaique',
          contact_phone: '+56911111111',
        },
      ],
      { exportedAt: '2026-03-02T09:00', actor: { id: null, email: 'importador' }, rejectedLines: 0 },
    );
    expect(await db().query(`SELECT 1 FROM outage_subscriptions WHERE phone = '+56911111111'`)).toEqual([]);
  });
});
