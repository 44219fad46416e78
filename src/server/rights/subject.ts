import { clean as cleanRut, validate as isValidRut } from 'rut.js';
import type { RecordSource } from '../../shared/rights/records/texts.ts';
import type { RightsRequestRow } from './request.ts';

/**
 * Whose record is this: the one rule by which the rights desk knows that a row of one of the nine
 * sources of records/texts.ts belongs to the person of a rights request. It carries the request's
 * e-mail (in any case), its RUT (however written: dots, dash and leading zeros aside) or its service
 * number (blanks, dots and dashes aside); a case, through its own address or a submission of theirs;
 * a card record, through its bill. The desk's search (rights/search.ts: what staff see and export)
 * and its actions (rights/records.ts: what erasure and rectification may touch, never by an id
 * alone) both read these conditions, so the search never shows a record the actions refuse, nor
 * the reverse.
 */

/**
 * The subject's keys for `subjectFrom`, as the SQL compares them: e-mail, RUT, service number; ''
 * matches nothing. The e-mail is the one the person confirmed; the RUT and the service number are
 * only what they typed, and anyone can type someone else's: they count once staff have recorded
 * the proof of identity received (the desk's Antecedentes de identidad), never before.
 */
export const subjectParams = (
  request: Pick<RightsRequestRow, 'email' | 'rut' | 'serviceNumber' | 'proofReceivedAt'>,
): string[] => {
  const proven = request.proofReceivedAt !== null;
  return [
    request.email.trim().toLowerCase(),
    proven && isValidRut(request.rut) ? cleanRut(request.rut) : '',
    proven ? request.serviceNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : '',
  ];
};

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

export interface RecordTable {
  table: string;
  /** Whether the row `s` is the subject's `p` (`subjectFrom`). */
  theirs: string;
  /** What staff know the row by (its reference, a bill's buy order), in SQL over `s`; NULL when none. */
  reference: string;
}

const submission = (table: keyof typeof submissions, reference = 's.reference'): RecordTable => ({
  table,
  theirs: submissions[table]('s'),
  reference,
});

/** Each source's table, read as `s`, and which of its rows are the subject's. */
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
    // A card record carries no person's data of its own to match: its bill does.
    theirs: `s.bill_id IN (SELECT x.id FROM bills x WHERE ${submissions.bills('x')})`,
    reference: 's.buy_order',
  },
  rights_requests: submission('rights_requests'),
};
