import { auditedChange, changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { Conflict } from '../errors.ts';

/**
 * A published notice's tables: the outage or the aviso, and beside it, keyed by its id, its public
 * updates, its supply points and its notices (what subscribers are mailed and CAP publishes).
 * Cortes (src/server/outages) and avisos (src/server/advisories) are two configurations of it:
 * what their lists, details, drafts and updates share is written here once.
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

/**
 * A page of staff's list in one round trip: the count of the rows `where` keeps and the page's
 * rows, in `order`. `from` is the table with its alias (`outages o`), `join` what the rows read
 * beside it; `where` uses $1 and $2, the page takes $3 and $4.
 */
export async function noticePage<Row>(
  db: Database,
  {
    from,
    join = '',
    columns,
    where,
    params,
    order,
    page,
    pageSize,
  }: {
    from: string;
    join?: string;
    columns: string;
    where: string;
    params: [unknown, unknown];
    order: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: Row[]; total: number }> {
  const [count, rows] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM ${from} ${where}`, params },
    {
      text: `SELECT ${columns} FROM ${from} ${join} ${where} ORDER BY ${order} LIMIT $3 OFFSET $4`,
      params: [...params, pageSize, (page - 1) * pageSize],
    },
  ] satisfies Statement[])) as [{ total: number }[], Row[]];
  return { rows, total: count[0]!.total };
}

/**
 * Only a draft goes away: what the public saw stays in the history. `words` name it in the log;
 * a notice published meanwhile is refused with `notDraft`.
 */
export async function deleteDraft(
  db: Database,
  admin: SignedInAdmin,
  { table, entity }: NoticeTables,
  id: string,
  { words, notDraft }: { words: string; notDraft: string },
): Promise<void> {
  const deleted = await changeAndAudit(db, {
    change: `DELETE FROM ${table} WHERE id = $1 AND status = 'borrador' RETURNING id`,
    params: [id, `borrador: ${words}`],
    admin,
    action: 'delete',
    entity,
    entityId: 'id',
    summary: '$2::text',
  });
  if (deleted.length === 0) throw new Conflict(notDraft);
}

/**
 * The statement of a public update with its audit row ("actualización de …"): `change` inserts it
 * into the notice's updates from $1 (the notice), $2 (the text) and $3 (its time) and returns the
 * notice's key; `effects`, what happens exactly when it does (audit.ts).
 */
export const auditedUpdate = (
  { key, entity }: NoticeTables,
  admin: SignedInAdmin,
  {
    change,
    effects,
    id,
    body,
    at,
    words,
  }: {
    change: string;
    effects?: string;
    id: string;
    body: string;
    at: string;
    words: string;
  },
): Statement =>
  auditedChange({
    change,
    params: [id, body, at, `actualización de ${words}`],
    ...(effects === undefined ? {} : { effects }),
    admin,
    action: 'create',
    entity,
    entityId: key,
    summary: '$4::text',
  });
