import type { PhoneAlertSettings } from '../../shared/outage-alerts/schema.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database, Statement } from '../db/index.ts';

/**
 * The phones of the billing export as alert subscribers: while staff have it on, every reachable
 * `contact_phone` (a Chilean mobile, or an Aysén landline, which is called) gets the towns of its
 * services, confirmed by the utility's own record rather than a code, and its first alert says how
 * to leave (fan-out.ts). A phone that chose for itself (the site's form, a text) keeps its choice;
 * one that answered BAJA (phone_opt_outs) is never subscribed again; turning it off deletes only
 * these. Run with each accounts import, in its transaction.
 */

/** The phones the alerts reach, as the subscriptions' CHECK has them. */
const REACHABLE = `'^\\+56(9[0-9]{8}|67[0-9]{7})$'`;

export const billingPhonesStatement = (): Statement => ({
  text: `INSERT INTO outage_subscriptions AS s (phone, channel, towns, confirmed_at, source)
         SELECT a.contact_phone, CASE WHEN a.contact_phone LIKE '+569%' THEN 'sms' ELSE 'voz' END,
           array_agg(DISTINCT a.locality ORDER BY a.locality), now(), 'billing'
         FROM accounts a
         WHERE (SELECT billing_phones FROM phone_alert_settings) AND a.contact_phone ~ ${REACHABLE}
           AND a.locality IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM phone_opt_outs o WHERE o.phone = a.contact_phone)
         GROUP BY a.contact_phone
         ON CONFLICT (phone) DO UPDATE SET towns = EXCLUDED.towns
           WHERE s.source = 'billing' AND s.towns IS DISTINCT FROM EXCLUDED.towns`,
});

const read = (db: Database) =>
  db.query<PhoneAlertSettings & { billingSubscribers: number }>(
    `SELECT billing_phones AS "billingPhones",
       (SELECT count(*)::int FROM outage_subscriptions WHERE source = 'billing') AS "billingSubscribers"
     FROM phone_alert_settings`,
  );

/** GET /api/admin/outages/phone-alerts: the setting and how many billing phones it subscribed. */
export const phoneAlertSettings = async (db: Database) => (await read(db))[0]!;

/** PUT /api/admin/outages/phone-alerts: turns the billing phones on (subscribed now) or off (unsubscribed), audited. */
export async function setPhoneAlertSettings(db: Database, admin: SignedInAdmin, { billingPhones }: PhoneAlertSettings) {
  await db.batch([
    auditedChange({
      change: `UPDATE phone_alert_settings SET billing_phones = $1 WHERE billing_phones <> $1 RETURNING billing_phones`,
      params: [billingPhones],
      admin,
      action: 'update',
      entity: 'outage',
      entityId: `'avisos-por-telefono'`,
      summary: `CASE WHEN billing_phones THEN 'Avisos por teléfono a los teléfonos de la facturación: activados'
                ELSE 'Avisos por teléfono a los teléfonos de la facturación: desactivados' END`,
    }),
    billingPhones ? billingPhonesStatement() : { text: `DELETE FROM outage_subscriptions WHERE source = 'billing'` },
  ]);
  return phoneAlertSettings(db);
}
