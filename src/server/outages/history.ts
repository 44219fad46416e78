import { chileDate } from '../../shared/time/wall-clock.ts';
import { causeClassOf, type OutageHistoryEntry, type OutageHistoryTown } from '../../shared/outages/schema.ts';
import { isoTime, type Database } from '../db/index.ts';
import { lastTwelveMonths } from '../../shared/time/last-twelve-months.ts';

/**
 * The outages of the last 12 months: /cortes/historial by town, and ¿Me afecta?'s history
 * of a service's locality. The same records /indicadores counts (src/server/indicators/records.ts),
 * so the pages agree: published outages that were not cancelled (a draft never reached the public, a
 * cancelled one never happened), placed in the period by when the water really stopped, or by the
 * announced start while that is not recorded (closed before migration 0038, or never marked en
 * curso).
 */

/**
 * Where the window starts: /indicadores' period (00:00 of the day after the same Aysén date a year
 * before), its Aysén day and its instant.
 */
export function historySince(now: Date): { day: string; instant: string } {
  const { since } = lastTwelveMonths(now);
  return { day: chileDate(new Date(since)), instant: since };
}

/**
 * The window's condition on outages `o`, with `since` and `until` the placeholders of its ends
 * (instants computed in the code, not by the database's zone data).
 */
const inWindow = (since: string, until: string) => `o.status NOT IN ('borrador', 'cancelado')
  AND coalesce(o.supply_stopped_at, o.starts_at) >= ${since}::timestamptz
  AND coalesce(o.supply_stopped_at, o.starts_at) <= ${until}::timestamptz`;

const entry = `json_build_object('id', o.id::text, 'kind', o.kind, 'town', o.town, 'sectors', o.sectors,
  'status', o.status, 'startsAt', ${isoTime('o.starts_at')}, 'endsAt', ${isoTime('o.ends_at')},
  'publishedAt', ${isoTime('o.published_at')}, 'stoppedAt', ${isoTime('o.supply_stopped_at')},
  'restoredAt', ${isoTime('o.supply_restored_at')}, 'forceMajeureResolution', o.force_majeure_resolution)`;

/**
 * The outages of the town `town` (an SQL expression) in the window, the latest first, as JSON text
 * (the pg and Neon drivers would parse json_agg differently). `recordedOnly`: only those with both
 * real times, the ones art. 25 A can count.
 */
export const historyOf = (town: string, since: string, until: string, { recordedOnly = false } = {}) =>
  `coalesce((SELECT json_agg(${entry} ORDER BY coalesce(o.supply_stopped_at, o.starts_at) DESC, o.id DESC)
     FROM outages o WHERE o.town = ${town} AND ${inWindow(since, until)}
     ${recordedOnly ? 'AND o.supply_restored_at IS NOT NULL' : ''}), '[]')::text`;

type RawEntry = Omit<OutageHistoryEntry, 'causeClass'>;

/** The JSON of historyOf, each outage with its cause class. */
export const parsedHistory = (json: string): OutageHistoryEntry[] =>
  (JSON.parse(json) as RawEntry[]).map((outage) => ({
    ...outage,
    causeClass: causeClassOf(outage.kind, outage.forceMajeureResolution),
  }));

/** Every town, in the towns' order, with its outages of the 12 months before `now`: one statement. */
export async function historyByTown(db: Database, now: Date): Promise<{ since: string; towns: OutageHistoryTown[] }> {
  const since = historySince(now);
  const rows = await db.query<{ slug: string; name: string; outages: string }>(
    `SELECT t.slug, t.name, ${historyOf('t.slug', '$1', '$2')} AS outages
     FROM outage_towns t ORDER BY t.position, t.name`,
    [since.instant, now.toISOString()],
  );
  return { since: since.day, towns: rows.map((row) => ({ ...row, outages: parsedHistory(row.outages) })) };
}
