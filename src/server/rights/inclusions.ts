import type { RightsInclusion } from '../../shared/rights/desk/schema.ts';
import { rightsDeskMessages, rightsNotes, thirdPartyTexts } from '../../shared/rights/desk/texts.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { NotFound } from '../errors.ts';
import { noteEffect, requestToActOn } from './acting.ts';
import { recordName } from './records.ts';
import { recordTables, subjectFrom, subjectParams, type MatchedBy } from './subject.ts';

/**
 * Staff's choice, one record at a time, of the records of other people that go into a request's
 * export: those the desk lists "de un tercero", carrying the RUT or service number the requester
 * typed but not their confirmed e-mail (rights/subject.ts). Only the export reads the choice
 * (search.ts, `exportedData`); erasure and rectification never touch such a record, chosen or not.
 * Each choice is stored with who made it and when (rights_inclusions), audited, and noted on the
 * request's case.
 */
export async function includeRecord(
  db: Database,
  admin: SignedInAdmin,
  caseId: string,
  { source, id, included }: RightsInclusion,
): Promise<void> {
  const request = await requestToActOn(db, caseId, { confirmed: true });
  const { table, id: rowId, theirs, matches, reference } = recordTables[source];
  if (!matches) throw new NotFound(rightsDeskMessages.notThirdParty);
  // Someone else's, carrying a typed key, now: the condition the statement below checks again.
  const someoneElses = `NOT (${theirs}) AND ${matches} IS NOT NULL`;
  const [record] = await db.query<{ reference: string | null; matchedBy: MatchedBy }>(
    `SELECT ${reference} AS reference, ${matches} AS "matchedBy" FROM ${table} s, ${subjectFrom(2)}
     WHERE ${rowId} = $1 AND ${someoneElses}`,
    [id, ...subjectParams(request)],
  );
  if (!record) throw new NotFound(rightsDeskMessages.notThirdParty);
  const name = recordName({ source, reference: record.reference });
  const reason = thirdPartyTexts.reasons[record.matchedBy](
    record.matchedBy === 'rut' ? request.rut : request.serviceNumber,
  );
  await changeAndAudit(db, {
    change: included
      ? `INSERT INTO rights_inclusions (request_id, source, record_id, admin_id, admin_name)
         SELECT $1, $2, ${rowId}, $6::uuid, (SELECT name FROM admins WHERE id = $6::uuid)
         FROM ${table} s, ${subjectFrom(8)} WHERE ${rowId} = $3 AND ${someoneElses}
         ON CONFLICT DO NOTHING RETURNING record_id`
      : `DELETE FROM rights_inclusions WHERE request_id = $1 AND source = $2 AND record_id = $3 RETURNING record_id`,
    params: [
      request.id,
      source,
      id,
      request.caseId,
      rightsNotes.inclusion(name, reason, included),
      admin.id,
      `${request.reference}: ${included ? 'incluye en' : 'quita de'} la copia de los datos ${name}, de un tercero`,
      ...(included ? subjectParams(request) : []),
    ],
    admin,
    action: included ? 'create' : 'delete',
    entity: 'rights_request',
    entityId: '$1::text',
    summary: '$7::text',
    effects: noteEffect('$4', '$5', '$6'),
  });
}
