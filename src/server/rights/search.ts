import { formatAmount, paymentMethods, paymentTypeLabel, type PaymentMethod } from '../../shared/billing/texts.ts';
import { caseKinds, caseStatuses, type CaseKind, type CaseStatus } from '../../shared/cases/schema.ts';
import { chileMinute } from '../../shared/chile-time.ts';
import { billStatuses, type BillStatus } from '../../shared/payments/schema.ts';
import type { FoundRecord, PersonalData } from '../../shared/rights/records/schema.ts';
import { recordSourceKeys, type RecordSource } from '../../shared/rights/records/texts.ts';
import { rightTypes, type RightType } from '../../shared/rights/texts.ts';
import { isoTime, type Database } from '../db/index.ts';
import { confirmedRightsRequest, type RightsRequestRow } from './request.ts';
import { recordTables, subjectFrom, subjectParams } from './subject.ts';

/**
 * Everything the site holds about the person of a confirmed rights request (Ley 21.719): the rows
 * of the nine sources of records/texts.ts that are theirs by the rule of rights/subject.ts (the
 * request's e-mail, RUT or service number; the cases of the submissions found, the card records of
 * the bills found), the rule the desk's actions check, so whatever is found may be acted on. Never
 * the denuncias: a rights request must not reveal or link a confidential report, so no statement
 * here reads a table of theirs.
 */

/** A label, the SQL of its value over the row `s`, and how a person reads it (instants on Aysén's clock). */
type Field = [label: string, column: string, format?: (value: string) => string];

/** What the search shows of a source's rows (which rows: rights/subject.ts). */
interface Source {
  /** SQL of the row's date, over `s`: the order of the rows found. */
  createdAt: string;
  fields: Field[];
  /** SQL of a JSON array of the row's stored files ({ uploadId, name, size }). */
  files?: string;
}

const instant = (label: string, column: string): Field => [label, isoTime(column), chileMinute];
const labelled =
  <K extends string>(labels: Record<K, string>) =>
  (key: string) =>
    labels[key as K] ?? key;
const townNames = (column: string) =>
  `(SELECT string_agg(t.name, ', ' ORDER BY t.position) FROM outage_towns t WHERE t.slug = ANY(${column}))`;
const person: Field[] = [
  ['Nombre', 's.name'],
  ['Apellido', 's.surname'],
  ['Correo electrónico', 's.email'],
  ['Teléfono', 's.phone'],
  ['Dirección', 's.address'],
  ['Ciudad', 's.city'],
];
const submission = (fields: Field[], files?: string): Source => ({
  createdAt: 's.created_at',
  fields,
  ...(files ? { files } : {}),
});

/** The replies a case's citizen was mailed (shown on /seguimiento), oldest first, as JSON. */
const REPLIES = `(SELECT json_agg(json_build_object('at', ${isoTime('e.created_at')}, 'body', e.body) ORDER BY e.created_at, e.id)
  FROM case_entries e WHERE e.case_id = s.id AND e.kind = 'reply')::text`;
const replies = (json: string) =>
  (JSON.parse(json) as { at: string; body: string }[])
    .map(({ at, body }) => `${chileMinute(at)}: ${body}`)
    .join('\n\n');

const sources: Record<RecordSource, Source> = {
  contact_messages: submission([...person, ['Mensaje', 's.reqs']]),
  complaints: submission([
    ...person,
    ['Número de servicio', 's.client_number'],
    ['Detalle del reclamo', 's.complaint_details'],
  ]),
  cases: {
    createdAt: 's.received_at',
    fields: [
      ['Tipo', 's.kind', labelled<CaseKind>(caseKinds)],
      ['Estado', 's.status', labelled<CaseStatus>(caseStatuses)],
      ['Nombre', 's.citizen_name'],
      ['Correo electrónico', 's.citizen_email'],
      ['Localidad', 's.locality'],
      ['Plazo de respuesta', `to_char(s.due_on, 'DD-MM-YYYY')`],
      instant('Respondido el', 's.answered_at'),
      instant('Cerrado el', 's.closed_at'),
      ['Respuestas enviadas', REPLIES, replies],
    ],
  },
  job_applications: submission(
    [
      ['Nombre', 's.name'],
      ['Correo electrónico', 's.email'],
      ['RUT', 's.rut'],
      ['Dirección', 's.address'],
    ],
    // The CV while its bytes are kept (as the case's detail shows it).
    `(SELECT json_agg(json_build_object('uploadId', u.id, 'name', u.file_name, 'size', u.declared_size))
      FROM uploads u WHERE u.id = s.cv_upload_id AND u.bytes_deleted_at IS NULL)::text`,
  ),
  motorhome_registrations: submission([
    ['Nombre', 's.name'],
    ['Apellido', 's.surname'],
    ['RUT o pasaporte', 's.rut'],
    ['Correo electrónico', 's.email'],
    ['Teléfono', 's.phone'],
    ['Nacionalidad', 's.nationality'],
    ['País', 's.country'],
    ['Región', 's.region'],
    ['Ciudad', 's.city'],
    ['Dirección', 's.address'],
    instant('Aceptó las condiciones', 's.accepted_terms_at'),
  ]),
  outage_subscriptions: {
    createdAt: 's.created_at',
    fields: [
      ['Correo electrónico', 's.email'],
      ['Localidades', townNames('s.towns')],
      instant('Confirmada el', 's.confirmed_at'),
      ['Cambio de localidades pedido', townNames('s.change_towns')],
      instant('Cambio pedido el', 's.change_requested_at'),
    ],
  },
  bills: {
    createdAt: 's.created_at',
    fields: [
      ['Número de servicio', 's.service_number'],
      ['Monto', 's.amount::text', (amount) => formatAmount(Number(amount))],
      ['Correo electrónico', 's.email'],
      ['Documento', 's.billing_type', labelled({ boleta: 'Boleta', factura: 'Factura' })],
      ['Razón social', 's.company'],
      ['RUT', 's.rut'],
      ['Giro', 's.activity'],
      ['Dirección de facturación', 's.billing_address'],
      ['Comuna', 's.billing_commune'],
      ['Ciudad', 's.billing_city'],
      ['Medio de pago', 's.payment_method', labelled<PaymentMethod>(paymentMethods)],
      ['Estado', 's.status', labelled<BillStatus>(billStatuses)],
      instant('Pagada el', 's.paid_at'),
    ],
  },
  tbk_payments: {
    createdAt: 's.created_at',
    fields: [
      ['Orden de compra', 's.buy_order'],
      ['Estado en Webpay', 's.status'],
      ['Código de respuesta', 's.response_code::text'],
      ['Monto', 's.amount::text', (amount) => formatAmount(Number(amount))],
      ['Tipo de pago', 's.payment_type_code', paymentTypeLabel],
      ['Código de autorización', 's.authorization_code'],
      instant('Fecha de la transacción', 's.transaction_date'),
      ['Últimos dígitos de la tarjeta', 's.card_number'],
      ['Cuotas', 's.installments_number::text'],
    ],
  },
  rights_requests: submission([
    ['Derecho', 's.type', (type) => rightTypes[type as RightType]?.label ?? type],
    ['Nombre', 's.name'],
    ['Correo electrónico', 's.email'],
    instant('Correo confirmado el', 's.email_confirmed_at'),
    ['RUT', 's.rut'],
    ['Número de servicio', 's.service_number'],
    ['Solicitud', 's.details'],
    ['Antecedentes de identidad pedidos', 's.proof_requested'],
    instant('Antecedentes pedidos el', 's.proof_requested_at'),
    ['Antecedentes recibidos', 's.proof_received'],
    instant('Antecedentes recibidos el', 's.proof_received_at'),
    instant('Plazo ampliado el', 's.extended_at'),
    ['Motivo de la ampliación', 's.extension_reason'],
  ]),
};

type Row = { id: string; reference: string | null; createdAt: string; files: string | null } & Record<
  string,
  string | null
>;

function statement(source: RecordSource): string {
  const { table, theirs, reference } = recordTables[source];
  const { createdAt, fields, files } = sources[source];
  return `SELECT s.id::text AS id, ${reference} AS reference, ${isoTime(createdAt)} AS "createdAt",
     ${fields.map(([, column], index) => `(${column}) AS f${index}`).join(', ')}, ${files ?? 'NULL'} AS files
   FROM ${table} s, ${subjectFrom(1)} WHERE ${theirs} ORDER BY ${createdAt}, s.id`;
}

function recordOf(source: RecordSource, row: Row): FoundRecord {
  return {
    source,
    id: row.id,
    reference: row.reference,
    createdAt: row.createdAt,
    fields: sources[source].fields.map(([label, , format], index) => {
      const value = row[`f${index}`] ?? '';
      return { label, value: value && format ? format(value) : value };
    }),
    files: row.files ? (JSON.parse(row.files) as FoundRecord['files']) : [],
  };
}

/** What the site holds for the request's person, read in one transaction; `request` must be confirmed. */
export async function personalDataOf(db: Database, request: RightsRequestRow): Promise<PersonalData> {
  const params = subjectParams(request);
  const results = (await db.batch(recordSourceKeys.map((source) => ({ text: statement(source), params })))) as Row[][];
  return {
    // What it was searched by: the RUT and the service number only once proven (subject.ts).
    subject: {
      email: request.email,
      rut: params[1] ? request.rut : '',
      serviceNumber: params[2] ? request.serviceNumber : '',
    },
    records: recordSourceKeys.flatMap((source, index) => results[index]!.map((row) => recordOf(source, row))),
  };
}

/** GET /api/admin/cases/:caseId/rights/data: refused (Conflict) until the requester confirms the e-mail. */
export async function findPersonalData(db: Database, caseId: string): Promise<PersonalData> {
  return personalDataOf(db, await confirmedRightsRequest(db, caseId));
}
