import { clean as cleanRut, validate as isValidRut } from 'rut.js';
import { formatAmount, paymentMethods, paymentTypeLabel, type PaymentMethod } from '../../shared/billing/texts.ts';
import { caseKinds, caseStatuses, type CaseKind, type CaseStatus } from '../../shared/cases/schema.ts';
import { chileMinute } from '../../shared/chile-time.ts';
import { billStatuses, type BillStatus } from '../../shared/payments/schema.ts';
import type { FoundRecord, PersonalData } from '../../shared/rights/records/schema.ts';
import { recordSourceKeys, type RecordSource } from '../../shared/rights/records/texts.ts';
import { rightTypes, type RightType } from '../../shared/rights/texts.ts';
import { isoTime, type Database } from '../db/index.ts';
import { confirmedRightsRequest, type RightsRequestRow } from './request.ts';

/**
 * Everything the site holds about the person of a confirmed rights request (Ley 21.719): the rows
 * of the nine sources of records/texts.ts that carry the request's e-mail (any case), its RUT
 * (however it is written: dots, dash and leading zeros aside) or its service number, with the
 * cases of the submissions found and the card records of the bills found. Never the denuncias:
 * a rights request must not reveal or link a confidential report, so no statement here reads a
 * table of theirs.
 */

/** A label, the SQL of its value over the row `s`, and how a person reads it (instants on Aysén's clock). */
type Field = [label: string, column: string, format?: (value: string) => string];

interface Source {
  /** The table as `s`; `p` holds the person's keys (`p.email`, `p.rut`, `p.service`). */
  from: string;
  where: string;
  reference: string;
  createdAt: string;
  fields: Field[];
  /** SQL of a JSON array of the row's stored files ({ uploadId, name, size }). */
  files?: string;
}

/** A RUT as rut.js's clean() leaves it, in SQL: only what looks like a RUT (never a passport's digits). */
const rutKey = (column: string) =>
  `CASE WHEN btrim(${column}) ~ '^[0-9][0-9.]*-?[0-9kK]$'
     THEN upper(ltrim(regexp_replace(${column}, '[^0-9kK]', '', 'g'), '0')) END`;
/** A service number without blanks, dots or dashes. */
const serviceKey = (column: string) => `upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g'))`;

const byEmail = (column: string) => `lower(btrim(${column})) = p.email`;
const byRut = (column: string) => `(p.rut <> '' AND ${rutKey(column)} = p.rut)`;
const byService = (column: string) => `(p.service <> '' AND ${serviceKey(column)} = p.service)`;

/** The rows of each submission table that belong to the person, over the alias `t`. */
const match = {
  contact_messages: (t: string) => byEmail(`${t}.email`),
  complaints: (t: string) => `${byEmail(`${t}.email`)} OR ${byService(`${t}.client_number`)}`,
  job_applications: (t: string) => `${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)}`,
  motorhome_registrations: (t: string) => `${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)}`,
  bills: (t: string) => `${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)} OR ${byService(`${t}.service_number`)}`,
  rights_requests: (t: string) => `${byEmail(`${t}.email`)} OR ${byRut(`${t}.rut`)}`,
};

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
const submission = (table: keyof typeof match, fields: Field[], files?: string): Source => ({
  from: `${table} s`,
  where: match[table]('s'),
  reference: 's.reference',
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
  contact_messages: submission('contact_messages', [...person, ['Mensaje', 's.reqs']]),
  complaints: submission('complaints', [
    ...person,
    ['Número de servicio', 's.client_number'],
    ['Detalle del reclamo', 's.complaint_details'],
  ]),
  cases: {
    from: 'cases s',
    // The person's own address, or a submission of theirs found by RUT or service number.
    where: `lower(btrim(s.citizen_email)) = p.email OR s.reference IN (
      ${(['contact_messages', 'complaints', 'job_applications', 'motorhome_registrations', 'rights_requests'] as const)
        .map((table) => `SELECT x.reference FROM ${table} x WHERE ${match[table]('x')}`)
        .join(' UNION ALL ')})`,
    reference: 's.reference',
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
    'job_applications',
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
  motorhome_registrations: submission('motorhome_registrations', [
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
    from: 'outage_subscriptions s',
    where: byEmail('s.email'),
    reference: 'NULL',
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
    from: 'bills s',
    where: match.bills('s'),
    reference: 's.buy_order',
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
    from: 'tbk_payments s',
    where: `s.bill_id IN (SELECT x.id FROM bills x WHERE ${match.bills('x')})`,
    reference: 's.buy_order',
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
  rights_requests: submission('rights_requests', [
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

/** The person's keys as the SQL compares them: the e-mail in lower case, the RUT and service number cleaned. */
export function subjectKeys(request: Pick<RightsRequestRow, 'email' | 'rut' | 'serviceNumber'>) {
  return {
    email: request.email.trim().toLowerCase(),
    rut: isValidRut(request.rut) ? cleanRut(request.rut) : '',
    service: request.serviceNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
  };
}

type Row = { id: string; reference: string | null; createdAt: string; files: string | null } & Record<
  string,
  string | null
>;

const statement = ({ from, where, reference, createdAt, fields, files }: Source) =>
  `WITH p AS (SELECT $1::text AS email, $2::text AS rut, $3::text AS service)
   SELECT s.id::text AS id, ${reference} AS reference, ${isoTime(createdAt)} AS "createdAt",
     ${fields.map(([, column], index) => `(${column}) AS f${index}`).join(', ')}, ${files ?? 'NULL'} AS files
   FROM p, ${from} WHERE ${where} ORDER BY ${createdAt}, s.id`;

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
  const keys = subjectKeys(request);
  const results = (await db.batch(
    recordSourceKeys.map((source) => ({
      text: statement(sources[source]),
      params: [keys.email, keys.rut, keys.service],
    })),
  )) as Row[][];
  return {
    subject: { email: request.email, rut: request.rut, serviceNumber: request.serviceNumber },
    records: recordSourceKeys.flatMap((source, index) => results[index]!.map((row) => recordOf(source, row))),
  };
}

/** GET /api/admin/cases/:caseId/rights/data: refused (Conflict) until the requester confirms the e-mail. */
export async function findPersonalData(db: Database, caseId: string): Promise<PersonalData> {
  return personalDataOf(db, await confirmedRightsRequest(db, caseId));
}
