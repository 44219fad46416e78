import {
  ADVISORY_PAGE_SIZE,
  type AdminAdvisory,
  type AdminAdvisorySummary,
  type AdvisoryListQuery,
} from '../../shared/advisories/admin/schema.ts';
import { isoTime, type Database } from '../db/index.ts';
import { readOne, type Read } from '../db/reads.ts';
import { noticePage } from '../notices/steps.ts';
import {
  advisoryTables,
  alertsJson,
  isNoticeId,
  lastUpdateJson,
  supplyPointsJson,
  updatesJson,
} from '../notices/sql.ts';

/** A notice's id in a path (isNoticeId). */
export const isAdvisoryId = isNoticeId;

// json_agg travels as text: the pg and Neon drivers would otherwise parse it differently (public.ts).
const SUMMARY_COLUMNS = `a.id::text AS id, a.kind, a.restriction_level AS "restrictionLevel", a.sectors,
  ${isoTime('a.starts_at')} AS "startsAt", ${isoTime('a.ends_at')} AS "endsAt", a.status,
  coalesce((SELECT json_agg(json_build_object('slug', t.slug, 'name', t.name) ORDER BY t.position, t.name)
            FROM advisory_towns at JOIN outage_towns t ON t.slug = at.town WHERE at.advisory_id = a.id), '[]')::text AS towns,
  ${lastUpdateJson(advisoryTables, 'a.id')}::text AS "lastUpdate"`;

type Json<Row, Keys extends keyof Row> = Omit<Row, Keys> & { [Key in Keys]: string };
type SummaryRow = Json<AdminAdvisorySummary, 'towns' | 'lastUpdate'>;

const summaryOf = (row: SummaryRow): AdminAdvisorySummary => ({
  ...row,
  towns: JSON.parse(row.towns),
  lastUpdate: row.lastUpdate === null ? null : JSON.parse(row.lastUpdate),
});

/**
 * Staff's list: drafts and notices in force first (what needs work), then the lifted ones, each
 * group by start, the latest first.
 */
export async function listAdvisories(
  db: Database,
  { status, town, page }: AdvisoryListQuery,
): Promise<{ advisories: AdminAdvisorySummary[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await noticePage<SummaryRow>(db, {
    from: 'advisories a',
    columns: SUMMARY_COLUMNS,
    where: `WHERE ($1::text IS NULL OR a.status = $1)
      AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM advisory_towns at WHERE at.advisory_id = a.id AND at.town = $2))`,
    params: [status ?? null, town ?? null],
    order: `a.status = 'levantado', a.starts_at DESC, a.id DESC`,
    page,
    pageSize: ADVISORY_PAGE_SIZE,
  });
  return { advisories: rows.map(summaryOf), total, page, pageSize: ADVISORY_PAGE_SIZE };
}

type DetailRow = Json<AdminAdvisory, 'towns' | 'lastUpdate' | 'updates' | 'supplyPoints' | 'alerts'>;

/**
 * The read of one notice with its updates (newest first) and supply points: `id` is SQL over
 * `params`, so that a change's batch can read the notice it drew last; undefined when there is none.
 */
export const advisoryDetailRead = (id: string, params: unknown[]): Read<AdminAdvisory | undefined> => ({
  statement: {
    text: `SELECT ${SUMMARY_COLUMNS}, a.instructions, a.lift_message AS "liftMessage",
       ${isoTime('a.published_at')} AS "publishedAt", ${isoTime('a.lifted_at')} AS "liftedAt",
       ${isoTime('a.updated_at')} AS "updatedAt",
       ${updatesJson(advisoryTables, 'a.id')}::text AS updates,
       ${supplyPointsJson(advisoryTables, 'a.id')}::text AS "supplyPoints",
       ${alertsJson(advisoryTables, 'a.id')} AS alerts
     FROM advisories a WHERE a.id = ${id}`,
    params,
  },
  answer: (rows) => {
    const [row] = rows as DetailRow[];
    return (
      row && {
        ...row,
        ...summaryOf(row),
        updates: JSON.parse(row.updates),
        supplyPoints: JSON.parse(row.supplyPoints),
        alerts: JSON.parse(row.alerts),
      }
    );
  },
});

/** One notice with its updates and supply points; undefined when there is none. */
export async function advisoryDetail(db: Database, id: string): Promise<AdminAdvisory | undefined> {
  if (!isAdvisoryId(id)) return undefined;
  return readOne(db, advisoryDetailRead('$1', [id]));
}
