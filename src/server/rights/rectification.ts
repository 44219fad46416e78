import type { RightsRectification } from '../../shared/rights/desk/schema.ts';
import { correctableFields, isCorrectable, rightsDeskMessages, rightsNotes } from '../../shared/rights/desk/texts.ts';
import type { RecordSource } from '../../shared/rights/records/texts.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { Invalid, NotFound } from '../errors.ts';
import { noteEffect, requestToActOn } from './acting.ts';
import { recordName, theirRecords } from './records.ts';
import { recordTables, subjectFrom, subjectParams } from './subject.ts';

/**
 * Rectificación: one field of one of the person's records, corrected. Only the fields of
 * `correctableFields` (what identifies or reaches the person), each named by the desk as the forms
 * name it; a case's are its citizen's.
 */

const caseColumns: Record<string, string> = { name: 'citizen_name', email: 'citizen_email', locality: 'locality' };
const columnOf = (source: RecordSource, field: string) => (source === 'cases' ? caseColumns[field]! : field);

export async function rectifyRecord(
  db: Database,
  admin: SignedInAdmin,
  caseId: string,
  { source, id, field, value }: RightsRectification,
): Promise<void> {
  const request = await requestToActOn(db, caseId, { confirmed: true });
  // The column is named in the statement: only a field of the list ever reaches it.
  if (!isCorrectable(source, field)) throw new Invalid(rightsDeskMessages.notCorrectable, 'field');
  const [record] = await theirRecords(db, request, [{ source, id }]);
  const label = (correctableFields[source] as Record<string, string>)[field]!;
  const { table, id: rowId, theirs } = recordTables[source];
  const changed = await changeAndAudit(db, {
    change: `UPDATE ${table} s SET ${columnOf(source, field)} = $2 FROM ${subjectFrom(3)}
             WHERE ${rowId} = $1 AND ${theirs}
             RETURNING ${rowId}`,
    params: [
      id,
      value,
      ...subjectParams(request),
      request.caseId,
      rightsNotes.rectification(label, recordName(record!)),
      admin.id,
      request.id,
      `${request.reference}: rectificación de ${label} en ${recordName(record!)}`,
    ],
    admin,
    action: 'update',
    entity: 'rights_request',
    entityId: '$9::text',
    summary: '$10::text',
    effects: noteEffect('$6', '$7', '$8'),
  });
  // Erased or changed since it was found.
  if (changed.length === 0) throw new NotFound(rightsDeskMessages.notTheirs);
}
