import { currentStatuses } from '../../shared/outages/schema.ts';
import { findPublicAdvisories } from '../advisories/public.ts';
import { isoTime, type Database } from '../db/index.ts';
import { findPublishedOutages, listOutageTowns } from '../outages/public.ts';
import {
  capMessages,
  parseCapIdentifier,
  type CapEntity,
  type CapIssuer,
  type CapMessage,
  type CapNotice,
  type CapSource,
} from './messages.ts';
import { capDocument } from './document.ts';
import { CANCEL_LISTED_HOURS } from './time.ts';

/**
 * The CAP messages as the functions serve them, read from the notice rows (migrations 0025 and
 * 0036) and the public reads of outages and notices: a draft has no notice, so no message.
 */

/** Where each kind of message lives, and which of its rows are current or close it. */
const tables = {
  corte: {
    entities: 'outages',
    notices: 'outage_notices',
    updates: 'outage_updates',
    key: 'outage_id',
    current: currentStatuses,
    closing: 'closed',
  },
  aviso: {
    entities: 'advisories',
    notices: 'advisory_notices',
    updates: 'advisory_updates',
    key: 'advisory_id',
    current: ['publicado'],
    closing: 'lifted',
  },
} as const;

/** The notice rows of each of `ids`, oldest first, with an update's text. */
async function noticesOf(db: Database, entity: CapEntity, ids: readonly string[]): Promise<Map<string, CapNotice[]>> {
  const table = tables[entity];
  const rows = await db.query<CapNotice & { entityId: string }>(
    `SELECT n.id::text AS id, n.${table.key}::text AS "entityId", n.kind, ${isoTime('n.created_at')} AS "sentAt",
       u.body AS "updateBody"
     FROM ${table.notices} n LEFT JOIN ${table.updates} u ON u.id = n.update_id
     WHERE n.${table.key} = ANY($1::bigint[]) ORDER BY n.id`,
    [ids],
  );
  const byEntity = new Map<string, CapNotice[]>();
  for (const { entityId, ...notice } of rows) byEntity.set(entityId, [...(byEntity.get(entityId) ?? []), notice]);
  return byEntity;
}

async function sourcesOf(db: Database, entity: CapEntity, ids: readonly string[]): Promise<CapSource[]> {
  if (entity === 'aviso') return (await findPublicAdvisories(db, ids)).map((advisory) => ({ entity, advisory }));
  const [outages, towns] = await Promise.all([findPublishedOutages(db, ids), listOutageTowns(db)]);
  // outages.town references outage_towns: every outage has its town.
  return outages.map((outage) => ({ entity, outage, town: towns.find((town) => town.slug === outage.town)! }));
}

/** Every message of each outage or notice of `ids` that was ever published, one list each. */
async function messagesOf(
  db: Database,
  entity: CapEntity,
  ids: readonly string[],
  issuer: CapIssuer,
): Promise<CapMessage[][]> {
  if (ids.length === 0) return [];
  const [sources, notices] = await Promise.all([sourcesOf(db, entity, ids), noticesOf(db, entity, ids)]);
  return sources.map((source) =>
    capMessages(source, notices.get(source.entity === 'corte' ? source.outage.id : source.advisory.id) ?? [], issuer),
  );
}

/**
 * /cap/{identifier}.xml: the message's document as it was first served, kept with its notice row:
 * aggregators keep a message by its identifier and never fetch it again, so staff correcting a
 * published outage or notice afterwards must not change it (the correction reaches them in the
 * next Update). Rendered and kept on the first request; two first requests at once keep one.
 */
export async function capDocumentOf(db: Database, identifier: string, issuer: CapIssuer): Promise<string | undefined> {
  const parsed = parseCapIdentifier(identifier);
  if (!parsed) return undefined;
  const { notices, key } = tables[parsed.entity];
  const [kept] = await db.query<{ document: string | null }>(
    `SELECT cap_document AS document FROM ${notices} WHERE id = $1 AND ${key} = $2`,
    [parsed.noticeId, parsed.entityId],
  );
  if (!kept) return undefined;
  if (kept.document !== null) return kept.document;
  const message = await findCapMessage(db, identifier, issuer);
  if (!message) return undefined;
  const [stored] = await db.query<{ document: string }>(
    `UPDATE ${notices} SET cap_document = coalesce(cap_document, $2) WHERE id = $1 RETURNING cap_document AS document`,
    [parsed.noticeId, capDocument(message)],
  );
  return stored!.document;
}

/** The message as the records read now, whatever has happened since; undefined for any other identifier. */
async function findCapMessage(db: Database, identifier: string, issuer: CapIssuer): Promise<CapMessage | undefined> {
  const parsed = parseCapIdentifier(identifier);
  if (!parsed) return undefined;
  const [messages = []] = await messagesOf(db, parsed.entity, [parsed.entityId], issuer);
  return messages.find((message) => message.identifier === identifier);
}

/**
 * /cap/alertas.atom: the latest message of each current outage and notice, and the Cancel of each
 * one closed or lifted in the last CANCEL_LISTED_HOURS before `now`.
 */
export async function currentCapMessages(db: Database, issuer: CapIssuer, now: Date): Promise<CapMessage[]> {
  const since = new Date(now.getTime() - CANCEL_LISTED_HOURS * 3_600_000).toISOString();
  const latest = await Promise.all(
    (['corte', 'aviso'] as const).map(async (entity) => {
      const table = tables[entity];
      const rows = await db.query<{ id: string }>(
        `SELECT DISTINCT n.${table.key}::text AS id
         FROM ${table.notices} n JOIN ${table.entities} e ON e.id = n.${table.key}
         WHERE e.status = ANY($1::text[]) OR (n.kind = $2 AND n.created_at > $3::timestamptz)`,
        [table.current, table.closing, since],
      );
      const messages = await messagesOf(
        db,
        entity,
        rows.map((row) => row.id),
        issuer,
      );
      return messages.flatMap((list) => list.slice(-1));
    }),
  );
  return latest.flat();
}
