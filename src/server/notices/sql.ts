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
  /** What its steps told subscribers (outage-alerts/notices.ts), and its alerts' reference prefix. */
  notices: 'outage_notices' | 'advisory_notices';
  reference: 'COR' | 'AVI';
  /** SQL: the slugs of the towns of the notice `id` (SQL), a text[]. */
  towns: (id: string) => string;
}

export const outageTables = {
  table: 'outages',
  key: 'outage_id',
  updates: 'outage_updates',
  supplyPoints: 'outage_supply_points',
  entity: 'outage',
  notices: 'outage_notices',
  reference: 'COR',
  towns: (id: string) => `ARRAY(SELECT town FROM outages WHERE id = ${id})`,
} as const satisfies NoticeTables;

export const advisoryTables = {
  table: 'advisories',
  key: 'advisory_id',
  updates: 'advisory_updates',
  supplyPoints: 'advisory_supply_points',
  entity: 'advisory',
  notices: 'advisory_notices',
  reference: 'AVI',
  towns: (id: string) => `ARRAY(SELECT town FROM advisory_towns WHERE advisory_id = ${id})`,
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

/** Provider statuses of a message that reached the phone, and of one that never will. */
const DELIVERED = `('delivered', 'read', 'completed')`;
const UNDELIVERED = `('failed', 'undelivered', 'busy', 'no-answer', 'canceled')`;

/**
 * SQL: the alerts of the notice `id` (SQL) as staff see them (shared/notices/alerts.ts), as text:
 * its towns' confirmed subscribers by channel, and each of its notices' messages by channel and
 * outcome, read by their reference (`COR-<notice>`, `AVI-<notice>`: outbox_reference).
 */
export const alertsJson = ({ notices, key, reference, towns }: NoticeTables, id: string) =>
  `json_build_object(
     'audience', (SELECT coalesce(json_object_agg(c.channel, c.subscribers), '{}') FROM (
       SELECT s.channel, count(*)::int AS subscribers FROM outage_subscriptions s
       WHERE s.confirmed_at IS NOT NULL AND s.towns && ${towns(id)} GROUP BY s.channel) c),
     'notices', coalesce((SELECT json_agg(json_build_object('kind', n.kind, 'createdAt', ${isoTime('n.created_at')},
       'channels', (SELECT coalesce(json_object_agg(m.channel, json_build_object('queued', m.queued, 'sent', m.sent,
            'delivered', m.delivered, 'failed', m.failed)), '{}') FROM (
          SELECT channel, count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS queued,
            count(*) FILTER (WHERE status = 'sent')::int AS sent,
            count(*) FILTER (WHERE provider_status IN ${DELIVERED})::int AS delivered,
            count(*) FILTER (WHERE status = 'held' OR provider_status IN ${UNDELIVERED})::int AS failed
          FROM outbox WHERE reference = '${reference}-' || n.id GROUP BY channel) m)) ORDER BY n.id DESC)
       FROM ${notices} n WHERE n.${key} = ${id}), '[]'))::text`;
