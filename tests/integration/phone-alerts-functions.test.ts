import { beforeEach, describe, expect, it, vi } from 'vitest';
import phoneAlerts, { config as webhooksConfig } from '../../netlify/functions/phone-alerts.ts';
import { twilioSignature } from '../../scripts/lib/twilio-simulator.ts';
import { config } from '../../src/server/config.ts';
import { PHONE_SENDER_PATH } from '../../src/server/phone-alerts/send-queue.ts';
import { phoneAlertMessages } from '../../src/shared/outage-alerts/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';
import { callSubscriptions } from '../helpers/outage-alerts.ts';

/** The contracts of the alerts by phone: POST /api/cortes/alertas and /confirmar with a phone, and the provider's webhooks. */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'http://localhost';
const PHONE = '+56987654321';

beforeEach(async () => {
  for (const table of [
    'outage_subscriptions',
    'outbox',
    'mail_acknowledgements',
    'phone_inbound',
    'follow_up_failures',
  ])
    await db().query(`DELETE FROM ${table}`);
});

/** A webhook as the provider posts it to `path`, signed with the deploy's auth token unless `signed` is false. */
async function webhook(path: string, params: Record<string, string>, { signed = true, token = '' } = {}) {
  const url = `${ORIGIN}${path}`;
  const authToken = token || (await config.phone(ORIGIN)).authToken;
  const request = new Request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(signed ? { 'X-Twilio-Signature': twilioSignature(authToken, url, params) } : {}),
    },
    body: new URLSearchParams(params).toString(),
  });
  const response = await phoneAlerts(request, testContext().context);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

const inbound = (body: string, sid = 'SM' + '1'.repeat(32), options = {}) =>
  webhook(
    '/api/sms/entrante',
    { From: PHONE, To: '+15005550006', Body: body, MessageSid: sid, NumMedia: '0' },
    options,
  );

describe('POST /api/cortes/alertas with a phone', () => {
  it('normalises the number, stores it unconfirmed, queues its code and starts the sender of phones', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    expect(await callSubscriptions('/api/cortes/alertas', { phone: '9 8765 4321', towns: ['coyhaique'] })).toEqual({
      status: 200,
      body: { success: true, message: phoneAlertMessages.subscribed('sms') },
    });
    expect(await db().query('SELECT phone, channel, confirmed_at FROM outage_subscriptions')).toEqual([
      { phone: PHONE, channel: 'sms', confirmed_at: null },
    ]);
    expect(await db().query(`SELECT recipient, channel FROM outbox`)).toEqual([{ recipient: PHONE, channel: 'sms' }]);
    // The site's own calls (the blob store's, for the work markers, are not the site's).
    const siteCalls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => new URL(url).origin === ORIGIN);
    expect(siteCalls).toEqual([`${ORIGIN}${PHONE_SENDER_PATH}`]);
    fetch.mockRestore();
  });

  it.each([
    [{ phone: '12345', towns: ['coyhaique'] }, 'phone', phoneAlertMessages.phone],
    [{ phone: '+5622345678', towns: ['coyhaique'] }, 'phone', phoneAlertMessages.phone],
    [{ phone: '+56672210000', towns: ['coyhaique'], channel: 'sms' }, 'channel', phoneAlertMessages.landline],
    [{ phone: PHONE, towns: ['coyhaique'], channel: 'fax' }, 'channel', phoneAlertMessages.channel],
  ])('refuses %j with its field’s message', async (body, field, message) => {
    const { status, body: answer } = await callSubscriptions('/api/cortes/alertas', body);
    expect(status).toBe(400);
    expect(answer.errors).toMatchObject({ [field]: message });
    expect(await db().query('SELECT 1 FROM outage_subscriptions')).toEqual([]);
  });
});

describe('POST /api/cortes/alertas/confirmar with a phone', () => {
  it('confirms with the code sent, and refuses it a second time with 404', async () => {
    await callSubscriptions('/api/cortes/alertas', { phone: PHONE, towns: ['coyhaique'], channel: 'whatsapp' });
    const [{ body }] = (await db().query<{ body: string }>('SELECT body FROM outbox')) as [{ body: string }];
    const code = /\d{6}/.exec(body)![0];
    expect(await callSubscriptions('/api/cortes/alertas/confirmar', { phone: PHONE, code })).toEqual({
      status: 200,
      body: { success: true, message: phoneAlertMessages.confirmed('whatsapp'), data: { towns: ['Coyhaique'] } },
    });
    const again = await callSubscriptions('/api/cortes/alertas/confirmar', { phone: PHONE, code });
    expect(again).toMatchObject({ status: 404, body: { error: phoneAlertMessages.invalidCode } });
  });

  it('refuses a code that is not six digits with its field’s message', async () => {
    const { status, body } = await callSubscriptions('/api/cortes/alertas/confirmar', { phone: PHONE, code: '12a456' });
    expect(status).toBe(400);
    expect(body.errors).toMatchObject({ code: phoneAlertMessages.code });
  });
});

describe('POST /api/sms/entrante', () => {
  it('answers a signed text in TwiML, and a replay of it with an empty answer', async () => {
    const first = await inbound('CORTES COYHAIQUE');
    expect(first.status).toBe(200);
    expect(first.type).toBe('text/xml; charset=utf-8');
    expect(first.body).toMatch(
      /<Response><Message>Listo: le avisaremos por SMS .* Coyhaique\. .*<\/Message><\/Response>$/,
    );
    expect(await db().query('SELECT phone, confirmed_at IS NOT NULL AS confirmed FROM outage_subscriptions')).toEqual([
      { phone: PHONE, confirmed: true },
    ]);
    expect((await inbound('CORTES COYHAIQUE')).body).toMatch(/<Response><\/Response>$/);
  });

  it.each([
    ['unsigned', { signed: false }],
    ['signed with another token', { token: 'x'.repeat(32) }],
  ])('refuses a request %s with 403, doing nothing', async (_case, options) => {
    expect((await inbound('CORTES COYHAIQUE', 'SM' + '2'.repeat(32), options)).status).toBe(403);
    expect(await db().query('SELECT 1 FROM outage_subscriptions')).toEqual([]);
  });
});

describe('POST /api/sms/estado', () => {
  it('records a signed status on the row its address names; refuses an unsigned one', async () => {
    const [{ id }] = (await db().query<{ id: string }>(
      `INSERT INTO outbox (reference, recipient, subject, body, context, channel, status, provider_id)
       VALUES ('COR-1', $1, 'Corte', 'Texto', 'dev', 'sms', 'sent', $2) RETURNING id::text`,
      [PHONE, 'SM' + '3'.repeat(32)],
    )) as [{ id: string }];
    const params = { MessageSid: 'SM' + '3'.repeat(32), MessageStatus: 'delivered' };
    const path = `/api/sms/estado?ref=COR-1&id=${id}`;
    expect((await webhook(path, { ...params, MessageStatus: 'failed' }, { signed: false })).status).toBe(403);
    expect((await webhook(path, params)).status).toBe(204);
    expect(await db().query('SELECT provider_status FROM outbox')).toEqual([{ provider_status: 'delivered' }]);
  });

  it('serves both webhooks, each at its literal path', () => {
    expect(webhooksConfig.path).toEqual(['/api/sms/entrante', '/api/sms/estado']);
  });
});
