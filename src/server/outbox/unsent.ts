import { STALLED_AFTER_MINUTES, type UnsentMail } from '../../shared/outbox/schema.ts';
import { site } from '../../shared/site.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database } from '../db/index.ts';
import { REMINDERS_REFERENCE } from '../denuncias/reminders.ts';
import { DENUNCIA_REFERENCE } from '../denuncias/submit.ts';
import { deployContext, ownMail } from '../mail/context.ts';
import type { OutboxChannel } from './outbox.ts';

/**
 * Correo saliente (docs/reference/admin-api.md): the messages not sent yet, mail and phones alike,
 * and staff's "Reintentar ahora".
 * Nothing here reads a mail's subject, text or address: a denuncia's stays out of the admin.
 * Only this deploy context's mail: a preview's copy of production's unsent mail is none of its
 * business, and it would never send it (outbox/outbox.ts). The denuncias channel's mail (a denuncia's
 * notice, a reporter's notice of a reply, the deadline reminders) is listed, counted and retried
 * only for a holder of `cumplimiento`: to an administrator its references and its metadata (that a
 * reporter asked to be told, when compliance wrote to them) are the desk's, not theirs.
 */

const UTILITY_MAILBOXES = Object.values(site.mailboxes).map((address) => address.toLowerCase());
const MAX_LISTED = 200;

/** Whether a mail (alias outbox) is for `admin`'s eyes; `$param` is whether they hold `cumplimiento`. */
const seenBy = (param: string) =>
  `(${param}::boolean OR NOT (outbox.reference LIKE '${DENUNCIA_REFERENCE}-%' OR outbox.reference LIKE '${REMINDERS_REFERENCE}%'))`;
const seesChannel = (admin: SignedInAdmin) => admin.roles.includes('cumplimiento');

const COLUMNS = `id::text AS id, reference, channel, lower(recipient) = ANY($1::text[]) AS to_utility, status, problem, attempts,
  ${isoTime('created_at')} AS created_at, ${isoTime('next_attempt_at')} AS next_attempt_at`;

/** The oldest unsent mail first: the longest waiting is what staff must see. */
export const listUnsent = (db: Database, admin: SignedInAdmin): Promise<UnsentMail[]> =>
  db.query<UnsentMail>(
    `SELECT ${COLUMNS} FROM outbox WHERE status <> 'sent' AND ${ownMail('outbox.context', '$2')} AND ${seenBy('$3')}
     ORDER BY outbox.created_at, outbox.id LIMIT ${MAX_LISTED}`,
    [UTILITY_MAILBOXES, deployContext(), seesChannel(admin)],
  );

/** How many mails have waited longer than an hour, or wait for staff. */
export async function countStalled(db: Database, admin: SignedInAdmin): Promise<number> {
  const [row] = await db.query<{ stalled: number }>(
    `SELECT count(*)::int AS stalled FROM outbox
     WHERE (status = 'held' OR (status <> 'sent' AND created_at < now() - $1 * interval '1 minute'))
       AND ${ownMail('outbox.context', '$2')} AND ${seenBy('$3')}`,
    [STALLED_AFTER_MINUTES, deployContext(), seesChannel(admin)],
  );
  return row?.stalled ?? 0;
}

/** Delivers the rows `ids` of a channel's lane now (outbox.ts): the caller's choice of provider. */
export type Redeliver = (channel: OutboxChannel, ids: string[]) => Promise<unknown>;

/**
 * "Reintentar ahora": the message is due again (a held one too, once staff fixed its cause) and is
 * delivered in this request by its channel's lane. Answers the row as it is afterwards, null once
 * it is sent, or undefined when there is no such unsent message (sent meanwhile, or none).
 */
export async function retryNow(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  redeliver: Redeliver,
): Promise<UnsentMail | null | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [due] = await changeAndAudit<{ id: string; channel: OutboxChannel }>(db, {
    change: `UPDATE outbox SET status = 'pending', next_attempt_at = now()
             WHERE id = $1 AND status IN ('pending', 'held') AND ${ownMail('outbox.context', '$2::text')}
               AND ${seenBy('$3')}
             RETURNING id, reference, channel`,
    params: [id, deployContext(), seesChannel(admin)],
    admin,
    action: 'retry',
    entity: 'mail',
    entityId: 'id',
    summary: 'reference',
  });
  if (!due) return undefined;
  await redeliver(due.channel, [id]);
  const [row] = await db.query<UnsentMail>(`SELECT ${COLUMNS} FROM outbox WHERE id = $2 AND status <> 'sent'`, [
    UTILITY_MAILBOXES,
    id,
  ]);
  return row ?? null;
}
