import { clean as cleanRut, validate as isValidRut } from 'rut.js';
import { recordSources, type RecordSource } from '../../shared/rights/records/texts.ts';
import type { Database } from '../db/index.ts';
import { NotFound } from '../errors.ts';
import { rightsDeskMessages } from '../../shared/rights/desk/texts.ts';
import type { RightsRequestRow } from './request.ts';

/**
 * Where the rights desk acts on a person's records (erasure, rectification), and how a record is
 * known to be theirs: by the request's confirmed e-mail (in any case), its RUT (however written:
 * dots, dash and leading zeros aside) or its service number (blanks, dots and dashes aside), never
 * by an id alone, so staff cannot erase or change someone else's record by naming it. These are
 * the rules of the desk's search (rights/search.ts), so what it finds is what may be acted on.
 */

/** The subject's keys for `subjectFrom`, as the SQL compares them: e-mail, RUT, service number; '' matches nothing. */
export const subjectParams = (request: RightsRequestRow): string[] => [
  request.email.trim().toLowerCase(),
  isValidRut(request.rut) ? cleanRut(request.rut) : '',
  request.serviceNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
];

/**
 * The subject as a relation `p` of a statement (FROM, USING), its parameters at `$first` on:
 * each typed once, whichever of them a table's condition uses.
 */
export const subjectFrom = (first: number): string =>
  `(SELECT $${first}::text AS email, $${first + 1}::text AS rut, $${first + 2}::text AS service) p`;

/** A RUT as rut.js's clean() leaves it, in SQL: only what looks like a RUT (never a passport's digits). */
const rutKey = (column: string) =>
  `CASE WHEN btrim(${column}) ~ '^[0-9][0-9.]*-?[0-9kK]$'
     THEN upper(ltrim(regexp_replace(${column}, '[^0-9kK]', '', 'g'), '0')) END`;
const byEmail = (column: string) => `lower(btrim(${column})) = p.email`;
const byRut = (column: string) => `(p.rut <> '' AND ${rutKey(column)} = p.rut)`;
const byService = (column: string) =>
  `(p.service <> '' AND upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g')) = p.service)`;

/** Whether the row `t` of a submission table is the subject's `p`. */
const submissions = {
  contact_messages: (t: string) => byEmail(`${t}.email`),
  complaints: (t: string) => `(${byEmail(`${t}.email`)} OR ${byService(`${t}.client_number`)})`,
  job_applications: (t: string) => `(${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)})`,
  motorhome_registrations: (t: string) => `(${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)})`,
  bills: (t: string) => `(${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)} OR ${byService(`${t}.service_number`)})`,
  rights_requests: (t: string) => `(${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)})`,
};

interface RecordTable {
  table: string;
  /** Whether the row `s` is the subject's `p`. */
  theirs: string;
  /** What staff know the row by (its reference, a bill's buy order), in SQL over `s`; NULL when none. */
  reference: string;
}

const submission = (table: keyof typeof submissions, reference = 's.reference'): RecordTable => ({
  table,
  theirs: submissions[table]('s'),
  reference,
});

export const recordTables: Record<RecordSource, RecordTable> = {
  contact_messages: submission('contact_messages'),
  complaints: submission('complaints'),
  cases: {
    table: 'cases',
    // The person's own address, or a submission of theirs found by RUT or service number.
    theirs: `(${byEmail('s.citizen_email')} OR s.reference IN (
      ${(['contact_messages', 'complaints', 'job_applications', 'motorhome_registrations', 'rights_requests'] as const)
        .map((table) => `SELECT x.reference FROM ${table} x WHERE ${submissions[table]('x')}`)
        .join(' UNION ALL ')}))`,
    reference: 's.reference',
  },
  job_applications: submission('job_applications'),
  motorhome_registrations: submission('motorhome_registrations'),
  outage_subscriptions: { table: 'outage_subscriptions', theirs: byEmail('s.email'), reference: 'NULL' },
  bills: submission('bills', 's.buy_order'),
  tbk_payments: {
    table: 'tbk_payments',
    theirs: `s.bill_id IN (SELECT x.id FROM bills x WHERE ${submissions.bills('x')})`,
    reference: 's.buy_order',
  },
  rights_requests: submission('rights_requests'),
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
