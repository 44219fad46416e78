import { messages } from '../../shared/messages.ts';
import {
  CONFIRM_PATH,
  CONFIRMATION_DAYS,
  outageAlertMessages,
  UNSUBSCRIBE_PATH,
  type OutageAlertSubscription,
} from '../../shared/outage-alerts/schema.ts';
import { site } from '../../shared/site.ts';
import type { Database } from '../db/index.ts';
import { Invalid, NotFound } from '../errors.ts';
import { enqueueAcknowledgement } from '../mail/acknowledgements.ts';
import { newReference } from '../references.ts';
import { hashToken, newToken } from '../link-tokens.ts';

/**
 * Subscriptions to the e-mail alerts of cortes: double opt-in, no account. Each purpose
 * has its own token (confirm, unsubscribe), so a confirmation link never unsubscribes, nor the
 * reverse. A confirmed subscription is changed only through its owner's mailbox: a new
 * request for its e-mail waits beside it as a change with its own two tokens (apply, discard), and
 * alerts keep going to the subscription as it was, with every unsubscribe link it had.
 */

const link = (origin: string, path: string, token: string) => `${origin}${path}?token=${token}`;

/** `column` takes the request's value while the subscription is unconfirmed, and keeps its own once confirmed. */
const whileUnconfirmed = (column: string, requested: string) =>
  `${column} = CASE WHEN s.confirmed_at IS NULL THEN ${requested} ELSE s.${column} END`;
/** `column` of the pending change: the request's once the subscription is confirmed, none before. */
const onceConfirmed = (column: string, requested: string) =>
  `${column} = CASE WHEN s.confirmed_at IS NULL THEN NULL ELSE ${requested} END`;

/**
 * Stores the request and mails its confirmation link, in one transaction. A new e-mail is stored
 * unconfirmed; an unconfirmed one again gets the request's towns and tokens (nobody receives its
 * alerts yet). A confirmed one keeps its towns, tokens and confirmation: the request becomes its
 * pending change, replacing an earlier one, applied only by this mail's link. The statement
 * decides which on the row as it is (ON CONFLICT locks it), so a confirmation racing the request
 * cannot be undone by it. The answer and the mail are the same whichever it was: nothing tells a
 * stranger whether the e-mail was subscribed, and its owner alone decides which alerts it gets.
 */
export async function subscribe(db: Database, { email, towns }: OutageAlertSubscription, origin: string) {
  const slugs = [...new Set(towns)];
  const confirm = newToken();
  const unsubscribe = newToken();
  const reference = newReference('ALE');
  // The towns' names are the statement's to write: the request is checked and stored in one round trip.
  const text = {
    before:
      'Hola:\n\nPidieron avisos por correo de los cortes de agua y los avisos sanitarios y de servicio (hervir el agua, restricciones de uso y otros) de ',
    part: `(SELECT string_agg(name, ', ' ORDER BY position, name) FROM outage_towns WHERE slug = ANY($10::text[]))`,
    values: slugs,
    after: [
      ' para esta dirección.',
      'Para recibirlos, confirme su suscripción en esta página:',
      link(origin, CONFIRM_PATH, confirm),
      '',
      'Si esta dirección ya recibe nuestros avisos, nada cambia hasta que confirme: seguirá recibiendo los de',
      'las localidades que eligió antes.',
      '',
      `Si no la confirma dentro de ${CONFIRMATION_DAYS} días, borraremos esta solicitud. Si no la pidió usted, no haga nada,`,
      'o bórrela ahora mismo en esta página:',
      link(origin, UNSUBSCRIBE_PATH, unsubscribe),
      '',
      site.name,
      'Este correo se envió automáticamente: para escribirnos, use el formulario de contacto del sitio.',
    ].join('\n'),
    only: knownTowns('$10'),
  };
  const [stored] = await db.batch([
    {
      // created_at restarts with each request of an unconfirmed one: its period runs from the last mail.
      text: `INSERT INTO outage_subscriptions AS s (email, towns, confirm_token_hash, unsubscribe_token_hash)
             SELECT $1, $2, $3, $4 WHERE ${knownTowns('$2')}
             ON CONFLICT (lower(email)) DO UPDATE SET
               ${whileUnconfirmed('email', 'EXCLUDED.email')},
               ${whileUnconfirmed('towns', 'EXCLUDED.towns')},
               ${whileUnconfirmed('confirm_token_hash', 'EXCLUDED.confirm_token_hash')},
               ${whileUnconfirmed('unsubscribe_token_hash', 'EXCLUDED.unsubscribe_token_hash')},
               ${whileUnconfirmed('created_at', 'now()')},
               ${onceConfirmed('change_towns', 'EXCLUDED.towns')},
               ${onceConfirmed('change_token_hash', 'EXCLUDED.confirm_token_hash')},
               ${onceConfirmed('change_discard_token_hash', 'EXCLUDED.unsubscribe_token_hash')},
               ${onceConfirmed('change_requested_at', 'now()')}
             RETURNING 1`,
      params: [email, slugs, hashToken(confirm), hashToken(unsubscribe)],
    },
    enqueueAcknowledgement(
      { to: email, subject: 'Confirme su suscripción a los avisos de cortes y avisos sanitarios', text },
      reference,
    ),
  ]);
  // A town that is not one of ours stored nothing, and mailed nothing.
  if (stored!.length === 0) throw new Invalid(messages.invalidForm, { towns: outageAlertMessages.unknownTown });
}

/** Every slug of the array `param` (SQL) is a town's. */
export const knownTowns = (param: string) =>
  `(SELECT count(*) FROM outage_towns WHERE slug = ANY(${param}::text[])) = cardinality(${param}::text[])`;

/**
 * Confirms the subscription of a confirmation token, or applies the pending change of a change's
 * token, each within its period; confirming a subscription again is no change. Answers the names
 * of its towns, or NotFound for a token that opens nothing (a change replaced by a later request,
 * already applied, or expired).
 */
export async function confirm(db: Database, token: string): Promise<string[]> {
  const [row] = await db.query<{ towns: string[] }>(
    `UPDATE outage_subscriptions s SET confirmed_at = coalesce(confirmed_at, now()),
       towns = CASE WHEN change_token_hash = $1 THEN change_towns ELSE towns END,
       change_towns = CASE WHEN change_token_hash = $1 THEN NULL ELSE change_towns END,
       change_discard_token_hash = CASE WHEN change_token_hash = $1 THEN NULL ELSE change_discard_token_hash END,
       change_requested_at = CASE WHEN change_token_hash = $1 THEN NULL ELSE change_requested_at END,
       change_token_hash = CASE WHEN change_token_hash = $1 THEN NULL ELSE change_token_hash END
     WHERE (confirm_token_hash = $1 AND (confirmed_at IS NOT NULL OR created_at > now() - $2 * interval '1 day'))
       OR (change_token_hash = $1 AND change_requested_at > now() - $2 * interval '1 day')
     RETURNING (SELECT array_agg(t.name ORDER BY t.position, t.name) FROM outage_towns t WHERE t.slug = ANY(s.towns)) AS towns`,
    [hashToken(token), CONFIRMATION_DAYS],
  );
  if (!row) throw new NotFound(outageAlertMessages.invalidLink);
  return row.towns;
}

/**
 * The token of an unsubscribe link: the subscription's own (its confirmation mail) or that of any
 * alert it was sent, of a corte or an aviso (each alert carries its own: outage-alerts/fan-out.ts) deletes the
 * subscription; a pending change's discard token deletes only that change, and the subscription
 * goes on as it was. NotFound when it opens nothing.
 */
export async function unsubscribe(db: Database, token: string): Promise<'unsubscribed' | 'discarded'> {
  const [done] = await db.query<{ deleted: number; discarded: number }>(
    `WITH deleted AS (
       DELETE FROM outage_subscriptions WHERE id IN (
         SELECT id FROM outage_subscriptions WHERE unsubscribe_token_hash = $1
         UNION SELECT subscription_id FROM outage_alerts WHERE unsubscribe_token_hash = $1
         UNION SELECT subscription_id FROM advisory_alerts WHERE unsubscribe_token_hash = $1)
       RETURNING id),
     discarded AS (
       UPDATE outage_subscriptions
       SET change_towns = NULL, change_token_hash = NULL, change_discard_token_hash = NULL, change_requested_at = NULL
       WHERE change_discard_token_hash = $1
       RETURNING id)
     SELECT (SELECT count(*) FROM deleted)::int AS deleted, (SELECT count(*) FROM discarded)::int AS discarded`,
    [hashToken(token)],
  );
  if (done!.deleted > 0) return 'unsubscribed';
  if (done!.discarded > 0) return 'discarded';
  throw new NotFound(outageAlertMessages.unsubscribeUnknown);
}
