import {
  outageAdminMessages,
  outageTransitions,
  type AdminOutage,
  type OutageStatusChange,
} from '../../shared/outages/admin/schema.ts';
import {
  closedStatuses,
  currentStatuses,
  outageMessages,
  outageStatusLabels,
  type OutagePublish,
} from '../../shared/outages/schema.ts';
import { PLANNED_NOTICE_HOURS } from '../../shared/outages/notice.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { Conflict, Invalid } from '../errors.ts';
import { outageTables } from '../notices/sql.ts';
import { auditedUpdate, publishStep } from '../notices/steps.ts';
import { outageDetailRead } from './admin-list.ts';
import { outageState } from './manage.ts';

/**
 * An outage's life after the draft: published, started, restored or called off, and the public
 * updates on the way. Each step that subscribers hear about writes its outage_notices row in the
 * step's own transaction (the alerts function mails them), so a step is never told without having
 * happened, nor happens untold; each notice is written once (guarded by the status it needs).
 */

/** SQL: the outage being published is planned and starts less than 48 hours after `$2` (isShortNotice). */
const SHORT_NOTICE = `kind = 'programado' AND starts_at < $2::timestamptz + make_interval(hours => $5::int)`;

/**
 * Publicar. A planned outage less than 48 hours ahead needs staff's confirmation and why. The
 * change with its audit row (from the words kept with the draft, migration 0039), its notice and
 * the outage as it leaves it are one batch: the change's own conditions are the draft and the
 * 48-hour rule, and what it left says which refused. Undefined when there is no such outage.
 */
export async function publishOutage(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: OutagePublish,
  now: Date,
): Promise<AdminOutage | undefined> {
  const at = now.toISOString();
  return publishStep(db, id, {
    statements: [
      auditedChange({
        change: `UPDATE outages SET status = 'publicado', published_at = $2, updated_at = $2,
                 short_notice_reason = CASE WHEN ${SHORT_NOTICE} THEN $3::text END
               WHERE id = $1 AND status = 'borrador' AND (NOT (${SHORT_NOTICE}) OR ($4::boolean AND $3::text IS NOT NULL))
               RETURNING id, audit_words, short_notice_reason`,
        params: [
          id,
          at,
          input.shortNoticeReason || null,
          input.confirmShortNotice,
          PLANNED_NOTICE_HOURS,
          '; aviso con menos de 48 horas: ',
        ],
        admin,
        action: 'publish',
        entity: 'outage',
        entityId: 'id',
        summary: `audit_words || coalesce($6::text || short_notice_reason, '')`,
      }),
      {
        text: `INSERT INTO outage_notices (outage_id, kind, created_at)
             SELECT id, 'published', $2::timestamptz FROM outages WHERE id = $1 AND status = 'publicado'
               AND NOT EXISTS (SELECT 1 FROM outage_notices WHERE outage_id = $1 AND kind = 'published')`,
        params: [id, at],
      },
    ],
    detail: outageDetailRead,
    refused: (outage) => refusedPublication(outage, input),
  });
}

/**
 * Why a publication changed nothing, by the outage as its batch left it: published by someone
 * else first (nothing was written twice), or a draft the 48-hour rule kept, in today's order of
 * its refusals: the confirmation, then the reason.
 */
const refusedPublication = (outage: AdminOutage, { confirmShortNotice }: OutagePublish): Error => {
  if (outage.status !== 'borrador') return new Conflict(outageAdminMessages.alreadyPublished);
  if (!confirmShortNotice) return new Conflict(outageMessages.shortNotice, 'confirmShortNotice');
  return new Invalid(outageMessages.shortNoticeReason, 'shortNoticeReason');
};

/**
 * The real times a status change records unless staff already did (…/supply): the water stops
 * when the outage starts; when it is restored without having been started, at its announced start
 * if that has passed. Read from the row this statement updates, never from an earlier read, so a
 * correction committed while the change waited for the row is kept. A restore at or before the
 * stop (published for later and restored at once) records no restore: the constraint of migration
 * 0038 wants it after the stop, and staff can still correct both. Cancelled writes none.
 */
const SUPPLY_DEFAULTS = `
  supply_stopped_at = CASE $2
    WHEN 'en_curso' THEN COALESCE(supply_stopped_at, $3::timestamptz)
    WHEN 'restablecido' THEN COALESCE(supply_stopped_at, CASE WHEN starts_at < $3::timestamptz THEN starts_at END)
    ELSE supply_stopped_at END,
  supply_restored_at = CASE WHEN $2 = 'restablecido' AND COALESCE(supply_stopped_at, starts_at) < $3::timestamptz
    THEN $3::timestamptz ELSE supply_restored_at END`;

/** En curso, Restablecido or Cancelado; closing stamps closed_at and tells the subscribers. */
export async function changeOutageStatus(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  { status }: OutageStatusChange,
  now: Date,
): Promise<boolean> {
  const state = await outageState(db, id);
  if (!state) return false;
  const from = Object.entries(outageTransitions)
    .filter(([, to]) => to.includes(status))
    .map(([source]) => source);
  const refused = () =>
    new Conflict(
      outageAdminMessages.transition(outageStatusLabels[state.status], outageStatusLabels[status]),
      'status',
    );
  if (!from.includes(state.status)) throw refused();
  const closing = closedStatuses.includes(status);
  const at = now.toISOString();
  const [changed] = (await db.batch([
    auditedChange({
      change: `UPDATE outages SET status = $2, updated_at = $3, closed_at = CASE WHEN $5 THEN $3::timestamptz END,
                 ${SUPPLY_DEFAULTS}
               WHERE id = $1 AND status = ANY($4::text[]) RETURNING id`,
      params: [id, status, at, from, closing, `${state.words}: ${outageStatusLabels[status]}`],
      admin,
      action: 'update',
      entity: 'outage',
      entityId: 'id',
      summary: '$6::text',
    }),
    ...(closing
      ? [
          {
            text: `INSERT INTO outage_notices (outage_id, kind, created_at)
                   SELECT id, 'closed', $3::timestamptz FROM outages WHERE id = $1 AND status = $2
                     AND NOT EXISTS (SELECT 1 FROM outage_notices WHERE outage_id = $1 AND kind = 'closed')`,
            params: [id, status, at],
          },
        ]
      : []),
  ])) as [unknown[]];
  if (changed.length === 0) throw refused();
  return true;
}

/**
 * A time-stamped note the public reads under the outage. On a draft it waits for the
 * publication, untold; on a current outage subscribers get it; a closed outage takes no more.
 */
export async function addOutageUpdate(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  body: string,
  now: Date,
): Promise<boolean> {
  const state = await outageState(db, id);
  if (!state) return false;
  if (closedStatuses.includes(state.status)) throw new Conflict(outageAdminMessages.closedNotEditable);
  const at = now.toISOString();
  await db.batch([
    auditedUpdate(outageTables, admin, {
      change: `INSERT INTO outage_updates (outage_id, body, created_at) VALUES ($1, $2, $3) RETURNING outage_id`,
      id,
      body,
      at,
      words: state.words,
    }),
    { text: 'UPDATE outages SET updated_at = $2 WHERE id = $1', params: [id, at] },
    {
      // The update of this transaction: its identity was drawn by the first statement.
      text: `INSERT INTO outage_notices (outage_id, kind, update_id, created_at)
             SELECT id, 'update', currval(pg_get_serial_sequence('outage_updates', 'id')), $2::timestamptz
             FROM outages WHERE id = $1 AND status = ANY($3::text[])`,
      params: [id, at, currentStatuses],
    },
  ]);
  return true;
}
