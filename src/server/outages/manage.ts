import { chileMinute } from '../../shared/time/format.ts';
import { outageAdminMessages, type AdminOutage } from '../../shared/outages/admin/schema.ts';
import {
  closedStatuses,
  outageKindLabels,
  type OutageInput,
  type OutageKind,
  type OutageStatus,
  outageMessages,
} from '../../shared/outages/schema.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { Conflict, Invalid } from '../errors.ts';
import { outageTables, supplyPointsFrom } from '../notices/sql.ts';
import { createDraft, deleteDraft } from '../notices/steps.ts';
import { isOutageId, outageDetailRead } from './admin-list.ts';
import { requireTown } from './towns.ts';

/**
 * Staff write an outage (a draft, or one already published that needs correcting) with its
 * supply points, which each save replaces as a set. Each change and its audit row are one
 * transaction (src/server/audit.ts); a closed outage is history and is no longer changed.
 */

export const CLOSED = `('restablecido', 'cancelado')`;

/**
 * The words of the audit log for an outage: "Programado en Coyhaique, desde 12-03-2026 09:00". Its
 * creation and each edit keep them with it (audit_words, migration 0039), for its publication.
 */
export const outageWords = (kind: OutageKind, townName: string, startsAt: string): string =>
  `${outageKindLabels[kind]} en ${townName}, desde ${chileMinute(startsAt)}`;

/** The status and words of an existing outage; undefined when there is none. */
export async function outageState(
  db: Database,
  id: string,
): Promise<{ status: OutageStatus; words: string; kind: OutageKind; startsAt: string } | undefined> {
  if (!isOutageId(id)) return undefined;
  const [row] = await db.query<{ status: OutageStatus; kind: OutageKind; name: string; starts_at: string }>(
    `SELECT o.status, o.kind, t.name, ${isoTime('o.starts_at')} AS starts_at
     FROM outages o JOIN outage_towns t ON t.slug = o.town WHERE o.id = $1`,
    [id],
  );
  return (
    row && {
      status: row.status,
      kind: row.kind,
      startsAt: row.starts_at,
      words: outageWords(row.kind, row.name, row.starts_at),
    }
  );
}

/** The supply points of the outage `outageId` (SQL), from the input, in its order. */
const insertSupplyPoints = (
  input: OutageInput,
  outageId: string,
  { guard = '', params = [] }: { guard?: string; params?: unknown[] } = {},
): Statement => ({
  text: `${supplyPointsFrom(outageTables, outageId, '$1')} ${guard} ORDER BY e.n`,
  params: [JSON.stringify(input.supplyPoints), ...params],
});

/** What staff write of an outage, in the order of its columns in the INSERT and the UPDATE below. */
const columnsOf = (input: OutageInput) => [
  input.kind,
  input.town,
  input.sectors,
  input.streets,
  input.startsAt,
  input.endsAt,
  input.cause,
];

/**
 * A new draft, answered as it was stored, in one round trip: the row with its audit row, the supply
 * points and the detail. The town's name in the log is read by the same statement, and a town not
 * in outage_towns breaks the foreign key, which refuses the whole batch.
 */
export async function createOutage(
  db: Database,
  admin: SignedInAdmin,
  input: OutageInput,
  now: Date,
): Promise<AdminOutage> {
  // The outage of this transaction: its identity was drawn by the first statement.
  const drawn = `currval(pg_get_serial_sequence('outages', 'id'))`;
  return createDraft(db, {
    statements: [
      auditedChange({
        change: `INSERT INTO outages (kind, town, sectors, streets, starts_at, ends_at, cause, created_at, updated_at, audit_words)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, format($9::text, (SELECT name FROM outage_towns WHERE slug = $2)))
                 RETURNING id::text AS id, audit_words`,
        // The words with '%s' for the town's name (no label nor date holds a '%').
        params: [...columnsOf(input), now.toISOString(), outageWords(input.kind, '%s', input.startsAt)],
        admin,
        action: 'create',
        entity: 'outage',
        entityId: 'id',
        summary: `'borrador: ' || audit_words`,
      }),
      insertSupplyPoints(input, drawn),
    ],
    detail: outageDetailRead(drawn, []),
    unknownTown: () => new Invalid(outageMessages.town, 'town'),
  });
}

/** Replaces what staff wrote and the supply points; false when there is no such outage. */
export async function updateOutage(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: OutageInput,
  now: Date,
): Promise<boolean> {
  const state = await outageState(db, id);
  if (!state) return false;
  if (closedStatuses.includes(state.status)) throw new Conflict(outageAdminMessages.closedNotEditable);
  const townName = await requireTown(db, input.town);
  // Each statement checks again that the outage is open: it may have been closed meanwhile.
  const open = (param: string) => `EXISTS (SELECT 1 FROM outages WHERE id = ${param} AND status NOT IN ${CLOSED})`;
  const [updated] = (await db.batch([
    auditedChange({
      change: `UPDATE outages SET kind = $2, town = $3, sectors = $4, streets = $5, starts_at = $6, ends_at = $7,
                 cause = $8, updated_at = $9, audit_words = $10
               WHERE id = $1 AND status NOT IN ${CLOSED} RETURNING id`,
      params: [id, ...columnsOf(input), now.toISOString(), outageWords(input.kind, townName, input.startsAt)],
      admin,
      action: 'update',
      entity: 'outage',
      entityId: 'id',
      summary: '$10::text',
    }),
    { text: `DELETE FROM outage_supply_points WHERE outage_id = $1 AND ${open('$1')}`, params: [id] },
    insertSupplyPoints(input, '$2::bigint', { guard: `WHERE ${open('$2')}`, params: [id] }),
  ])) as [unknown[]];
  if (updated.length === 0) throw new Conflict(outageAdminMessages.closedNotEditable);
  return true;
}

/** Only a draft goes away: what the public saw stays, closed, in the history. */
export async function deleteOutage(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  const state = await outageState(db, id);
  if (!state) return false;
  await deleteDraft(db, admin, outageTables, id, { words: state.words, notDraft: outageAdminMessages.notDraft });
  return true;
}
