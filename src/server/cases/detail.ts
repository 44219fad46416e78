import type { CaseDetail, CaseDetailAnswer, CaseEntry, CaseKind } from '../../shared/cases/schema.ts';
import { chileMinute } from '../../shared/time/format.ts';
import { rightTypes } from '../../shared/rights/texts.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import { FROM_CASES, SUMMARY_COLUMNS, withDeadline } from './list.ts';

/**
 * One case as staff work on it: what the citizen sent (read from the submission's own table, in
 * the form's order), the CV of an application, the notes and replies, and who it can go to.
 */

/** A label, its SQL expression and, for an instant, how staff read it on Aysén's clock. */
type Field = [label: string, column: string, format?: (value: string) => string];

/** A rights request's type as the form names it ('Acceso'), in SQL. */
const RIGHT_LABEL = `CASE type ${Object.entries(rightTypes)
  .map(([type, { label }]) => `WHEN '${type}' THEN '${label}'`)
  .join(' ')} END`;

/** Who wrote a complaint or a message, as both forms ask it. */
const contactFields: Field[] = [
  ['Nombre', "name || ' ' || surname"],
  ['Correo electrónico', 'email'],
  ['Teléfono', 'phone'],
  ['Dirección', 'address'],
  ['Ciudad', 'city'],
];

/** Each kind's table and its fields as the form asks them. */
const submissions: Record<CaseKind, { table: string; fields: Field[] }> = {
  reclamo: {
    table: 'complaints',
    fields: [...contactFields, ['Número de servicio', 'client_number'], ['Detalle del reclamo', 'complaint_details']],
  },
  mensaje: {
    table: 'contact_messages',
    fields: [...contactFields, ['Mensaje', 'reqs']],
  },
  postulacion: {
    table: 'job_applications',
    fields: [
      ['Nombre', 'name'],
      ['Correo electrónico', 'email'],
      ['RUT', 'rut'],
      ['Dirección', 'address'],
    ],
  },
  motorhome: {
    table: 'motorhome_registrations',
    fields: [
      ['Nombre', "name || ' ' || surname"],
      ['RUT o pasaporte', 'rut'],
      ['Correo electrónico', 'email'],
      ['Teléfono', 'phone'],
      ['Nacionalidad', 'nationality'],
      ['País', 'country'],
      ['Región', 'region'],
      ['Ciudad', 'city'],
      ['Dirección', 'address'],
      ['Aceptó las condiciones', isoTime('accepted_terms_at'), chileMinute],
    ],
  },
  derechos: {
    table: 'rights_requests',
    fields: [
      ['Derecho', RIGHT_LABEL],
      ['Nombre', 'name'],
      ['Correo electrónico', 'email'],
      ['Correo confirmado', isoTime('email_confirmed_at'), chileMinute],
      ['RUT', 'rut'],
      ['Número de servicio', 'service_number'],
      ['Solicitud', 'details'],
    ],
  },
};

/** A case id as the path carries it; anything else is no case at all. */
export const isCaseId = (id: string): boolean => /^\d{1,18}$/.test(id);

/**
 * What staff read of a case, in one round trip: the submission is read from each kind's table, the
 * case's only. `change`, a change of the case (a note), goes first in the same transaction, so
 * the screen gets the case as it left it.
 */
export async function caseDetail(
  db: Database,
  id: string,
  today: string,
  change?: Statement,
): Promise<CaseDetailAnswer | undefined> {
  if (!isCaseId(id)) return undefined;
  const kinds = Object.entries(submissions) as [CaseKind, (typeof submissions)[CaseKind]][];
  const read = await db.batch([
    ...(change ? [change] : []),
    {
      text: `SELECT ${SUMMARY_COLUMNS}, c.citizen_email, ${isoTime('c.answered_at')} AS answered_at,
               ${isoTime('c.closed_at')} AS closed_at
             FROM ${FROM_CASES} WHERE c.id = $1`,
      params: [id],
    },
    {
      text: `SELECT id::text AS id, kind, body, admin_name, ${isoTime('created_at')} AS created_at
             FROM case_entries WHERE case_id = $1 ORDER BY case_entries.created_at, case_entries.id`,
      params: [id],
    },
    { text: 'SELECT id::text AS id, name FROM admins ORDER BY lower(admins.name), admins.id' },
    // Only an application carries a file: its CV, while its bytes are kept.
    {
      text: `SELECT u.id::text AS id, u.file_name AS name, u.declared_size AS size
             FROM cases c JOIN job_applications j ON j.reference = c.reference JOIN uploads u ON u.id = j.cv_upload_id
             WHERE c.id = $1 AND u.bytes_deleted_at IS NULL`,
      params: [id],
    },
    ...kinds.map(([kind, { table, fields }]) => ({
      text: `SELECT ${fields.map(([, column], index) => `${column} AS f${index}`).join(', ')} FROM ${table}
             WHERE reference = (SELECT c.reference FROM cases c WHERE c.id = $1 AND c.kind = $2)`,
      params: [id, kind],
    })),
  ]);
  const [rows, entries, assignees, attachments, ...sentOfKind] = read.slice(change ? 1 : 0) as [
    Omit<CaseDetail, 'fields' | 'attachments' | 'entries' | 'business_days_left' | 'urgency'>[],
    CaseEntry[],
    CaseDetailAnswer['assignees'],
    CaseDetail['attachments'],
    ...Record<string, string>[][],
  ];
  const [row] = rows;
  if (!row) return undefined;
  const { fields } = submissions[row.kind];
  const sent = sentOfKind[kinds.findIndex(([kind]) => kind === row.kind)]!;
  const submission = sent[0];
  return {
    case: {
      ...withDeadline(row, today),
      // The submission is gone once its retention period ends; the case goes with it (retention.ts).
      fields: submission
        ? fields.map(([label, , format], index) => {
            const value = submission[`f${index}`] ?? '';
            return { label, value: value && format ? format(value) : value };
          })
        : [],
      attachments,
      entries,
    },
    assignees,
  };
}

/** The CV of an application case, for staff's download; undefined for anything else. */
export async function caseAttachment(
  db: Database,
  id: string,
  uploadId: string,
): Promise<{ id: string; name: string; reference: string } | undefined> {
  if (!isCaseId(id) || !isUuid(uploadId)) return undefined;
  const [row] = await db.query<{ id: string; name: string; reference: string }>(
    `SELECT u.id::text AS id, u.file_name AS name, c.reference
     FROM cases c JOIN job_applications j ON j.reference = c.reference JOIN uploads u ON u.id = j.cv_upload_id
     WHERE c.id = $1 AND u.id = $2 AND u.bytes_deleted_at IS NULL`,
    [id, uploadId],
  );
  return row;
}
