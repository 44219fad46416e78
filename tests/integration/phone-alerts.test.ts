import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DeliveryThrottledError } from '../../src/server/outbox/delivery-errors.ts';
import { deliverDuePhoneMessages, REQUEST_MS } from '../../src/server/outbox/outbox.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { confirmPhone, subscribePhone } from '../../src/server/outage-alerts/phone-subscriptions.ts';
import { answerText, phoneHash } from '../../src/server/phone-alerts/inbound.ts';
import type { PhoneMessage, PhoneSender } from '../../src/server/phone-alerts/phone-sender.ts';
import { drainPhoneQueue } from '../../src/server/phone-alerts/send-queue.ts';
import { recordStatus } from '../../src/server/phone-alerts/status.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { PHONE_CODES_PER_DAY, phoneAlertMessages } from '../../src/shared/outage-alerts/schema.ts';
import { fitsOneSegment } from '../../src/shared/phone-alerts/gsm7.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

/** Alerts by phone: the code, the texts to the utility's number, the fan-out and the phone lane of the outbox. */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.aguas-aysen.cl';
const PHONE = '+56987654321';
let address = 0;
/** A client address of its own per test: the code's throttle counts per client group. */
const client = () => `198.51.100.${(address = (address % 250) + 1)}`;

beforeEach(async () => {
  for (const table of [
    'outage_alerts',
    'outage_notices',
    'outage_water_reports',
    'outage_subscriptions',
    'outages',
    'outbox',
    'mail_acknowledgements',
    'phone_inbound',
    'follow_up_failures',
  ])
    await db().query(`DELETE FROM ${table}`);
  await db().query(`UPDATE phone_send_lease SET held_until = '-infinity'`);
  await db().query(`UPDATE provider_pace SET next_slot = '-infinity'`);
});

/** The code in the last message queued to `phone`. */
async function sentCode(phone = PHONE) {
  const [row] = await db().query<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = $1 AND reference LIKE 'ALE-%' ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  return /(\d(?:, )?){6}/.exec(row!.body)![0].replace(/, /g, '');
}

/** A corte in `town` whose notice of `kind` is pending; answers the outage's id. */
async function outageNotice(
  town: string,
  { kind = 'published', outageKind = 'programado', status = 'publicado' } = {} as {
    kind?: 'published' | 'closed';
    outageKind?: 'programado' | 'emergencia';
    status?: string;
  },
) {
  const [outage] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
     VALUES ($2, $1, 'Villa Los Ñires', '2026-12-03T12:00:00Z', '2026-12-03T20:00:00Z', $3, now()) RETURNING id::text AS id`,
    [town, outageKind, status],
  );
  await db().query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, $2)`, [outage!.id, kind]);
  return outage!.id;
}

const phoneRows = () =>
  db().query<{ recipient: string; channel: string; body: string; next_attempt_at: Date }>(
    `SELECT recipient, channel, body, next_attempt_at FROM outbox WHERE channel <> 'email' AND reference LIKE 'COR-%'
     ORDER BY array_position(ARRAY['sms', 'whatsapp', 'voz'], channel), id`,
  );

describe('a phone subscribed on the site', () => {
  it('is stored unconfirmed and sent a 6-digit code, kept only as its hash; the code confirms it once', async () => {
    await subscribePhone(db(), { phone: PHONE, towns: ['coyhaique'], channel: 'sms' });
    const code = await sentCode();
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db().query<Record<string, unknown>>('SELECT * FROM outage_subscriptions');
    expect(row).toMatchObject({ phone: PHONE, channel: 'sms', towns: ['coyhaique'], confirmed_at: null, email: null });
    expect(row!.code_hash).toBe(createHash('sha256').update(code).digest('hex'));
    const [message] = await db().query<{ body: string; channel: string }>('SELECT body, channel FROM outbox');
    expect(message!.channel).toBe('sms');
    expect(fitsOneSegment(message!.body)).toBe(true);

    const address = client();
    expect(await confirmPhone(db(), { phone: PHONE, code }, address)).toEqual({ channel: 'sms', towns: ['Coyhaique'] });
    await expect(confirmPhone(db(), { phone: PHONE, code }, address)).rejects.toThrow(phoneAlertMessages.invalidCode);
  });

  it('refuses a wrong code and an expired one, and waits after five wrong ones, even for the right code', async () => {
    await subscribePhone(db(), { phone: PHONE, towns: ['coyhaique'], channel: 'sms' });
    const code = await sentCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const address = client();
    for (let attempt = 0; attempt < 5; attempt++)
      await expect(confirmPhone(db(), { phone: PHONE, code: wrong }, address)).rejects.toThrow(
        phoneAlertMessages.invalidCode,
      );
    await expect(confirmPhone(db(), { phone: PHONE, code }, address)).rejects.toThrow(/Espere/);
    // The phone's own counter holds another client back as well.
    await expect(confirmPhone(db(), { phone: PHONE, code }, client())).rejects.toThrow(/Espere/);

    await db().query('DELETE FROM follow_up_failures');
    await db().query(`UPDATE outage_subscriptions SET code_expires_at = now() - interval '1 second'`);
    await expect(confirmPhone(db(), { phone: PHONE, code }, client())).rejects.toThrow(phoneAlertMessages.invalidCode);
  });

  it('a new request replaces the code: the earlier one no longer works', async () => {
    await subscribePhone(db(), { phone: PHONE, towns: ['coyhaique'], channel: 'sms' });
    const first = await sentCode();
    await subscribePhone(db(), { phone: PHONE, towns: ['cochrane'], channel: 'whatsapp' });
    const second = await sentCode();
    if (first !== second)
      await expect(confirmPhone(db(), { phone: PHONE, code: first }, client())).rejects.toThrow(
        phoneAlertMessages.invalidCode,
      );
    expect(await confirmPhone(db(), { phone: PHONE, code: second }, client())).toEqual({
      channel: 'whatsapp',
      towns: ['Cochrane'],
    });
  });

  it("a stranger's request for a confirmed phone changes nothing until the phone's own code confirms it", async () => {
    await subscribePhone(db(), { phone: PHONE, towns: ['coyhaique'], channel: 'sms' });
    await confirmPhone(db(), { phone: PHONE, code: await sentCode() }, client());
    await subscribePhone(db(), { phone: PHONE, towns: ['cochrane'], channel: 'voz' });
    expect(await db().query('SELECT towns, channel, change_towns, change_channel FROM outage_subscriptions')).toEqual([
      { towns: ['coyhaique'], channel: 'sms', change_towns: ['cochrane'], change_channel: 'voz' },
    ]);
    expect(await confirmPhone(db(), { phone: PHONE, code: await sentCode() }, client())).toEqual({
      channel: 'voz',
      towns: ['Cochrane'],
    });
  });

  it(`is sent at most ${PHONE_CODES_PER_DAY} codes a day: nobody can pester a phone from the utility's number`, async () => {
    for (let request = 0; request < PHONE_CODES_PER_DAY + 2; request++)
      await subscribePhone(db(), { phone: PHONE, towns: ['coyhaique'], channel: 'sms' });
    expect(await db().query('SELECT 1 FROM outbox WHERE recipient = $1', [PHONE])).toHaveLength(PHONE_CODES_PER_DAY);
  });

  it('a landline is called: its code is read digit by digit', async () => {
    await subscribePhone(db(), { phone: '+56672210000', towns: ['coyhaique'], channel: 'voz' });
    const [message] = await db().query<{ body: string; channel: string }>('SELECT body, channel FROM outbox');
    expect(message!.channel).toBe('voz');
    expect(message!.body).toMatch(/código .* es: \d, \d, \d, \d, \d, \d\./);
  });

  it('refuses a town that is not one of ours, storing and sending nothing', async () => {
    await expect(subscribePhone(db(), { phone: PHONE, towns: ['atlantida'], channel: 'sms' })).rejects.toThrow();
    expect(await db().query('SELECT 1 FROM outage_subscriptions')).toEqual([]);
    expect(await db().query('SELECT 1 FROM outbox')).toEqual([]);
  });
});

let sid = 0;
const text = (body: string, from = PHONE) =>
  answerText(db(), { messageSid: `SM${String(++sid).padStart(32, '0')}`, from, body });

describe('a text to the utility number', () => {
  it('CORTES <LOCALIDAD> subscribes the phone, confirmed by the text; a second town is added', async () => {
    expect(await text('cortes coyhaique')).toMatch(/^Listo: le avisaremos por SMS .* de Coyhaique\. .*BAJA\.$/);
    expect(await text('Cortes Puerto Aysen')).toContain('de Puerto Aysén.');
    expect(await db().query('SELECT phone, channel, towns, source FROM outage_subscriptions')).toMatchObject([
      { phone: PHONE, channel: 'sms', towns: ['coyhaique', 'puerto-aysen'], source: 'sms' },
    ]);
    const [row] = await db().query<{ confirmed_at: Date | null }>('SELECT confirmed_at FROM outage_subscriptions');
    expect(row!.confirmed_at).toBeInstanceOf(Date);
  });

  it('from WhatsApp subscribes by WhatsApp; an unknown town is named back', async () => {
    await text('CORTES COCHRANE', `whatsapp:${PHONE}`);
    expect(await db().query('SELECT channel FROM outage_subscriptions')).toEqual([{ channel: 'whatsapp' }]);
    expect(await text('CORTES ATLANTIDA')).toMatch(/^No encontramos la localidad ATLANTIDA/);
  });

  it('BAJA deletes the subscription; AYUDA and anything else answer what the number does', async () => {
    await text('CORTES COYHAIQUE');
    expect(await text('baja')).toMatch(/^Listo: este numero no recibira mas avisos/);
    expect(await db().query('SELECT 1 FROM outage_subscriptions')).toEqual([]);
    const help = await text('AYUDA');
    expect(help).toContain('CORTES y su localidad');
    expect(await text('hola, ¿cuándo vuelve el agua?')).toBe(help);
    for (const reply of [help]) expect(fitsOneSegment(reply!)).toBe(true);
  });

  it('a text posted again (a replay) is answered nothing and does nothing', async () => {
    const messageSid = 'SM' + 'a'.repeat(32);
    expect(await answerText(db(), { messageSid, from: PHONE, body: 'CORTES COYHAIQUE' })).toMatch(/^Listo/);
    await db().query('DELETE FROM outage_subscriptions');
    expect(await answerText(db(), { messageSid, from: PHONE, body: 'CORTES COYHAIQUE' })).toBeUndefined();
    expect(await db().query('SELECT 1 FROM outage_subscriptions')).toEqual([]);
  });

  it('SIGO SIN AGUA after a restoration is counted once for that corte, with the town; before it, it is not', async () => {
    await text('CORTES COYHAIQUE');
    expect(await text('SIGO SIN AGUA')).toMatch(/^No encontramos un corte terminado/);
    const outage = await outageNotice('coyhaique', { kind: 'closed', status: 'restablecido' });
    await queueOutageAlerts(db(), ORIGIN);
    expect(await text('sigo sin agua!!')).toMatch(/^Gracias: registramos que sigue sin agua en Coyhaique/);
    expect(await text('Todavía sin agua')).toMatch(/^Gracias/);
    expect(await db().query('SELECT outage_id::text, phone_hash, town, answered_at FROM outage_water_reports')).toEqual(
      [{ outage_id: outage, phone_hash: await phoneHash(PHONE), town: 'coyhaique', answered_at: null }],
    );
    // The report stays when the phone leaves.
    await text('BAJA');
    expect(await db().query('SELECT 1 FROM outage_water_reports')).toHaveLength(1);
  });
});

describe('the fan-out to phones', () => {
  const confirmed = async (phone: string, channel: 'sms' | 'whatsapp' | 'voz', towns = ['coyhaique']) =>
    db().query(`INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at) VALUES ($1, $2, $3, now())`, [
      phone,
      channel,
      towns,
    ]);

  it('sends each phone its channel’s text in one GSM-7 segment with the corte’s address, once', async () => {
    await confirmed(PHONE, 'sms');
    await confirmed('+56911112222', 'whatsapp');
    await confirmed('+56672210000', 'voz');
    const outage = await outageNotice('coyhaique');
    const noon = () => new Date('2026-12-02T15:00:00Z');
    expect(await queueOutageAlerts(db(), ORIGIN, { now: noon })).toEqual({ mails: 0, phones: 3, notices: 1 });
    expect(await queueOutageAlerts(db(), ORIGIN, { now: noon })).toEqual({ mails: 0, phones: 0, notices: 0 });
    const rows = await phoneRows();
    expect(rows.map(({ channel }) => channel)).toEqual(['sms', 'whatsapp', 'voz']);
    for (const row of rows.slice(0, 2)) {
      expect(fitsOneSegment(row.body)).toBe(true);
      expect(row.body).toContain(`${ORIGIN}/cortes#corte-${outage}`);
      expect(row.body).toMatch(
        /^Corte de agua programado en Coyhaique, 03-12 09:00 a 03-12 17:00\. Sectores: Villa Los Ñires/,
      );
    }
    expect(rows[2]!.body).toContain('sección Cortes');
    expect(rows[2]!.body).not.toContain('http');
  });

  it('holds a programmed corte’s alert through the quiet hours until 08:00 in Aysén; an emergency goes at once', async () => {
    await confirmed(PHONE, 'sms');
    await outageNotice('coyhaique');
    // 23:30 in Aysén (UTC−3 all year).
    const night = new Date('2026-12-03T02:30:00Z');
    await queueOutageAlerts(db(), ORIGIN, { now: () => night });
    await outageNotice('coyhaique', { outageKind: 'emergencia' });
    await queueOutageAlerts(db(), ORIGIN, { now: () => night });
    const [programmed, emergency] = await phoneRows();
    expect(programmed!.next_attempt_at.toISOString()).toBe('2026-12-03T11:00:00.000Z');
    expect(emergency!.next_attempt_at.toISOString()).toBe(night.toISOString());
  });

  it('a restoration asks for SIGO SIN AGUA by text, and gives a landline the customer line instead', async () => {
    await confirmed(PHONE, 'sms');
    await confirmed('+56672210000', 'voz');
    await outageNotice('coyhaique', { kind: 'closed', status: 'restablecido' });
    await queueOutageAlerts(db(), ORIGIN);
    const [sms, call] = await phoneRows();
    expect(sms!.body).toMatch(/^Se repuso el agua en Coyhaique\. Si sigue sin agua, responda SIGO SIN AGUA\. https:/);
    expect(call!.body).toMatch(/^Se repuso el agua en Coyhaique\. Si sigue sin agua, llame al \+56/);
  });
});

/** A provider stand-in that records each message and answers as told. */
function phoneSender(answers: (() => never | void)[] = []) {
  const sent: PhoneMessage[] = [];
  const taken = new Map<string, string>();
  const sender: PhoneSender = {
    requestInterval: 0,
    async send(message) {
      answers.shift()?.();
      sent.push(message);
      const id = `SM${String(sent.length).padStart(32, '0')}`;
      taken.set(`${message.to} ${message.body}`, id);
      return { providerId: id };
    },
    async sentSince(message) {
      return taken.get(`${message.to} ${message.body}`);
    },
  };
  return { sender, sent, taken };
}

describe('the phone lane of the outbox', () => {
  const queueOne = async () => {
    await db().query(
      `INSERT INTO outbox (reference, recipient, subject, body, context, channel) VALUES ('COR-1', $1, 'Corte', 'Texto', 'dev', 'sms')`,
      [PHONE],
    );
  };
  const row = async () =>
    (
      await db().query<Record<string, unknown>>(
        'SELECT id::text, status, attempts, provider_id, provider_status, last_error FROM outbox',
      )
    )[0]!;

  it('sends a due message with a status callback naming its row, and records the provider’s id', async () => {
    await queueOne();
    const { sender, sent } = phoneSender();
    expect(await deliverDuePhoneMessages(db(), sender, ORIGIN)).toEqual({ sent: 1, failed: 0, throttled: 0 });
    const { id } = await row();
    expect(sent).toEqual([
      { to: PHONE, channel: 'sms', body: 'Texto', statusCallback: `${ORIGIN}/api/sms/estado?ref=COR-1&id=${id}` },
    ]);
    expect(await row()).toMatchObject({
      status: 'sent',
      provider_id: 'SM' + '1'.padStart(32, '0'),
      provider_status: 'queued',
    });
  });

  it('a 429 loses nothing and counts no attempt; a 5xx is tried again later', async () => {
    await queueOne();
    const { sender } = phoneSender([
      () => {
        throw new DeliveryThrottledError(1_000, 'Twilio 20429: Too Many Requests');
      },
    ]);
    expect(await deliverDuePhoneMessages(db(), sender, ORIGIN)).toEqual({ sent: 0, failed: 0, throttled: 1 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 0 });
    await db().query(`UPDATE outbox SET next_attempt_at = now(); UPDATE provider_pace SET next_slot = '-infinity'`);
    const failing = phoneSender([
      () => {
        throw new Error('Twilio 500');
      },
    ]);
    expect(await deliverDuePhoneMessages(db(), failing.sender, ORIGIN)).toEqual({ sent: 0, failed: 1, throttled: 0 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Twilio 500' });
    await db().query('UPDATE outbox SET next_attempt_at = now()');
    expect(await deliverDuePhoneMessages(db(), failing.sender, ORIGIN)).toEqual({ sent: 1, failed: 0, throttled: 0 });
    expect(failing.sent).toHaveLength(1);
  });

  it('an attempt cut after the provider took it is found, not sent twice', async () => {
    await queueOne();
    const { sender, sent, taken } = phoneSender();
    // The provider took it, and the answer was lost: the row is due again with an attempt counted.
    taken.set(`${PHONE} Texto`, 'SM' + 'b'.repeat(32));
    await db().query(`UPDATE outbox SET attempts = 1, last_error = 'aborted'`);
    expect(await deliverDuePhoneMessages(db(), sender, ORIGIN)).toEqual({ sent: 1, failed: 0, throttled: 0 });
    expect(sent).toEqual([]);
    expect(await row()).toMatchObject({ status: 'sent', provider_id: 'SM' + 'b'.repeat(32) });
  });

  it('records the status callbacks, moving forward only, on the row their address names', async () => {
    await queueOne();
    const { sender } = phoneSender();
    await deliverDuePhoneMessages(db(), sender, ORIGIN);
    const { id, provider_id } = (await row()) as { id: string; provider_id: string };
    expect(await recordStatus(db(), { id, providerId: provider_id, status: 'delivered' })).toBe(true);
    // A late "sent" does not undo "delivered".
    expect(await recordStatus(db(), { id, providerId: provider_id, status: 'sent' })).toBe(false);
    // Another message's id on this row is refused.
    expect(await recordStatus(db(), { id, providerId: 'SM' + 'f'.repeat(32), status: 'failed' })).toBe(false);
    expect(await row()).toMatchObject({ provider_status: 'delivered' });
  });

  it('a failed delivery keeps its error code for staff', async () => {
    await queueOne();
    const [{ id }] = (await db().query<{ id: string }>('SELECT id::text FROM outbox')) as [{ id: string }];
    // The callback came before the send's own answer was recorded.
    expect(
      await recordStatus(db(), { id, providerId: 'SM' + 'c'.repeat(32), status: 'undelivered', errorCode: '30003' }),
    ).toBe(true);
    expect(await row()).toMatchObject({
      provider_status: 'undelivered',
      last_error: 'Twilio: undelivered, error 30003',
    });
  });
});

describe('the background sender of the phones’ queue', () => {
  const queue = (count: number) =>
    db().query(
      `INSERT INTO outbox (reference, recipient, subject, body, context, channel)
       SELECT 'COR-9', '+5699' || lpad(i::text, 7, '0'), 'Corte', 'Texto ' || i, 'dev', 'sms' FROM generate_series(1, $1) AS i`,
      [count],
    );

  it('sends every due message in rounds, then lets the lease go', async () => {
    await queue(1_200);
    const { sender, sent } = phoneSender();
    expect(await drainPhoneQueue(db(), sender, ORIGIN, deadlineIn(60_000))).toEqual({
      kind: 'sent',
      sent: 1_200,
      failed: 0,
      throttled: 0,
      more: false,
    });
    expect(new Set(sent.map(({ to }) => to)).size).toBe(1_200);
    expect(await db().query(`SELECT held_until = '-infinity' AS free FROM phone_send_lease`)).toEqual([{ free: true }]);
  });

  it('does nothing while another run holds the lease', async () => {
    await queue(3);
    await db().query(`UPDATE phone_send_lease SET held_until = now() + interval '10 minutes'`);
    const { sender, sent } = phoneSender();
    expect(await drainPhoneQueue(db(), sender, ORIGIN, deadlineIn(60_000))).toEqual({ kind: 'busy' });
    expect(sent).toEqual([]);
    await db().query(`UPDATE phone_send_lease SET held_until = '-infinity'`);
  });

  it('says more are due when its deadline passes first, and frees the lease when the provider fails', async () => {
    await queue(30);
    // A provider answering in 100 ms, and a run whose last request starts half a second in (REQUEST_MS before its end).
    const slow: PhoneSender = {
      requestInterval: 0,
      send: async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { providerId: `SM${Math.random().toString(16).slice(2).padEnd(32, '0')}` };
      },
      sentSince: () => Promise.resolve(undefined),
    };
    const drained = await drainPhoneQueue(db(), slow, ORIGIN, deadlineIn(REQUEST_MS + 500));
    expect(drained).toMatchObject({ kind: 'sent', more: true });
    expect((drained as { sent: number }).sent).toBeLessThan(30);
    const failing: PhoneSender = {
      requestInterval: 0,
      send: () => Promise.reject(new Error('Twilio 503')),
      sentSince: () => Promise.resolve(undefined),
    };
    // Failed, they are due again within the minute: the run waits for them until its deadline.
    expect(await drainPhoneQueue(db(), failing, ORIGIN, deadlineIn(3_000))).toMatchObject({
      kind: 'sent',
      failed: expect.any(Number),
    });
    expect(await db().query(`SELECT held_until = '-infinity' AS free FROM phone_send_lease`)).toEqual([{ free: true }]);
  });
});
