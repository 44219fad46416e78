import {
  OUTAGE_PAGE_SIZE,
  type AdminOutage,
  type AdminOutageSummary,
  type OutageListQuery,
} from '../../shared/outages/admin/schema.ts';
import { causeClassOf } from '../../shared/outages/schema.ts';
import { interruptionHours, supplyDays } from '../../shared/outages/supply-days.ts';
import { isoTime, type Database } from '../db/index.ts';
import { readOne, type Read } from '../db/reads.ts';
import { noticePage } from '../notices/steps.ts';
import { alertsJson, isNoticeId, lastUpdateJson, outageTables, supplyPointsJson, updatesJson } from '../notices/sql.ts';

/** An outage's id in a path (isNoticeId). */
export const isOutageId = isNoticeId;

const nullableTime = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTime(column)} END`;

const SUMMARY_COLUMNS = `o.id::text AS id, o.kind, o.town, t.name AS "townName", o.sectors,
  ${isoTime('o.starts_at')} AS "startsAt", ${isoTime('o.ends_at')} AS "endsAt", o.status,
  ${lastUpdateJson(outageTables, 'o.id')} AS "lastUpdate", ${nullableTime('o.supply_stopped_at')} AS "supplyStoppedAt",
  ${nullableTime('o.supply_restored_at')} AS "supplyRestoredAt", o.force_majeure_resolution AS "forceMajeureResolution"`;

type Derived = 'causeClass' | 'realHours' | 'supplyDays';

/** What the real times say, counted by the one art. 25 A module (src/shared/outages/supply-days.ts). */
function withRealTimes<Row extends Omit<AdminOutageSummary, Derived>>(
  row: Row,
): Row & Pick<AdminOutageSummary, Derived> {
  const { supplyStoppedAt: stoppedAt, supplyRestoredAt: restoredAt, forceMajeureResolution } = row;
  const interruption = stoppedAt && restoredAt ? { stoppedAt, restoredAt, forceMajeureResolution } : undefined;
  return {
    ...row,
    causeClass: causeClassOf(row.kind, forceMajeureResolution),
    realHours: interruption ? interruptionHours(interruption) : null,
    supplyDays: interruption ? supplyDays(interruption) : null,
  };
}

/**
 * Staff's list: drafts and current outages first (what needs work), then the closed ones, each
 * group by start, the latest first.
 */
export async function listOutages(
  db: Database,
  { status, town, page }: OutageListQuery,
): Promise<{ outages: AdminOutageSummary[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await noticePage<Omit<AdminOutageSummary, Derived>>(db, {
    from: 'outages o',
    join: 'JOIN outage_towns t ON t.slug = o.town',
    columns: SUMMARY_COLUMNS,
    where: 'WHERE ($1::text IS NULL OR o.status = $1) AND ($2::text IS NULL OR o.town = $2)',
    params: [status ?? null, town ?? null],
    order: `o.status IN ('restablecido', 'cancelado'), o.starts_at DESC, o.id DESC`,
    page,
    pageSize: OUTAGE_PAGE_SIZE,
  });
  return { outages: rows.map(withRealTimes), total, page, pageSize: OUTAGE_PAGE_SIZE };
}

/**
 * The read of one outage with its updates (newest first) and supply points: `id` is SQL over
 * `params`, so that a change's batch can read the outage it drew last; undefined when there is none.
 */
export const outageDetailRead = (id: string, params: unknown[]): Read<AdminOutage | undefined> => ({
  statement: {
    text: `SELECT ${SUMMARY_COLUMNS}, o.streets, o.cause, o.short_notice_reason AS "shortNoticeReason",
       ${nullableTime('o.published_at')} AS "publishedAt", ${nullableTime('o.closed_at')} AS "closedAt",
       ${isoTime('o.updated_at')} AS "updatedAt",
       ${updatesJson(outageTables, 'o.id')} AS updates,
       ${supplyPointsJson(outageTables, 'o.id')} AS "supplyPoints",
       (SELECT count(*)::int FROM outage_water_reports r WHERE r.outage_id = o.id) AS "stillWithoutWater",
       (SELECT count(*)::int FROM outage_water_reports r WHERE r.outage_id = o.id AND r.answered_at IS NULL)
         AS "stillWithoutWaterUnanswered",
       ${alertsJson(outageTables, 'o.id')} AS alerts
     FROM outages o JOIN outage_towns t ON t.slug = o.town WHERE o.id = ${id}`,
    params,
  },
  answer: (rows) => {
    const [outage] = rows as (Omit<AdminOutage, Derived | 'alerts'> & { alerts: string })[];
    return outage && withRealTimes({ ...outage, alerts: JSON.parse(outage.alerts) as AdminOutage['alerts'] });
  },
});

/** One outage with its updates and supply points; undefined when there is none. */
export async function outageDetail(db: Database, id: string): Promise<AdminOutage | undefined> {
  if (!isOutageId(id)) return undefined;
  return readOne(db, outageDetailRead('$1', [id]));
}
