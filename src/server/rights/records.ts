import { recordSources, type RecordSource } from '../../shared/rights/records/texts.ts';
import { rightsDeskMessages } from '../../shared/rights/desk/texts.ts';
import type { Database } from '../db/index.ts';
import { NotFound } from '../errors.ts';
import type { RightsRequestRow } from './request.ts';
import { recordTables, subjectFrom, subjectParams } from './subject.ts';

/**
 * Where the rights desk acts on a person's records (erasure, rectification): only on records that
 * are the request's subject's own by the rule of rights/subject.ts (their confirmed e-mail), the
 * one the desk's search finds them by, never by an id alone, so staff cannot erase or change
 * someone else's record by naming it, nor one the search lists "de un tercero".
 */

/** A record as the desk found it: what staff know it by, and what decides what an action does to it. */
export interface TheirRecord {
  source: RecordSource;
  id: string;
  reference: string | null;
  /** A case's kind; a job application's CV upload; whether a warnings' record is a warning or an opt-out. */
  detail: string | null;
}

const details: Partial<Record<RecordSource, string>> = {
  cases: 's.kind',
  job_applications: 's.cv_upload_id::text',
  // A warning ('aviso') or a service's opt-out ('baja'): kept for different reasons.
  consumption_warnings: 's.kind',
};

/**
 * The records among `wanted` that are the request's subject's, each once; NotFound (nothing done)
 * if any is not, or no longer exists: a stale search or someone else's record.
 */
export async function theirRecords(
  db: Database,
  request: RightsRequestRow,
  wanted: { source: RecordSource; id: string }[],
): Promise<TheirRecord[]> {
  const sources = [...new Set(wanted.map((record) => record.source))];
  const found = (
    await Promise.all(
      sources.map((source) => {
        const { table, id, theirs, reference } = recordTables[source];
        const ids = wanted.filter((record) => record.source === source).map((record) => record.id);
        return db.query<TheirRecord>(
          `SELECT $1::text AS source, ${id} AS id, ${reference} AS reference, ${details[source] ?? 'NULL'} AS detail
           FROM ${table} s, ${subjectFrom(3)} WHERE ${id} = ANY($2::text[]) AND ${theirs}`,
          [source, ids, ...subjectParams(request)],
        );
      }),
    )
  ).flat();
  const key = (record: { source: string; id: string }) => `${record.source}:${record.id}`;
  const byKey = new Map(found.map((record) => [key(record), record]));
  const unique = [...new Map(wanted.map((record) => [key(record), record])).values()];
  if (unique.some((record) => !byKey.has(key(record)))) throw new NotFound(rightsDeskMessages.notTheirs);
  return unique.map((record) => byKey.get(key(record))!);
}

/** A record as the note names it: "Reclamos REC-7K3M9Q2X". */
export const recordName = ({ source, reference }: Pick<TheirRecord, 'source' | 'reference'>): string =>
  reference ? `${recordSources[source]} ${reference}` : recordSources[source];
