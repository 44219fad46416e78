import type { ErasureOutcome } from '../../shared/rights/desk/schema.ts';
import { keptReasons, rightsDeskMessages, rightsNotes } from '../../shared/rights/desk/texts.ts';
import { recordSources, type RecordSource } from '../../shared/rights/records/texts.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database, Statement } from '../db/index.ts';
import { Invalid } from '../errors.ts';
import { sameMailbox } from '../mail/mailbox.ts';
import { EMPTY_MAIL } from '../outbox/outbox.ts';
import { fileKey, type UploadStore } from '../uploads/store.ts';
import { noteStatement, requestToActOn } from './acting.ts';
import { recordName, theirRecords, type TheirRecord } from './records.ts';
import type { RightsRequestRow } from './request.ts';
import { recordTables, subjectFrom, subjectParams } from './subject.ts';

/**
 * Supresión: the records staff chose among the person's are deleted, each with what hangs on it
 * (a submission's case with its notes and replies, its mails' copies, a CV's file; a subscription's
 * alerts and their mails), unless the law keeps them: bills and card payment records for the tax
 * period, a service's account and readings (the billing system's, kept while the account exists
 * and replaced by each import, so a deletion here would come back with the next one), a warning
 * of high consumption (as long as its period: it keeps the period from being warned again) and a
 * service's opt-out of the warnings (kept to be respected, like a bloqueo's mark), and rights
 * requests (this one is the record of the request itself), which retention deletes on their own
 * periods. Only the subject's own records are touched (rights/subject.ts): never
 * one of someone else found by the RUT or service number typed, even one staff included in the
 * export (rights/inclusions.ts); erasing it would erase another person's data.
 */

/** The sources whose rows are deleted, in the order of the batch: a case chosen by itself first. */
const ERASED_IN_ORDER: RecordSource[] = [
  'cases',
  'contact_messages',
  'complaints',
  'job_applications',
  'motorhome_registrations',
  'outage_subscriptions',
];
/** The submissions whose case goes with them. */
const WITH_CASE = new Set<RecordSource>([
  'contact_messages',
  'complaints',
  'job_applications',
  'motorhome_registrations',
]);

function keptBecause(record: TheirRecord, request: RightsRequestRow): string | undefined {
  const ownOrOther = (own: boolean) => (own ? keptReasons.thisRequest : keptReasons.otherRequest);
  if (record.source === 'bills' || record.source === 'tbk_payments') return keptReasons.tax;
  if (record.source === 'accounts' || record.source === 'consumption_periods') return keptReasons.billing;
  // An opt-out is kept so that it is respected, as a bloqueo's mark is; a warning, as long as the
  // period it was about, since it is also what keeps that period from being warned again.
  if (record.source === 'consumption_warnings')
    return record.detail === 'baja' ? keptReasons.optOut : keptReasons.warning;
  if (record.source === 'rights_requests') return ownOrOther(record.id === request.id);
  if (record.source === 'cases' && record.detail === 'derechos')
    return ownOrOther(record.reference === request.reference);
  return undefined;
}

/** The mails `where` selects: delivered ones emptied as retention does, the rest deleted unsent. */
const forgetMails = (where: string, params: unknown[]): Statement => ({
  text: `WITH emptied AS (UPDATE outbox SET ${EMPTY_MAIL} WHERE ${where} AND status = 'sent' AND redacted_at IS NULL)
         DELETE FROM outbox WHERE ${where} AND status <> 'sent'`,
  params,
});

function eraseStatement(source: RecordSource, ids: string[], request: RightsRequestRow, admin: SignedInAdmin) {
  const { table, id, theirs, reference } = recordTables[source];
  return auditedChange({
    // Matched again here, and a rights request's case never: whatever the checks before said.
    change: `DELETE FROM ${table} s USING ${subjectFrom(2)} WHERE ${id} = ANY($1::text[]) AND ${theirs}
               ${source === 'cases' ? `AND s.kind <> 'derechos'` : ''}
             RETURNING ${id} AS id, ${reference} AS reference`,
    params: [ids, ...subjectParams(request), request.id, `${request.reference}: supresión de ${recordSources[source]}`],
    admin,
    action: 'delete',
    entity: 'rights_request',
    entityId: '$5::text',
    summary: `$6::text || coalesce(' ' || reference, '')`,
  });
}

export async function eraseRecords(
  db: Database,
  store: UploadStore,
  admin: SignedInAdmin,
  caseId: string,
  records: { source: RecordSource; id: string }[],
): Promise<ErasureOutcome> {
  const request = await requestToActOn(db, caseId, { confirmed: true });
  if (records.length === 0) throw new Invalid(rightsDeskMessages.recordsRequired, 'records');
  const theirs = await theirRecords(db, request, records);
  const kept = theirs.flatMap((record) => {
    const reason = keptBecause(record, request);
    return reason ? [{ record, reason }] : [];
  });
  const erasable = theirs.filter((record) => !keptBecause(record, request));
  const of = (source: RecordSource) => erasable.filter((record) => record.source === source);
  const ids = (source: RecordSource) => of(source).map((record) => record.id);
  const references = erasable.flatMap((record) => (record.reference ? [record.reference] : []));
  const withCase = erasable.filter((record) => WITH_CASE.has(record.source)).map((record) => record.reference!);
  const subscriptions = ids('outage_subscriptions');
  const cvs = of('job_applications').map((record) => record.detail!);
  const sources = ERASED_IN_ORDER.filter((source) => of(source).length > 0);

  // The files first: if deleting them fails, nothing else is, and the action can be tried again.
  await Promise.all(cvs.map((upload) => store.delete(fileKey(upload))));
  // The mails before the rows: a subscription's are found by its address.
  const mails = [
    ...(references.length > 0 ? [forgetMails('reference = ANY($1::text[])', [references])] : []),
    ...(subscriptions.length > 0
      ? [
          forgetMails(
            `reference ~ '^(ALE|COR|AVI)-' AND EXISTS (
               SELECT 1 FROM outage_subscriptions s WHERE s.id::text = ANY($1::text[]) AND ${sameMailbox('s.email', 'recipient')})`,
            [subscriptions],
          ),
        ]
      : []),
  ];
  const results = await db.batch([
    ...mails,
    ...sources.map((source) => eraseStatement(source, ids(source), request, admin)),
    // A subscription's alerts go with it (ON DELETE CASCADE); a submission's case, here.
    ...(withCase.length > 0
      ? [{ text: `DELETE FROM cases WHERE reference = ANY($1::text[]) AND kind <> 'derechos'`, params: [withCase] }]
      : []),
    ...(cvs.length > 0 ? [{ text: 'DELETE FROM uploads WHERE id = ANY($1::uuid[])', params: [cvs] }] : []),
    noteStatement(
      request.caseId,
      rightsNotes.erasure(
        erasable.map(recordName),
        kept.map(({ record, reason }) => `${recordName(record)}: ${reason}`),
      ),
      admin,
    ),
  ]);
  const deleted = new Set(
    sources.flatMap((source, index) =>
      (results[mails.length + index] as { id: string }[]).map((row) => `${source}:${row.id}`),
    ),
  );
  return {
    erased: erasable
      .filter((record) => deleted.has(`${record.source}:${record.id}`))
      .map(({ source, id }) => ({ source, id })),
    kept: kept.map(({ record: { source, id }, reason }) => ({ source, id, reason })),
  };
}
