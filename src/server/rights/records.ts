import { recordSources, type RecordSource } from '../../shared/rights/records/texts.ts';
import type { Database } from '../db/index.ts';
import { NotFound } from '../errors.ts';
import { rightsDeskMessages } from '../../shared/rights/desk/texts.ts';
import type { RightsRequestRow } from './request.ts';

/**
 * Where the rights desk acts on a person's records (erasure, rectification), and how a record is
 * known to be theirs: by the request's confirmed e-mail (in any case), its RUT (without dots,
 * dashes or spaces) or its service number, never by an id alone, so staff cannot erase or change
 * someone else's record by naming it. An empty RUT or service number matches nothing.
 */

/** The subject's parameters, for `subjectFrom`: e-mail, RUT, service number. */
export const subjectParams = (request: RightsRequestRow): string[] => [
  request.email.trim().toLowerCase(),
  request.rut.replace(/[.\s-]/g, '').toUpperCase(),
  request.serviceNumber.trim(),
];

const rut = (column: string) => `upper(regexp_replace(${column}, '[.[:space:]-]', '', 'g'))`;

/**
 * The subject as a relation `p` of a statement (FROM, USING), its parameters at `$first` on:
 * each typed once, whichever of them a table's condition uses.
 */
export const subjectFrom = (first: number): string =>
  `(SELECT $${first}::text AS email, $${first + 1}::text AS rut, $${first + 2}::text AS service) p`;

const byEmail = (column: string) => `lower(${column}) = p.email`;
const byRut = (column: string) => `(p.rut <> '' AND ${rut(column)} = p.rut)`;
const byService = (column: string) => `(p.service <> '' AND ${column} = p.service)`;

interface RecordTable {
  table: string;
  /** Whether the row `s` is the subject's `p`. */
  theirs: string;
  /** What staff know the row by (its reference, a bill's buy order), in SQL over `s`; NULL when none. */
  reference: string;
}

const billTheirs = (alias: string) =>
  `(${byEmail(`${alias}.email`)} OR ${byRut(`${alias}.rut`)} OR ${byService(`${alias}.service_number`)})`;

export const recordTables: Record<RecordSource, RecordTable> = {
  contact_messages: { table: 'contact_messages', theirs: byEmail('s.email'), reference: 's.reference' },
  complaints: {
    table: 'complaints',
    theirs: `(${byEmail('s.email')} OR ${byService('s.client_number')})`,
    reference: 's.reference',
  },
  cases: { table: 'cases', theirs: byEmail('s.citizen_email'), reference: 's.reference' },
  job_applications: {
    table: 'job_applications',
    theirs: `(${byEmail('s.email')} OR ${byRut('s.rut')})`,
    reference: 's.reference',
  },
  motorhome_registrations: {
    table: 'motorhome_registrations',
    theirs: `(${byEmail('s.email')} OR ${byRut('s.rut')})`,
    reference: 's.reference',
  },
  outage_subscriptions: { table: 'outage_subscriptions', theirs: byEmail('s.email'), reference: 'NULL' },
  bills: { table: 'bills', theirs: billTheirs('s'), reference: 's.buy_order' },
  tbk_payments: {
    table: 'tbk_payments',
    theirs: `EXISTS (SELECT 1 FROM bills b WHERE b.id = s.bill_id AND ${billTheirs('b')})`,
    reference: '(SELECT buy_order FROM bills b WHERE b.id = s.bill_id)',
  },
  rights_requests: {
    table: 'rights_requests',
    theirs: `(${byEmail('s.email')} OR ${byRut('s.rut')} OR ${byService('s.service_number')})`,
    reference: 's.reference',
  },
};

/** A record as the desk found it: what staff know it by, and what decides what an action does to it. */
export interface TheirRecord {
  source: RecordSource;
  id: string;
  reference: string | null;
  /** A case's kind; a job application's CV upload. */
  detail: string | null;
}

const details: Partial<Record<RecordSource, string>> = { cases: 's.kind', job_applications: 's.cv_upload_id::text' };

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
        const { table, theirs, reference } = recordTables[source];
        const ids = wanted.filter((record) => record.source === source).map((record) => record.id);
        return db.query<TheirRecord>(
          `SELECT $1::text AS source, s.id::text AS id, ${reference} AS reference, ${details[source] ?? 'NULL'} AS detail
           FROM ${table} s, ${subjectFrom(3)} WHERE s.id::text = ANY($2::text[]) AND ${theirs}`,
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
