import { advisoryAdminMessages, type AdminAdvisory } from '../../shared/advisories/admin/schema.ts';
import type { AdvisoryLift } from '../../shared/advisories/schema.ts';
import { auditedChange, changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { Conflict } from '../errors.ts';
import { advisoryTables } from '../notices/sql.ts';
import { auditedUpdate, publishStep } from '../notices/steps.ts';
import { advisoryDetailRead } from './admin-list.ts';
import { advisoryState } from './manage.ts';

/**
 * A notice's life after the draft: published, updated while in force, lifted. Each step that
 * subscribers hear about (and CAP publishes) writes its advisory_notices row in the statement of
 * the step itself, over the rows the step changed (audit.ts' `effects`): a step is never told
 * without having happened, nor happens untold, and the status the step needs is its one guard,
 * so two staff pressing the same button at once write one step and one notice.
 */

/** The advisory_notices row of the step, for each row the step changed (`advisory` its notice's id). */
const notice = (kind: 'published' | 'update' | 'lifted', at: string, advisory = 'id', update = 'NULL') =>
  `notice AS (INSERT INTO advisory_notices (advisory_id, kind, update_id, created_at)
              SELECT ${advisory}, '${kind}', ${update}, ${at}::timestamptz FROM changed)`;

/**
 * Publicar: shown on /avisos and told to the subscribers of its towns. The change with its audit row
 * (from the words kept with the draft, migration 0039) and its notice, and the notice as it leaves
 * it, are one batch; undefined when there is none.
 */
export async function publishAdvisory(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  now: Date,
): Promise<AdminAdvisory | undefined> {
  return publishStep(db, id, {
    statements: [
      auditedChange({
        change: `UPDATE advisories SET status = 'publicado', published_at = $2, updated_at = $2
               WHERE id = $1 AND status = 'borrador' RETURNING id, audit_words`,
        params: [id, now.toISOString()],
        effects: notice('published', '$2'),
        admin,
        action: 'publish',
        entity: 'advisory',
        entityId: 'id',
        summary: 'audit_words',
      }),
    ],
    detail: advisoryDetailRead,
    // Published already, maybe by someone else a moment before: nothing was written twice.
    refused: () => new Conflict(advisoryAdminMessages.alreadyPublished),
  });
}

/**
 * A time-stamped note the public reads under a notice in force, mailed to its towns. The notice's
 * row is locked while it is written (FOR UPDATE), so a lift at the same moment comes after it or
 * refuses it: no update is ever told after the lift.
 */
export async function addAdvisoryUpdate(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  body: string,
  now: Date,
): Promise<boolean> {
  const state = await advisoryState(db, id);
  if (!state) return false;
  if (state.status !== 'publicado') throw new Conflict(advisoryAdminMessages.notCurrent);
  const update = auditedUpdate(advisoryTables, admin, {
    change: `INSERT INTO advisory_updates (advisory_id, body, created_at)
             SELECT id, $2, $3 FROM advisories WHERE id = $1 AND status = 'publicado' FOR UPDATE
             RETURNING advisory_id, id`,
    effects: notice('update', '$3', 'advisory_id', 'id'),
    id,
    body,
    at: now.toISOString(),
    words: state.words,
  });
  const added = await db.query(update.text, update.params);
  if (added.length === 0) throw new Conflict(advisoryAdminMessages.notCurrent);
  return true;
}

/** Levantar: the lift message tells the public what they may do again; the notice leaves the current ones. */
export async function liftAdvisory(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  { liftMessage }: AdvisoryLift,
  now: Date,
): Promise<boolean> {
  const state = await advisoryState(db, id);
  if (!state) return false;
  if (state.status !== 'publicado') throw new Conflict(advisoryAdminMessages.notLiftable);
  const lifted = await changeAndAudit(db, {
    change: `UPDATE advisories SET status = 'levantado', lift_message = $2, lifted_at = $3, updated_at = $3
             WHERE id = $1 AND status = 'publicado' RETURNING id`,
    params: [id, liftMessage, now.toISOString(), `${state.words}: levantado`],
    effects: notice('lifted', '$3'),
    admin,
    action: 'lift',
    entity: 'advisory',
    entityId: 'id',
    summary: '$4::text',
  });
  if (lifted.length === 0) throw new Conflict(advisoryAdminMessages.notLiftable);
  return true;
}
