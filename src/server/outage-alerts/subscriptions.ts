import { messages } from '../../shared/messages.ts';
import {
  CONFIRM_PATH,
  CONFIRMATION_DAYS,
  outageAlertMessages,
  UNSUBSCRIBE_PATH,
  type OutageAlertSubscription,
} from '../../shared/outage-alerts.ts';
import type { OutageTown } from '../../shared/outages.ts';
import { site } from '../../shared/site.ts';
import type { Database } from '../db/index.ts';
import { ClientError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newReference } from '../references.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Subscriptions to the e-mail alerts of cortes (issue 17): double opt-in, no account. Each purpose
 * has its own token (confirm, unsubscribe), so a confirmation link never unsubscribes, nor the
 * reverse.
 */

const link = (origin: string, path: string, token: string) => `${origin}${path}?token=${token}`;

/**
 * Stores the subscription unconfirmed with fresh tokens and mails the confirmation link, in one
 * transaction. The same e-mail again replaces its towns and tokens and must be confirmed again:
 * the answer is the same whether it was subscribed or not, and nobody but the mailbox's owner
 * decides which alerts it gets.
 */
export async function subscribe(db: Database, { email, towns }: OutageAlertSubscription, origin: string) {
  const slugs = [...new Set(towns)];
  const known = await db.query<Pick<OutageTown, 'slug' | 'name'>>(
    `SELECT slug, name FROM outage_towns WHERE slug = ANY($1::text[]) ORDER BY position, name`,
    [slugs],
  );
  if (known.length !== slugs.length)
    throw new ClientError(400, messages.invalidForm, undefined, { errors: { towns: outageAlertMessages.unknownTown } });

  const confirm = newToken();
  const unsubscribe = newToken();
  const reference = newReference('ALE');
  const text = [
    'Hola:',
    '',
    `Pidieron avisos por correo de los cortes de agua de ${known.map((town) => town.name).join(', ')} para esta dirección.`,
    'Para recibirlos, confirme su suscripción en esta página:',
    link(origin, CONFIRM_PATH, confirm),
    '',
    `Si no la confirma dentro de ${CONFIRMATION_DAYS} días, la borraremos. Si no la pidió usted, no haga nada,`,
    'o bórrela ahora mismo en esta página:',
    link(origin, UNSUBSCRIBE_PATH, unsubscribe),
    '',
    site.name,
    'Este correo se envió automáticamente: para escribirnos, use el formulario de contacto del sitio.',
  ].join('\n');
  await db.batch([
    {
      // created_at restarts with each request: the confirmation period runs from the last mail.
      text: `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (lower(email)) DO UPDATE SET email = EXCLUDED.email, towns = EXCLUDED.towns,
               confirm_token_hash = EXCLUDED.confirm_token_hash, unsubscribe_token_hash = EXCLUDED.unsubscribe_token_hash,
               confirmed_at = NULL, created_at = now()`,
      params: [email, slugs, hashToken(confirm), hashToken(unsubscribe)],
    },
    enqueueMail({ to: email, subject: 'Confirme su suscripción a los avisos de cortes de agua', text }, reference),
  ]);
}

/**
 * Confirms the subscription of a confirmation token, within its period; confirming again is no
 * change. Answers the names of its towns, or a 404 for a token that opens nothing.
 */
export async function confirm(db: Database, token: string): Promise<string[]> {
  const [row] = await db.query<{ towns: string[] }>(
    `UPDATE outage_subscriptions s SET confirmed_at = coalesce(confirmed_at, now())
     WHERE confirm_token_hash = $1 AND (confirmed_at IS NOT NULL OR created_at > now() - $2 * interval '1 day')
     RETURNING (SELECT array_agg(t.name ORDER BY t.position, t.name) FROM outage_towns t WHERE t.slug = ANY(s.towns)) AS towns`,
    [hashToken(token), CONFIRMATION_DAYS],
  );
  if (!row) throw new ClientError(404, outageAlertMessages.invalidLink);
  return row.towns;
}

/**
 * Deletes the subscription of an unsubscribe token: the one of its confirmation mail or that of
 * any alert it was sent (each alert carries its own: outage-alerts/fan-out.ts). 404 when none.
 */
export async function unsubscribe(db: Database, token: string): Promise<void> {
  const deleted = await db.query(
    `DELETE FROM outage_subscriptions WHERE id IN (
       SELECT id FROM outage_subscriptions WHERE unsubscribe_token_hash = $1
       UNION SELECT subscription_id FROM outage_alerts WHERE unsubscribe_token_hash = $1)
     RETURNING id`,
    [hashToken(token)],
  );
  if (deleted.length === 0) throw new ClientError(404, outageAlertMessages.unsubscribeUnknown);
}
