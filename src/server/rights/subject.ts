import { clean as cleanRut, validate as isValidRut } from 'rut.js';
import type { RecordSource } from '../../shared/rights/records/texts.ts';
import { sameMailbox } from '../mail/mailbox.ts';
import { warningRecords, warningReferenceOf } from '../consumption/warnings.ts';
import { rutKey, serviceKey } from './keys.ts';
import type { RightsRequestRow } from './request.ts';

/**
 * Whose record is this: the one rule by which the rights desk knows that a row of one of the twelve
 * sources of records/texts.ts belongs to the person of a rights request. Theirs is a row that
 * carries the request's confirmed e-mail (its mailbox, however spelt: mail/mailbox.ts); a case,
 * through its own address or a submission of theirs; a card record, through its bill; a service's
 * account, readings and warnings, through its holder's RUT once staff recorded the proof of identity (below,
 * `byHolder`). Nothing else: anyone can type someone else's RUT or service number, and one service has several people
 * (a tenant, an owner, whoever pays). A row of someone else that carries the request's RUT or
 * service number (`matches`) is only listed to staff as "de un tercero", with the key it matched
 * by: it goes into the export only if staff include it by hand (rights/inclusions.ts), and erasure
 * and rectification never touch it. The desk's search (rights/search.ts) and its actions
 * (rights/records.ts, never by an id alone) read these conditions, so the search never offers a
 * record the actions refuse, nor the reverse.
 */

/**
 * The subject's keys for `subjectFrom`, as the SQL compares them: e-mail, RUT, service number; ''
 * matches nothing. The e-mail is the one the person confirmed; the RUT and the service number are
 * only what they typed: they find other people's records for staff to review once staff have
 * recorded the proof of identity received (the desk's Antecedentes de identidad), never before.
 */
export const subjectParams = (
  request: Pick<RightsRequestRow, 'email' | 'rut' | 'serviceNumber' | 'proofReceivedAt'>,
): string[] => {
  const proven = request.proofReceivedAt !== null;
  return [
    request.email,
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

const byEmail = (column: string) => sameMailbox(column, 'p.email');
const byRut = (column: string) => `(p.rut <> '' AND ${rutKey(column)} = p.rut)`;
const byService = (column: string) => `(p.service <> '' AND ${serviceKey(column)} = p.service)`;
/**
 * Whether the service `column` names is one whose holder the request's person is: the billing
 * system's holder RUT (accounts.holder_rut) is the request's proven one. Unlike a RUT typed into a
 * form, which anyone may have typed, the holder RUT is the utility's own record of whose contract
 * the service is; so once staff have proven who the requester is (p.rut is '' before), it links
 * them to the service as the confirmed e-mail links them to a form. A service number never does:
 * it is printed on the bill that everyone in the home sees.
 */
const byHolder = (column: string) =>
  `(p.rut <> '' AND ${column} IN (SELECT h.service_number FROM accounts h WHERE ${byRut('h.holder_rut')}))`;

/** Which of the subject's typed keys matched a row of someone else. */
export type MatchedBy = 'service' | 'rut';

/** SQL: the first of `keys` (a condition and what it means) that holds, else NULL. */
const firstOf = (keys: [condition: string, key: MatchedBy][]) =>
  `CASE ${keys.map(([condition, key]) => `WHEN ${condition} THEN '${key}'`).join(' ')} END`;

/** Whether the row `t` of a submission table is the subject's `p`, and which typed key it carries. */
const submissions = {
  contact_messages: { theirs: (t: string) => byEmail(`${t}.email`) },
  complaints: {
    theirs: (t: string) => byEmail(`${t}.email`),
    matches: (t: string) => firstOf([[byService(`${t}.client_number`), 'service']]),
  },
  job_applications: {
    theirs: (t: string) => byEmail(`${t}.email`),
    matches: (t: string) => firstOf([[byRut(`${t}.rut`), 'rut']]),
  },
  motorhome_registrations: {
    theirs: (t: string) => byEmail(`${t}.email`),
    matches: (t: string) => firstOf([[byRut(`${t}.rut`), 'rut']]),
  },
  bills: {
    theirs: (t: string) => byEmail(`${t}.email`),
    matches: (t: string) =>
      firstOf([
        [byService(`${t}.service_number`), 'service'],
        [byRut(`${t}.rut`), 'rut'],
      ]),
  },
  rights_requests: {
    theirs: (t: string) => byEmail(`${t}.email`),
    matches: (t: string) => firstOf([[byRut(`${t}.rut`), 'rut']]),
  },
};

export interface RecordTable {
  /**
   * The table; or, for a source never erased nor corrected (erasure.ts's ERASED_IN_ORDER,
   * `correctableFields`), the relation in SQL that reads its rows from several tables.
   */
  table: string;
  /** SQL over `s`: the row's id as text, as the desk and rights_inclusions name it. */
  id: string;
  /** Whether the row `s` is the subject's `p` (`subjectFrom`): its own e-mail is the confirmed one. */
  theirs: string;
  /** SQL over `s` and `p`: which typed key (MatchedBy) a row carries, else NULL; absent where none can. */
  matches?: string;
  /** What staff know the row by (its reference, a bill's buy order), in SQL over `s`; NULL when none. */
  reference: string;
}

const submission = (table: keyof typeof submissions, reference = 's.reference'): RecordTable => {
  const rule: { theirs: (t: string) => string; matches?: (t: string) => string } = submissions[table];
  return {
    table,
    id: 's.id::text',
    theirs: rule.theirs('s'),
    ...(rule.matches ? { matches: rule.matches('s') } : {}),
    reference,
  };
};

/** Each source's table, read as `s`, and which of its rows are the subject's. */
export const recordTables: Record<RecordSource, RecordTable> = {
  contact_messages: submission('contact_messages'),
  complaints: submission('complaints'),
  cases: {
    table: 'cases',
    id: 's.id::text',
    // The person's own address, or a submission of theirs; a case of someone else's submission is theirs alone.
    theirs: `(${byEmail('s.citizen_email')} OR s.reference IN (
      ${(['contact_messages', 'complaints', 'job_applications', 'motorhome_registrations', 'rights_requests'] as const)
        .map((table) => `SELECT x.reference FROM ${table} x WHERE ${submissions[table].theirs('x')}`)
        .join(' UNION ALL ')}))`,
    reference: 's.reference',
  },
  job_applications: submission('job_applications'),
  motorhome_registrations: submission('motorhome_registrations'),
  outage_subscriptions: {
    table: 'outage_subscriptions',
    id: 's.id::text',
    // An e-mail's, or a phone's that is the contact phone of a service they hold (the billing export's own record).
    theirs: `(${byEmail('s.email')} OR (s.phone IS NOT NULL AND s.phone IN (
      SELECT h.contact_phone FROM accounts h WHERE ${byRut('h.holder_rut')})))`,
    reference: 'NULL',
  },
  bills: submission('bills', 's.buy_order'),
  tbk_payments: {
    table: 'tbk_payments',
    id: 's.id::text',
    // A card record carries no person's data of its own to match: its bill does.
    theirs: `s.bill_id IN (SELECT x.id FROM bills x WHERE ${submissions.bills.theirs('x')})`,
    matches: `(SELECT ${submissions.bills.matches('x')} FROM bills x WHERE x.id = s.bill_id)`,
    reference: 's.buy_order',
  },
  // The billing system's rows, found by their holder; by the service number typed only "de un tercero".
  accounts: {
    table: 'accounts',
    id: 's.service_number',
    theirs: byHolder('s.service_number'),
    matches: firstOf([[byService('s.service_number'), 'service']]),
    reference: 's.service_number',
  },
  consumption_periods: {
    table: 'consumption_periods',
    id: `s.service_number || ' ' || s.period`,
    theirs: byHolder('s.service_number'),
    matches: firstOf([[byService('s.service_number'), 'service']]),
    reference: `s.service_number || ' ' || s.period`,
  },
  // The warnings of those services and their opt-out: one relation of two tables (consumption/warnings.ts).
  consumption_warnings: {
    table: warningRecords,
    id: `s.service_number || ' ' || coalesce(s.period, s.kind)`,
    theirs: byHolder('s.service_number'),
    matches: firstOf([[byService('s.service_number'), 'service']]),
    reference: `coalesce(${warningReferenceOf('s')}, s.service_number)`,
  },
  rights_requests: submission('rights_requests'),
};
