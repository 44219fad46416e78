import { phoneChannelLabels, type PhoneChannel } from '../../shared/phone-alerts/channels.ts';
import { toGsm7 } from '../../shared/phone-alerts/gsm7.ts';
import { inboundRequest, plainWords } from '../../shared/phone-alerts/keywords.ts';
import { alertPhone } from '../../shared/phone.ts';
import { site } from '../../shared/site.ts';
import { config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { keyed } from '../throttle/client-group.ts';

/**
 * A text to the utility's number (the provider's inbound webhook, already verified by its
 * signature): `CORTES <LOCALIDAD>` subscribes the phone, confirmed by the text itself, which
 * proves the number; `BAJA` deletes its subscription; `SIGO SIN AGUA` after a restoration is
 * recorded for that corte; anything else is answered with what the number does. Every effect can
 * be repeated without doing more, and a text already acted on (the provider's id of it, kept
 * retention.phoneInbound) gets no second answer: a replayed request costs no message.
 */

/** How long after a restoration's alert a "still without water" counts for that corte. */
const REPORT_HOURS = 72;

export interface InboundText {
  /** The provider's id of the text. */
  messageSid: string;
  /** `+569…`, or `whatsapp:+569…` for a WhatsApp message. */
  from: string;
  body: string;
}

/**
 * A phone as its report keeps it: a keyed hash (a plain one of a number with 10^8 values would be
 * undone by trying them all), so a report stays counted when the phone leaves, without the number.
 */
export const phoneHash = async (phone: string) => keyed(await config.authSecret(), `water-report:${phone}`);

const HELP = `${site.shortName}: avisos de cortes de agua y avisos sanitarios. Escriba CORTES y su localidad para recibirlos, BAJA para dejarlos. Atencion: ${site.customerPhone}`;

async function subscribeByText(db: Database, phone: string, channel: PhoneChannel, asked: string): Promise<string> {
  const towns = await db.query<{ slug: string; name: string }>(
    'SELECT slug, name FROM outage_towns ORDER BY position, name',
  );
  const town = towns.find(({ slug, name }) => plainWords(name) === asked || plainWords(slug) === asked);
  if (!town)
    return `No encontramos la localidad ${asked}. Escriba CORTES y su localidad, por ejemplo CORTES ${plainWords(towns[0]?.name ?? 'Coyhaique')}.`;
  // A pending request from the site is set aside: the text says what the phone wants now.
  await db.query(
    `INSERT INTO outage_subscriptions AS s (phone, channel, towns, confirmed_at, source)
     VALUES ($1, $2, ARRAY[$3], now(), 'sms')
     ON CONFLICT (phone) DO UPDATE SET
       towns = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.towns
                    ELSE ARRAY(SELECT DISTINCT unnest(s.towns || EXCLUDED.towns) ORDER BY 1) END,
       channel = EXCLUDED.channel, confirmed_at = coalesce(s.confirmed_at, now()),
       change_towns = NULL, change_channel = NULL, change_requested_at = NULL, code_hash = NULL, code_expires_at = NULL`,
    [phone, channel, town.slug],
  );
  return `Listo: le avisaremos por ${phoneChannelLabels[channel]} los cortes de agua y avisos sanitarios de ${town.name}. Para dejar de recibirlos, responda BAJA.`;
}

async function reportStillWithoutWater(db: Database, phone: string): Promise<string> {
  const [reported] = await db.query<{ town_name: string }>(
    `WITH restored AS (
       SELECT o.id, o.town FROM outage_subscriptions s
       JOIN outage_alerts a ON a.subscription_id = s.id
       JOIN outage_notices n ON n.id = a.notice_id AND n.kind = 'closed'
       JOIN outages o ON o.id = n.outage_id AND o.status = 'restablecido'
       WHERE s.phone = $1 AND a.queued_at > now() - $3 * interval '1 hour'
       ORDER BY a.queued_at DESC LIMIT 1
     ), stored AS (
       INSERT INTO outage_water_reports (outage_id, phone_hash, town)
       SELECT id, $2, town FROM restored ON CONFLICT DO NOTHING
     )
     SELECT t.name AS town_name FROM restored JOIN outage_towns t ON t.slug = restored.town`,
    [phone, await phoneHash(phone), REPORT_HOURS],
  );
  if (!reported)
    return `No encontramos un corte terminado hace poco para este numero. Si no tiene agua, llame al ${site.customerPhone}.`;
  return `Gracias: registramos que sigue sin agua en ${reported.town_name}. Nuestro equipo lo revisara. Atencion: ${site.customerPhone}`;
}

/** What the text asks, done; answers the reply to send, or undefined for a text already answered. */
export async function answerText(db: Database, { messageSid, from, body }: InboundText): Promise<string | undefined> {
  const [seen] = await db.query('SELECT 1 FROM phone_inbound WHERE message_sid = $1', [messageSid]);
  if (seen) return undefined;
  const whatsapp = from.startsWith('whatsapp:');
  const reachable = alertPhone(from.replace(/^whatsapp:/, ''));
  const request = inboundRequest(body);
  let reply = HELP;
  if (request.kind === 'stop') {
    // Kept as the one thing that stops the billing export subscribing it again (billing-phones.ts).
    if (reachable)
      await db.batch([
        { text: 'DELETE FROM outage_subscriptions WHERE phone = $1', params: [reachable.phone] },
        { text: 'INSERT INTO phone_opt_outs (phone) VALUES ($1) ON CONFLICT DO NOTHING', params: [reachable.phone] },
      ]);
    reply = `Listo: este numero no recibira mas avisos de ${site.shortName}. Para volver, escriba CORTES y su localidad.`;
  } else if (request.kind === 'subscribe') {
    reply = reachable
      ? await subscribeByText(
          db,
          reachable.phone,
          reachable.kind === 'fijo' ? 'voz' : whatsapp ? 'whatsapp' : 'sms',
          request.town,
        )
      : 'Los avisos llegan a celulares de Chile y a telefonos fijos de la region de Aysen.';
  } else if (request.kind === 'still-without-water' && reachable) {
    reply = await reportStillWithoutWater(db, reachable.phone);
  }
  await db.query('INSERT INTO phone_inbound (message_sid) VALUES ($1) ON CONFLICT DO NOTHING', [messageSid]);
  return toGsm7(reply);
}
