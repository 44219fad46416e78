import { isoTime } from '../db/index.ts';

/**
 * A published notice's tables: the outage or the aviso, and beside it, keyed by its id, its public
 * updates, its supply points and its notices (what subscribers are mailed and CAP publishes).
 * Cortes (src/server/outages) and avisos (src/server/advisories) are two configurations of it:
 * this file has the SQL their lists and details share, steps.ts the steps of their lives.
 */
export interface NoticeTables {
  table: 'outages' | 'advisories';
  /** The key of the rows beside it. */
  key: 'outage_id' | 'advisory_id';
  updates: 'outage_updates' | 'advisory_updates';
  supplyPoints: 'outage_supply_points' | 'advisory_supply_points';
  /** The audit log's entity. */
  entity: 'outage' | 'advisory';
}

export const outageTables = {
  table: 'outages',
  key: 'outage_id',
  updates: 'outage_updates',
  supplyPoints: 'outage_supply_points',
  entity: 'outage',
} as const satisfies NoticeTables;

export const advisoryTables = {
  table: 'advisories',
  key: 'advisory_id',
  updates: 'advisory_updates',
  supplyPoints: 'advisory_supply_points',
  entity: 'advisory',
} as const satisfies NoticeTables;

/** A notice's id in a path: the table's bigint, or nothing (404, never a database error). */
export const isNoticeId = (id: string): boolean => /^[1-9][0-9]{0,17}$/.test(id);

/** SQL: one public update `u` as the API answers it. */
const updateObject = (u: string) =>
  `json_build_object('id', ${u}.id::text, 'body', ${u}.body, 'createdAt', ${isoTime(`${u}.created_at`)})`;

/** SQL: the latest public update of the notice `id` (SQL), or null. */
export const lastUpdateJson = ({ updates, key }: NoticeTables, id: string) =>
  `(SELECT ${updateObject('u')} FROM ${updates} u WHERE u.${key} = ${id} ORDER BY u.id DESC LIMIT 1)`;

/** SQL: the public updates of the notice `id` (SQL), newest first. */
export const updatesJson = ({ updates, key }: NoticeTables, id: string) =>
  `coalesce((SELECT json_agg(${updateObject('u')} ORDER BY u.id DESC) FROM ${updates} u WHERE u.${key} = ${id}), '[]')`;

/** SQL: the supply points of the notice `id` (SQL), in their order. */
export const supplyPointsJson = ({ supplyPoints, key }: NoticeTables, id: string) =>
  `coalesce((SELECT json_agg(json_build_object('name', p.name, 'address', p.address, 'latitude', p.latitude,
     'longitude', p.longitude, 'hours', p.hours) ORDER BY p.id) FROM ${supplyPoints} p WHERE p.${key} = ${id}), '[]')`;

/**
 * SQL: the supply points of the notice `id` (SQL), from `points` (a JSON parameter), in the
 * input's order once the caller adds `ORDER BY e.n` (after a guard of its own, if any).
 */
export const supplyPointsFrom = ({ supplyPoints, key }: NoticeTables, id: string, points: string) =>
  `INSERT INTO ${supplyPoints} (${key}, name, address, latitude, longitude, hours)
   SELECT ${id}, p.name, p.address, p.latitude, p.longitude, p.hours
   FROM jsonb_array_elements(${points}::jsonb) WITH ORDINALITY AS e(point, n),
     jsonb_to_record(e.point) AS p(name text, address text, latitude float8, longitude float8, hours text)`;
