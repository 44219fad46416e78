import { ADVISORY_HISTORY_MONTHS, healthKinds, type PublicAdvisory } from '../../shared/advisories/schema.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { readOne, type Read } from '../db/reads.ts';

/**
 * What the public reads of the notices: /avisos, /avisos/{id}, GET /api/advisories, the home band,
 * CAP and GeoJSON. A draft never leaves the admin; a lifted notice is history for 12 months.
 */

const columns = `a.id::text AS id, a.kind, a.restriction_level AS "restrictionLevel", a.sectors,
  ${isoTime('a.starts_at')} AS "startsAt", ${isoTime('a.ends_at')} AS "endsAt", a.instructions,
  a.lift_message AS "liftMessage", a.status, ${isoTime('a.published_at')} AS "publishedAt",
  ${isoTime('a.lifted_at')} AS "liftedAt",
  ${isoTime('greatest(a.updated_at, coalesce((SELECT max(u.created_at) FROM advisory_updates u WHERE u.advisory_id = a.id), a.updated_at))')} AS "updatedAt",
  coalesce((SELECT json_agg(json_build_object('slug', t.slug, 'name', t.name, 'latitude', t.latitude,
              'longitude', t.longitude) ORDER BY t.position, t.name)
            FROM advisory_towns at JOIN outage_towns t ON t.slug = at.town WHERE at.advisory_id = a.id), '[]')::text AS towns,
  coalesce((SELECT json_agg(json_build_object('body', u.body, 'createdAt', ${isoTime('u.created_at')}) ORDER BY u.created_at DESC, u.id DESC)
            FROM advisory_updates u WHERE u.advisory_id = a.id), '[]')::text AS updates,
  coalesce((SELECT json_agg(json_build_object('name', p.name, 'address', p.address, 'latitude', p.latitude,
              'longitude', p.longitude, 'hours', p.hours) ORDER BY p.id)
            FROM advisory_supply_points p WHERE p.advisory_id = a.id), '[]')::text AS "supplyPoints"`;

type Row = Omit<PublicAdvisory, 'towns' | 'updates' | 'supplyPoints'> & {
  towns: string;
  updates: string;
  supplyPoints: string;
};

// json_agg travels as text: the pg and Neon drivers would otherwise parse it differently.
const parsed = (row: Row): PublicAdvisory => ({
  ...row,
  towns: JSON.parse(row.towns),
  updates: JSON.parse(row.updates),
  supplyPoints: JSON.parse(row.supplyPoints),
});

/** The notices in force: health ones first (they outrank the rest in the band), then by start. */
export const currentAdvisoriesRead: Read<PublicAdvisory[]> = {
  statement: {
    text: `SELECT ${columns} FROM advisories a WHERE a.status = 'publicado'
           ORDER BY (a.kind = ANY($1::text[])) DESC, a.starts_at, a.id`,
    params: [healthKinds],
  },
  answer: (rows) => (rows as Row[]).map(parsed),
};

export const listCurrentAdvisories = (db: Database) => readOne(db, currentAdvisoriesRead);

/** The notices lifted in the last 12 months, the latest first (/avisos' history). */
export const pastAdvisoriesRead = (now: Date): Read<PublicAdvisory[]> => ({
  statement: {
    text: `SELECT ${columns} FROM advisories a
           WHERE a.status = 'levantado' AND a.lifted_at > $1::timestamptz - make_interval(months => $2)
           ORDER BY a.lifted_at DESC, a.id DESC`,
    params: [now.toISOString(), ADVISORY_HISTORY_MONTHS],
  },
  answer: (rows) => (rows as Row[]).map(parsed),
});

/** One published or lifted notice (/avisos/{id}); undefined for a draft, an unknown id or a malformed one. */
export async function findPublicAdvisory(db: Database, id: string): Promise<PublicAdvisory | undefined> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return undefined;
  const [row] = await db.query<Row>(`SELECT ${columns} FROM advisories a WHERE a.id = $1 AND a.status <> 'borrador'`, [
    id,
  ]);
  return row && parsed(row);
}

/** The published or lifted notices of `ids`, a statement selecting them (CAP: src/server/cap/); a draft never. */
export const publicAdvisoriesRead = (ids: Statement): Read<PublicAdvisory[]> => ({
  statement: {
    text: `SELECT ${columns} FROM advisories a WHERE a.id IN (${ids.text}) AND a.status <> 'borrador' ORDER BY a.id`,
    params: ids.params ?? [],
  },
  answer: (rows) => (rows as Row[]).map(parsed),
});
