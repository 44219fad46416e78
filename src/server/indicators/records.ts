import type { OutageKind, OutageTown } from '../../shared/outages/schema.ts';
import type { Database } from '../db/index.ts';

/**
 * What /indicadores counts, read in one statement: the towns, the outages and the reclamos of the
 * period. The figures are computed from these rows in code (figures.ts), with art. 25 A's own
 * duration (interruptionHours) and the business-day calendar, which lives in the server, not SQL.
 */

export interface OutageRecord {
  town: string;
  kind: OutageKind;
  forceMajeureResolution: string | null;
  startsAt: string;
  publishedAt: string | null;
  stoppedAt: string | null;
  restoredAt: string | null;
  /** Replies SIGO SIN AGUA to its restoration that staff have not answered (outages/water-reports.ts). */
  unansweredReports: number;
}

export interface ComplaintRecord {
  locality: string;
  receivedAt: string;
  answeredAt: string | null;
}

export interface IndicatorRecords {
  towns: Pick<OutageTown, 'slug' | 'name'>[];
  outages: OutageRecord[];
  complaints: ComplaintRecord[];
}

// Milliseconds kept: a notice of exactly 48 hours, or a restoration at exactly 12, stays exact.
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The records of [since, until]: published outages that were not cancelled (a draft never reached
 * the public, a cancelled one never happened), placed in the period by when the water really
 * stopped, or by the announced start while that is not recorded; reclamos by when they arrived.
 */
export async function indicatorRecords(db: Database, since: string, until: string): Promise<IndicatorRecords> {
  const [row] = await db.query<{ towns: string; outages: string; complaints: string }>(
    // json_agg travels as text: the pg and Neon drivers would otherwise parse it differently.
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('slug', slug, 'name', name) ORDER BY position, name), '[]')
          FROM outage_towns)::text AS towns,
       (SELECT coalesce(json_agg(json_build_object(
                 'town', town, 'kind', kind, 'forceMajeureResolution', force_majeure_resolution,
                 'startsAt', ${iso('starts_at')}, 'publishedAt', ${iso('published_at')},
                 'stoppedAt', ${iso('supply_stopped_at')}, 'restoredAt', ${iso('supply_restored_at')},
                 'unansweredReports', (SELECT count(*) FROM outage_water_reports r
                                       WHERE r.outage_id = outages.id AND r.answered_at IS NULL)) ORDER BY id), '[]')
          FROM outages
         WHERE status IN ('publicado', 'en_curso', 'restablecido')
           AND coalesce(supply_stopped_at, starts_at) >= $1::timestamptz
           AND coalesce(supply_stopped_at, starts_at) <= $2::timestamptz)::text AS outages,
       (SELECT coalesce(json_agg(json_build_object(
                 'locality', locality, 'receivedAt', ${iso('received_at')}, 'answeredAt', ${iso('answered_at')}) ORDER BY id), '[]')
          FROM cases
         WHERE kind = 'reclamo' AND received_at >= $1::timestamptz AND received_at <= $2::timestamptz)::text AS complaints`,
    [since, until],
  );
  return { towns: JSON.parse(row!.towns), outages: JSON.parse(row!.outages), complaints: JSON.parse(row!.complaints) };
}
