import { randomInt } from 'node:crypto';
import { messages } from '../../shared/messages.ts';
import {
  outageAlertMessages,
  PHONE_CODE_MINUTES,
  PHONE_CODES_PER_DAY,
  phoneAlertMessages,
  type PhoneAlertCode,
  type PhoneAlertSubscription,
} from '../../shared/outage-alerts/schema.ts';
import type { PhoneChannel } from '../../shared/phone-alerts/channels.ts';
import { toGsm7 } from '../../shared/phone-alerts/gsm7.ts';
import { site } from '../../shared/site.ts';
import { chileDate } from '../../shared/time/wall-clock.ts';
import type { Database } from '../db/index.ts';
import { Invalid, NotFound, Throttled } from '../errors.ts';
import { hashToken } from '../link-tokens.ts';
import { dailyShare } from '../mail/acknowledgements.ts';
import { deployContext } from '../mail/context.ts';
import { newReference } from '../references.ts';
import { lookUp } from '../throttle/throttle.ts';
import { phoneCodeCounters } from '../throttle/uses.ts';
import { knownTowns } from './subscriptions.ts';

/**
 * Subscriptions of phones to the alerts, from the site's form: the number is proved by a 6-digit
 * code sent to it (by its channel: a text, WhatsApp, or a call that reads it), single-use, kept
 * as a hash, valid PHONE_CODE_MINUTES and typed through the one throttle of typed secrets. As
 * with an e-mail, a confirmed phone is changed only by its owner: a new request waits beside it
 * as a change the next code applies, and its alerts go on as they were. Anyone can type anyone's
 * number, so a phone gets at most PHONE_CODES_PER_DAY codes a day in Aysén, and the answer is the same
 * whether it was subscribed or not.
 */

/** A new code: six digits, any of the million equally likely. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What the code's message says; a call reads the digits one by one, twice (the provider's TwiML). */
export function codeMessage(code: string, channel: PhoneChannel): string {
  if (channel === 'voz')
    return `${site.shortName}. Su código para recibir los avisos de cortes de agua es: ${[...code].join(', ')}. Vence en ${PHONE_CODE_MINUTES} minutos.`;
  return toGsm7(
    `${site.shortName}: su código para recibir avisos de cortes de agua es ${code}. Vence en ${PHONE_CODE_MINUTES} minutos. Si no lo pidió, ignore este mensaje.`,
  );
}

/**
 * Stores the request and queues its code, in one transaction. A new phone is stored unconfirmed;
 * an unconfirmed one takes the request's towns and channel; a confirmed one keeps them and the
 * request becomes its pending change. Either way the row gets the new code, and an earlier code
 * stops working. The code is queued only within the phone's share of the day.
 */
export async function subscribePhone(db: Database, { phone, towns, channel }: PhoneAlertSubscription): Promise<void> {
  const slugs = [...new Set(towns)];
  const code = newCode();
  const [stored] = await db.batch([
    {
      text: `INSERT INTO outage_subscriptions AS s (phone, channel, towns, code_hash, code_expires_at)
             SELECT $1, $2, $3, $4, now() + $5 * interval '1 minute' WHERE ${knownTowns('$3')}
             ON CONFLICT (phone) DO UPDATE SET
               towns = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.towns ELSE s.towns END,
               channel = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.channel ELSE s.channel END,
               created_at = CASE WHEN s.confirmed_at IS NULL THEN now() ELSE s.created_at END,
               change_towns = CASE WHEN s.confirmed_at IS NULL THEN NULL ELSE EXCLUDED.towns END,
               change_channel = CASE WHEN s.confirmed_at IS NULL THEN NULL ELSE EXCLUDED.channel END,
               change_requested_at = CASE WHEN s.confirmed_at IS NULL THEN NULL ELSE now() END,
               code_hash = EXCLUDED.code_hash, code_expires_at = EXCLUDED.code_expires_at
             RETURNING 1`,
      params: [phone, channel, slugs, hashToken(code), PHONE_CODE_MINUTES],
    },
    {
      text: `WITH ${dailyShare(`encode(sha256(convert_to('telefono:' || $1, 'UTF8')), 'hex')`, '$2', '$3', knownTowns('$4'))}
             INSERT INTO outbox (reference, recipient, subject, body, context, channel)
             SELECT $5, $1, 'Código de confirmación de los avisos por teléfono', $6, $7, $8 FROM counted
             RETURNING id`,
      params: [
        phone,
        chileDate(new Date()),
        PHONE_CODES_PER_DAY,
        slugs,
        newReference('ALE'),
        codeMessage(code, channel),
        deployContext(),
        channel,
      ],
    },
  ]);
  // A town that is not one of ours stored nothing, and sent nothing.
  if (stored!.length === 0) throw new Invalid(messages.invalidForm, { towns: outageAlertMessages.unknownTown });
}

/**
 * Confirms a phone's subscription, or applies its pending change, with the code last sent to it;
 * the code is spent by the statement that confirms, so two confirmations at once confirm once.
 * Answers the channel and the names of its towns; NotFound for a wrong, spent or expired code,
 * counted by the throttle, and Throttled while it waits.
 */
export async function confirmPhone(
  db: Database,
  { phone, code }: PhoneAlertCode,
  address: string,
): Promise<{ channel: PhoneChannel; towns: string[] }> {
  const codeHash = hashToken(code);
  const lookup = await lookUp<{ id: string }>(db, await phoneCodeCounters(phone, address), {
    text: `SELECT id FROM outage_subscriptions WHERE phone = $3 AND code_hash = $4 AND code_expires_at > now()`,
    params: [phone, codeHash],
  });
  if (lookup.kind === 'wait') throw new Throttled(phoneAlertMessages.throttled(lookup.seconds), lookup.seconds);
  if (lookup.kind === 'missing') throw new NotFound(phoneAlertMessages.invalidCode);
  const [row] = await db.query<{ channel: PhoneChannel; towns: string[] }>(
    `UPDATE outage_subscriptions s SET confirmed_at = coalesce(confirmed_at, now()),
       towns = coalesce(change_towns, towns), channel = coalesce(change_channel, channel),
       change_towns = NULL, change_channel = NULL, change_requested_at = NULL, code_hash = NULL, code_expires_at = NULL
     WHERE id = $1 AND code_hash = $2 AND code_expires_at > now()
     RETURNING channel,
       (SELECT array_agg(t.name ORDER BY t.position, t.name) FROM outage_towns t WHERE t.slug = ANY(s.towns)) AS towns`,
    [lookup.row.id, codeHash],
  );
  // Spent by a confirmation that came first.
  if (!row) throw new NotFound(phoneAlertMessages.invalidCode);
  return row;
}
