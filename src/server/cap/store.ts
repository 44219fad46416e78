import type { Context } from '@netlify/functions';
import { currentStatuses } from '../../shared/outages/schema.ts';
import { publicAdvisoriesRead } from '../advisories/public.ts';
import { config } from '../config.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import type { Read } from '../db/reads.ts';
import { outageTownsRead, publishedOutagesRead } from '../outages/public.ts';
import {
  capIssuer,
  capMessages,
  parseCapIdentifier,
  type CapEntity,
  type CapIssuer,
  type CapMessage,
  type CapSource,
} from './messages.ts';
import type { CapNotice } from './info.ts';
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

/** The notice rows of each of `ids` (a statement selecting them), oldest first, with an update's text. */
function noticesRead(entity: CapEntity, ids: Statement): Read<Map<string, CapNotice[]>> {
  const table = tables[entity];
  return {
    statement: {
      text: `SELECT n.id::text AS id, n.${table.key}::text AS "entityId", n.kind, ${isoTime('n.created_at')} AS "sentAt",
               u.body AS "updateBody"
             FROM ${table.notices} n LEFT JOIN ${table.updates} u ON u.id = n.update_id
             WHERE n.${table.key} IN (${ids.text}) ORDER BY n.id`,
      params: ids.params ?? [],
    },
    answer: (rows) => {
      const byEntity = new Map<string, CapNotice[]>();
      for (const { entityId, ...notice } of rows as (CapNotice & { entityId: string })[])
        byEntity.set(entityId, [...(byEntity.get(entityId) ?? []), notice]);
      return byEntity;
    },
  };
}

/** The sources of the messages of `ids`: an outage with its town, or a notice. */
function sourcesRead(entity: CapEntity, ids: Statement): Reads<CapSource[]> {
  if (entity === 'aviso') {
    const advisories = publicAdvisoriesRead(ids);
    return {
      statements: [advisories.statement],
      answer: ([rows]) => advisories.answer(rows!).map((advisory) => ({ entity, advisory })),
    };
  }
  const outages = publishedOutagesRead(ids);
  return {
    statements: [outages.statement, outageTownsRead.statement],
    answer: ([outageRows, townRows]) => {
      const towns = outageTownsRead.answer(townRows!);
      // outages.town references outage_towns: every outage has its town.
      return outages
        .answer(outageRows!)
        .map((outage) => ({ entity, outage, town: towns.find((town) => town.slug === outage.town)! }));
    },
  };
}

/** Several statements read together, and what their rows become. */
interface Reads<T> {
  statements: Statement[];
  answer: (results: unknown[][]) => T;
}

/**
 * Every message of each outage or notice of `ids` (a statement selecting them) that was ever
 * published, one list each: statements to send in one batch with the request's others.
 */
function messagesRead(entity: CapEntity, ids: Statement, issuer: CapIssuer): Reads<CapMessage[][]> {
  const sources = sourcesRead(entity, ids);
  const notices = noticesRead(entity, ids);
  return {
    statements: [...sources.statements, notices.statement],
    answer: (results) => {
      const byEntity = notices.answer(results.at(-1)!);
      return sources
        .answer(results.slice(0, -1))
        .map((source) =>
          capMessages(
            source,
            byEntity.get(source.entity === 'corte' ? source.outage.id : source.advisory.id) ?? [],
            issuer,
          ),
        );
    },
  };
}

/**
 * /cap/{identifier}.xml: the message's document as it was first served, kept with its notice row:
 * aggregators keep a message by its identifier and never fetch it again, so staff correcting a
 * published outage or notice afterwards must not change it (the correction reaches them in the
 * next Update). Kept when it is issued (keepCapDocuments), so its first request is one round trip;
 * one the issuing step did not keep (issued before that, or its keeping failed) is rendered and
 * kept on its first request. Two keepings at once keep one.
 */
export async function capDocumentOf(db: Database, identifier: string, issuer: CapIssuer): Promise<string | undefined> {
  const parsed = parseCapIdentifier(identifier);
  if (!parsed) return undefined;
  const { notices, key } = tables[parsed.entity];
  // What is kept and what to render if nothing is: one round trip, and a second to keep it the first time.
  const messages = messagesRead(parsed.entity, { text: 'SELECT $1::bigint', params: [parsed.entityId] }, issuer);
  const [keptRows, ...results] = await db.batch([
    {
      text: `SELECT cap_document AS document FROM ${notices} WHERE id = $1 AND ${key} = $2`,
      params: [parsed.noticeId, parsed.entityId],
    },
    ...messages.statements,
  ]);
  const [kept] = keptRows as { document: string | null }[];
  if (!kept) return undefined;
  if (kept.document !== null) return kept.document;
  const [messagesOfEntity = []] = messages.answer(results);
  const message = messagesOfEntity.find((candidate) => candidate.identifier === identifier);
  if (!message) return undefined;
  const [stored] = await db.query<{ document: string }>(
    `UPDATE ${notices} SET cap_document = coalesce(cap_document, $2) WHERE id = $1 RETURNING cap_document AS document`,
    [parsed.noticeId, capDocument(message)],
  );
  return stored!.document;
}

/**
 * Renders and keeps the document of each message of the outage or notice `entityId` that has none
 * kept yet: the step of staff that issued a message runs it after its answer (waitUntil), so that
 * the message's first request reads it kept. A document already kept is never replaced.
 */
export async function keepCapDocuments(
  db: Database,
  entity: CapEntity,
  entityId: string,
  issuer: CapIssuer,
): Promise<void> {
  const read = messagesRead(entity, { text: 'SELECT $1::bigint', params: [entityId] }, issuer);
  const [messages = []] = read.answer(await db.batch(read.statements));
  if (messages.length === 0) return;
  await db.query(
    `UPDATE ${tables[entity].notices} n SET cap_document = kept.document
     FROM unnest($1::bigint[], $2::text[]) AS kept(id, document)
     WHERE n.id = kept.id AND n.cap_document IS NULL`,
    [messages.map((message) => parseCapIdentifier(message.identifier)!.noticeId), messages.map(capDocument)],
  );
}

/**
 * keepCapDocuments after the answer of the step of staff that may have issued a message of
 * `entityId`: its failure is only logged, and the message's first request keeps the document then.
 */
export function keepCapDocumentsAfter(context: Context, db: Database, entity: CapEntity, entityId: string): void {
  const issuer = capIssuer(config.siteAddress(context.site));
  context.waitUntil(
    keepCapDocuments(db, entity, entityId, issuer).catch((error: unknown) =>
      console.error(`cap: ${entity}-${entityId}'s documents were not kept: ${errorSummary(error)}`),
    ),
  );
}

/**
 * /cap/alertas.atom: the latest message of each current outage and notice, and the Cancel of each
 * one closed or lifted in the last CANCEL_LISTED_HOURS before `now`.
 */
export async function currentCapMessages(db: Database, issuer: CapIssuer, now: Date): Promise<CapMessage[]> {
  const since = new Date(now.getTime() - CANCEL_LISTED_HOURS * 3_600_000).toISOString();
  // Both kinds' messages, with the ids they are of, in one round trip.
  const reads = (['corte', 'aviso'] as const).map((entity) => {
    const table = tables[entity];
    const ids = {
      text: `SELECT n.${table.key}
             FROM ${table.notices} n JOIN ${table.entities} e ON e.id = n.${table.key}
             WHERE e.status = ANY($1::text[]) OR (n.kind = $2 AND n.created_at > $3::timestamptz)`,
      params: [table.current, table.closing, since],
    };
    return messagesRead(entity, ids, issuer);
  });
  const results = await db.batch(reads.flatMap((read) => read.statements));
  let next = 0;
  return reads.flatMap((read) => {
    const own = results.slice(next, (next += read.statements.length));
    return read.answer(own).flatMap((list) => list.slice(-1));
  });
}
