import type { OutageTown, PublicOutage } from '../../shared/outages/schema.ts';
import { currentStatuses } from '../../shared/outages/schema.ts';
import type { Database, Statement } from '../db/index.ts';
import { readOne, type Read } from '../db/reads.ts';
import { aysenIso } from '../../shared/time/wall-clock.ts';

/**
 * What the public reads of the outages: /cortes, GET /api/outages, the feeds and the
 * home band. Only published outages that are not closed: a draft or a restored or cancelled one
 * never leaves the admin.
 */

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const columns = `o.id::text AS id, o.kind, o.town, t.name AS "townName", o.sectors, o.streets,
  ${iso('o.starts_at')} AS "startsAt", ${iso('o.ends_at')} AS "endsAt", o.cause, o.status,
  ${iso('greatest(o.updated_at, coalesce((SELECT max(u.created_at) FROM outage_updates u WHERE u.outage_id = o.id), o.updated_at))')} AS "updatedAt",
  coalesce((SELECT json_agg(json_build_object('body', u.body, 'createdAt', ${iso('u.created_at')}) ORDER BY u.created_at DESC, u.id DESC)
            FROM outage_updates u WHERE u.outage_id = o.id), '[]')::text AS updates,
  coalesce((SELECT json_agg(json_build_object('name', p.name, 'address', p.address, 'latitude', p.latitude,
              'longitude', p.longitude, 'hours', p.hours) ORDER BY p.id)
            FROM outage_supply_points p WHERE p.outage_id = o.id), '[]')::text AS "supplyPoints"`;

type Row = Omit<PublicOutage, 'updates' | 'supplyPoints'> & { updates: string; supplyPoints: string };

// json_agg travels as text: the pg and Neon drivers would otherwise parse it differently. The
// instants leave on Aysén's clock (AysenInstantSchema), converted here: the database's zone data
// is not relied on (src/shared/time/zone.ts).
const parsed = (row: Row): PublicOutage => ({
  ...row,
  startsAt: aysenIso(row.startsAt),
  endsAt: aysenIso(row.endsAt),
  updatedAt: aysenIso(row.updatedAt),
  updates: (JSON.parse(row.updates) as PublicOutage['updates']).map((update) => ({
    ...update,
    createdAt: aysenIso(update.createdAt),
  })),
  supplyPoints: JSON.parse(row.supplyPoints),
});

/** Current and upcoming outages, by town position, then start, with their updates and supply points. */
export const publicOutagesRead: Read<PublicOutage[]> = {
  statement: {
    text: `SELECT ${columns} FROM outages o JOIN outage_towns t ON t.slug = o.town
           WHERE o.status = ANY($1::text[])
           ORDER BY t.position, t.name, o.starts_at, o.id`,
    params: [currentStatuses],
  },
  answer: (rows) => (rows as Row[]).map(parsed),
};

export const listPublicOutages = (db: Database) => readOne(db, publicOutagesRead);

/**
 * The outages of `ids` (a statement selecting them) that were ever published, closed ones too
 * (their CAP messages stay readable: src/server/cap/); a draft never.
 */
export const publishedOutagesRead = (ids: Statement): Read<PublicOutage[]> => ({
  statement: {
    text: `SELECT ${columns} FROM outages o JOIN outage_towns t ON t.slug = o.town
           WHERE o.id IN (${ids.text}) AND o.status <> 'borrador' ORDER BY o.id`,
    params: ids.params ?? [],
  },
  answer: (rows) => (rows as Row[]).map(parsed),
});

export const outageTownsRead: Read<OutageTown[]> = {
  statement: { text: `SELECT slug, name, latitude, longitude FROM outage_towns ORDER BY position, name` },
  answer: (rows) => rows as OutageTown[],
};

export const listOutageTowns = (db: Database) => readOne(db, outageTownsRead);
