import {
  ADVISORY_PAGE_SIZE,
  type AdminAdvisory,
  type AdminAdvisorySummary,
  type AdvisoryListQuery,
} from '../../shared/advisories/admin/schema.ts';
import { isoTime, type Database } from '../db/index.ts';
import { readOne, type Read } from '../db/reads.ts';

/** A notice's id in a path: the table's bigint, or nothing (404, never a database error). */
export const isAdvisoryId = (id: string): boolean => /^[1-9][0-9]{0,17}$/.test(id);

const UPDATE = (u: string) =>
  `json_build_object('id', ${u}.id::text, 'body', ${u}.body, 'createdAt', ${isoTime(`${u}.created_at`)})`;

// json_agg travels as text: the pg and Neon drivers would otherwise parse it differently (public.ts).
const SUMMARY_COLUMNS = `a.id::text AS id, a.kind, a.restriction_level AS "restrictionLevel", a.sectors,
  ${isoTime('a.starts_at')} AS "startsAt", ${isoTime('a.ends_at')} AS "endsAt", a.status,
  coalesce((SELECT json_agg(json_build_object('slug', t.slug, 'name', t.name) ORDER BY t.position, t.name)
            FROM advisory_towns at JOIN outage_towns t ON t.slug = at.town WHERE at.advisory_id = a.id), '[]')::text AS towns,
  (SELECT ${UPDATE('u')} FROM advisory_updates u WHERE u.advisory_id = a.id ORDER BY u.id DESC LIMIT 1)::text AS "lastUpdate"`;

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
  const where = `WHERE ($1::text IS NULL OR a.status = $1)
    AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM advisory_towns at WHERE at.advisory_id = a.id AND at.town = $2))`;
  const params = [status ?? null, town ?? null];
  const [count, rows] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM advisories a ${where}`, params },
    {
      text: `SELECT ${SUMMARY_COLUMNS} FROM advisories a ${where}
             ORDER BY a.status = 'levantado', a.starts_at DESC, a.id DESC LIMIT $3 OFFSET $4`,
      params: [...params, ADVISORY_PAGE_SIZE, (page - 1) * ADVISORY_PAGE_SIZE],
    },
  ])) as [{ total: number }[], SummaryRow[]];
  return { advisories: rows.map(summaryOf), total: count[0]!.total, page, pageSize: ADVISORY_PAGE_SIZE };
}

type DetailRow = Json<AdminAdvisory, 'towns' | 'lastUpdate' | 'updates' | 'supplyPoints'>;

/**
 * The read of one notice with its updates (newest first) and supply points: `id` is SQL over
 * `params`, so that a change's batch can read the notice it drew last; undefined when there is none.
 */
export const advisoryDetailRead = (id: string, params: unknown[]): Read<AdminAdvisory | undefined> => ({
  statement: {
    text: `SELECT ${SUMMARY_COLUMNS}, a.instructions, a.lift_message AS "liftMessage",
       ${isoTime('a.published_at')} AS "publishedAt", ${isoTime('a.lifted_at')} AS "liftedAt",
       ${isoTime('a.updated_at')} AS "updatedAt",
       coalesce((SELECT json_agg(${UPDATE('u')} ORDER BY u.id DESC) FROM advisory_updates u WHERE u.advisory_id = a.id),
         '[]')::text AS updates,
       coalesce((SELECT json_agg(json_build_object('name', p.name, 'address', p.address, 'latitude', p.latitude,
                 'longitude', p.longitude, 'hours', p.hours) ORDER BY p.id)
                 FROM advisory_supply_points p WHERE p.advisory_id = a.id), '[]')::text AS "supplyPoints"
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
      }
    );
  },
});

/** One notice with its updates and supply points; undefined when there is none. */
export async function advisoryDetail(db: Database, id: string): Promise<AdminAdvisory | undefined> {
  if (!isAdvisoryId(id)) return undefined;
  return readOne(db, advisoryDetailRead('$1', [id]));
}
