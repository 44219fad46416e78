import { chileMinute } from '../../shared/time/format.ts';
import { outageAdminMessages, type OutageSupplyTimes } from '../../shared/outages/admin/schema.ts';
import type { OutageKind, OutageStatus } from '../../shared/outages/schema.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database } from '../db/index.ts';
import { Conflict, Invalid } from '../errors.ts';
import { isOutageId } from './admin-list.ts';
import { outageWords } from './manage.ts';

/**
 * Staff correct when the water really stopped and came back, and record the SISS resolution that
 * declared an outage force majeure (docs/features/outages.md, "Real times"). The status changes
 * wrote the defaults (lifecycle.ts); a correction says why, in the audit log with the times it
 * replaced. Only an outage en curso (no restore yet) or restablecido is corrected.
 */

interface SupplyState {
  status: OutageStatus;
  words: string;
  stoppedAt: string | null;
  restoredAt: string | null;
  resolution: string | null;
  /** The stored values, to the microsecond (the ISO times above stop at the second), for the guard. */
  stored: [stopped: string | null, restored: string | null];
}

const time = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTime(column)} END`;

async function supplyState(db: Database, id: string): Promise<SupplyState | undefined> {
  if (!isOutageId(id)) return undefined;
  const [row] = await db.query<{
    status: OutageStatus;
    kind: OutageKind;
    name: string;
    starts_at: string;
    stopped_at: string | null;
    restored_at: string | null;
    resolution: string | null;
    stored_stopped: string | null;
    stored_restored: string | null;
  }>(
    `SELECT o.status, o.kind, t.name, ${isoTime('o.starts_at')} AS starts_at,
       ${time('o.supply_stopped_at')} AS stopped_at, ${time('o.supply_restored_at')} AS restored_at,
       o.force_majeure_resolution AS resolution, o.supply_stopped_at::text AS stored_stopped,
       o.supply_restored_at::text AS stored_restored
     FROM outages o JOIN outage_towns t ON t.slug = o.town WHERE o.id = $1`,
    [id],
  );
  return (
    row && {
      status: row.status,
      words: outageWords(row.kind, row.name, row.starts_at),
      stoppedAt: row.stopped_at,
      restoredAt: row.restored_at,
      resolution: row.resolution,
      stored: [row.stored_stopped, row.stored_restored],
    }
  );
}

const shown = (iso: string | null) => (iso ? chileMinute(iso) : 'sin registrar');
const change = (label: string, from: string, to: string) => `${label} ${from} → ${to}`;

/** The audit log's words: the times replaced and the new ones, the resolution if it changed, the reason. */
function summary(state: SupplyState, input: OutageSupplyTimes, restoredAt: string | null, resolution: string | null) {
  return [
    `Horas reales de ${state.words}: ${change('corte', shown(state.stoppedAt), chileMinute(input.supplyStoppedAt))}`,
    change('reposición', shown(state.restoredAt), shown(restoredAt)),
    ...(resolution === state.resolution
      ? []
      : [change('resolución SISS', state.resolution ?? 'ninguna', resolution ?? 'ninguna')]),
    `motivo: ${input.reason}`,
  ].join('; ');
}

/** Neither instant after the server's clock (Aysén's now; X-Local-Now in local mode). */
function refuseFuture({ supplyStoppedAt, supplyRestoredAt }: OutageSupplyTimes, now: Date): void {
  const errors: Record<string, string> = {};
  if (Date.parse(supplyStoppedAt) > now.getTime()) errors.supplyStoppedAt = outageAdminMessages.supplyStoppedFuture;
  if (supplyRestoredAt && Date.parse(supplyRestoredAt) > now.getTime())
    errors.supplyRestoredAt = outageAdminMessages.supplyRestoredFuture;
  const [first] = Object.values(errors);
  if (first) throw new Invalid(first, errors);
}

/** PUT /api/admin/outages/{id}/supply; false when there is no such outage. */
export async function correctSupplyTimes(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: OutageSupplyTimes,
  now: Date,
): Promise<boolean> {
  const state = await supplyState(db, id);
  if (!state) return false;
  if (state.status !== 'en_curso' && state.status !== 'restablecido')
    throw new Conflict(outageAdminMessages.supplyNotCorrectable);
  if (state.status === 'en_curso' && input.supplyRestoredAt)
    throw new Conflict(outageAdminMessages.supplyStillRunning, 'supplyRestoredAt');
  if (state.status === 'restablecido' && !input.supplyRestoredAt)
    throw new Invalid(outageAdminMessages.supplyRestored, 'supplyRestoredAt');
  refuseFuture(input, now);
  const restoredAt = input.supplyRestoredAt || null;
  const resolution = input.forceMajeureResolution || null;
  const corrected = await changeAndAudit(db, {
    // Only over what was read: the status it was checked against and the times the summary says it
    // replaced. A restore that landed meanwhile (which writes both) makes this refuse, rather than
    // clear the restore or log times that were no longer there.
    change: `UPDATE outages SET supply_stopped_at = $2, supply_restored_at = $3, force_majeure_resolution = $4,
                 updated_at = $5
               WHERE id = $1 AND status = $6 AND supply_stopped_at IS NOT DISTINCT FROM $7::timestamptz
                 AND supply_restored_at IS NOT DISTINCT FROM $8::timestamptz
                 AND force_majeure_resolution IS NOT DISTINCT FROM $9::text
               RETURNING id`,
    params: [
      id,
      input.supplyStoppedAt,
      restoredAt,
      resolution,
      now.toISOString(),
      state.status,
      ...state.stored,
      state.resolution,
      summary(state, input, restoredAt, resolution),
    ],
    admin,
    action: 'update',
    entity: 'outage',
    entityId: 'id',
    summary: '$10::text',
  });
  if (corrected.length === 0) throw new Conflict(outageAdminMessages.supplyChanged);
  return true;
}
