import { formatAmount, paymentMethods, paymentTypeLabel, type PaymentMethod } from '../../shared/payments/texts.ts';
import { caseKinds, caseStatuses, type CaseKind, type CaseStatus } from '../../shared/cases/schema.ts';
import { CHARGE_COLUMNS, type ChargeColumn, type ReadingType } from '../../shared/consumption/schema.ts';
import { m3Figure } from '../../shared/consumption/texts.ts';
import { notSentLabels, type NotSentReason } from '../../shared/consumption/warnings.ts';
import { chileMinute } from '../../shared/time/format.ts';
import { billStatuses, type BillStatus } from '../../shared/payments/admin/schema.ts';
import type { FoundRecord, PersonalData } from '../../shared/rights/records/schema.ts';
import { recordSourceKeys, type RecordSource } from '../../shared/rights/records/texts.ts';
import { thirdPartyTexts } from '../../shared/rights/desk/texts.ts';
import { rightTypes, type RightType } from '../../shared/rights/texts.ts';
import { isoTime, type Database } from '../db/index.ts';
import { confirmedRightsRequest, type RightsRequestRow } from './request.ts';
import { recordTables, subjectFrom, subjectParams, type MatchedBy } from './subject.ts';
import { outboxChannelLabels } from '../../shared/outbox/schema.ts';

/** SQL: a subscription's channel as staff and the person read it. */
const channelLabel = (column: string) =>
  `CASE ${column} ${Object.entries(outboxChannelLabels)
    .map(([channel, label]) => `WHEN '${channel}' THEN '${label}'`)
    .join(' ')} END`;

/**
 * Everything the site holds about the person of a confirmed rights request (Ley 21.719): the rows
 * of the twelve sources of records/texts.ts that are theirs by the rule of rights/subject.ts (the
 * request's confirmed e-mail; the cases of the submissions found, the card records of the bills
 * found), the rule the desk's actions check, so whatever is theirs may be acted on; and, marked
 * "de un tercero" with the key they matched by, the rows of other people that carry the RUT or
 * service number the request typed, for staff to review: only those staff include go into the
 * export, and without their people's contact data and files (`exportedData`). Never the
 * denuncias: a rights request must not reveal or link a confidential report, so no statement here
 * reads a table of theirs.
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
  /**
   * The labels of what is the row's own person's (who they are, how to reach them, what they
   * wrote of themselves): left out when staff include someone else's row in the export, but for
   * the key it matched by (KEY_LABELS).
   */
  theirOwn?: string[];
}

/** The fields that hold each typed key: what an included row of someone else has in common with the requester. */
const KEY_LABELS: Record<MatchedBy, string[]> = {
  service: ['Número de servicio'],
  rut: ['RUT', 'RUT o pasaporte'],
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
const PERSON = person.map(([label]) => label);
const submission = (fields: Field[], files?: string): Source => ({
  createdAt: 's.created_at',
  fields,
  ...(files ? { files } : {}),
  theirOwn: fields.map(([label]) => label).filter((label) => PERSON.includes(label)),
});

/** The replies a case's citizen was mailed (shown on /seguimiento), oldest first, as JSON. */
const REPLIES = `(SELECT json_agg(json_build_object('at', ${isoTime('e.created_at')}, 'body', e.body) ORDER BY e.created_at, e.id)
  FROM case_entries e WHERE e.case_id = s.id AND e.kind = 'reply')::text`;
const replies = (json: string) =>
  (JSON.parse(json) as { at: string; body: string }[])
    .map(({ at, body }) => `${chileMinute(at)}: ${body}`)
    .join('\n\n');

/** A reading as the billing system marks it. */
const readingTypes: Record<ReadingType, string> = {
  real: 'Real',
  estimada: 'Estimada',
  cliente: 'Informada por el cliente',
};
/** A period's charges with the bill's words; the subsidy and a compensation lower the total. */
const chargeLabels: Record<ChargeColumn, string> = {
  fixed_charge: 'Cargo fijo',
  water_charge: 'Agua potable',
  sewer_charge: 'Alcantarillado',
  treatment_charge: 'Tratamiento de aguas servidas',
  overconsumption_charge: 'Cargo por sobreconsumo',
  subsidy_amount: 'Subsidio (se descuenta)',
  agreement_instalment: 'Cuota de convenio',
  other_charges: 'Otros cargos',
  compensation: 'Compensación (se descuenta)',
};

const withTheirOwn = (source: Source, more: string[]): Source => ({
  ...source,
  theirOwn: [...(source.theirOwn ?? []), ...more],
});

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
    // The CV while its bytes are kept (as the case's detail shows it); never with someone else's row.
    `(SELECT json_agg(json_build_object('uploadId', u.id, 'name', u.file_name, 'size', u.declared_size))
      FROM uploads u WHERE u.id = s.cv_upload_id AND u.bytes_deleted_at IS NULL)::text`,
  ),
  motorhome_registrations: withTheirOwn(
    submission([
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
    ['Nacionalidad', 'País', 'Región'],
  ),
  outage_subscriptions: {
    createdAt: 's.created_at',
    fields: [
      ['Correo electrónico', 's.email'],
      ['Teléfono', 's.phone'],
      ['Canal', channelLabel('s.channel')],
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
    // Who paid and for whom it was invoiced.
    theirOwn: ['Correo electrónico', 'Razón social', 'RUT', 'Giro', 'Dirección de facturación', 'Comuna', 'Ciudad'],
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
    // The payer's card.
    theirOwn: ['Código de autorización', 'Últimos dígitos de la tarjeta'],
  },
  accounts: {
    createdAt: 's.updated_at',
    fields: [
      ['Número de servicio', 's.service_number'],
      ['Dirección de instalación', 's.install_address'],
      ['RUT del titular', 's.holder_rut'],
      ['Correo de contacto', 's.contact_email'],
      ['Teléfono de contacto', 's.contact_phone'],
      ['Saldo', 's.balance::text', (amount) => formatAmount(Number(amount))],
      ['Vencimiento', `to_char(s.expiration_date, 'DD-MM-YYYY')`],
    ],
    // The holder, as the billing system names and reaches them; the address is the service's.
    theirOwn: ['RUT del titular', 'Correo de contacto', 'Teléfono de contacto'],
  },
  consumption_periods: {
    createdAt: 's.imported_at',
    fields: [
      ['Número de servicio', 's.service_number'],
      ['Período', 's.period'],
      ['Leído desde', `to_char(s.read_from, 'DD-MM-YYYY')`],
      ['Leído hasta', `to_char(s.read_to, 'DD-MM-YYYY')`],
      ['Lectura anterior', 's.reading_from::text'],
      ['Lectura actual', 's.reading_to::text'],
      ['Consumo (m³)', 's.consumption_m3::text'],
      ['Tipo de lectura', 's.reading_type', labelled<ReadingType>(readingTypes)],
      ['Sobreconsumo (m³)', 's.overconsumption_m3::text'],
      ...CHARGE_COLUMNS.map((column): Field => [
        chargeLabels[column],
        `s.${column}::text`,
        (amount) => formatAmount(Number(amount)),
      ]),
      ['Total', 's.total::text', (amount) => formatAmount(Number(amount))],
      ['Vencimiento', `to_char(s.due_date, 'DD-MM-YYYY')`],
      ['Boleta', 's.doc_url'],
    ],
  },
  // A warning and what it compared, or the service's opt-out (its date is the row's; its other fields empty).
  consumption_warnings: {
    createdAt: 'coalesce(s.warned_at, s.opted_out_at)',
    fields: [
      ['Registro', 's.kind', labelled({ aviso: 'Aviso de consumo alto', baja: 'Baja de los avisos de consumo alto' })],
      ['Número de servicio', 's.service_number'],
      ['Período', 's.period'],
      ['Consumo (m³)', 's.consumption_m3::text'],
      ['Promedio de las lecturas reales anteriores (m³)', 's.average_m3::text', (m3) => m3Figure(Number(m3))],
      ['Lecturas reales promediadas', 's.readings::text'],
      ['Enviado a', 's.email'],
      ['Motivo de no envío', 's.email_not_sent', labelled<NotSentReason>(notSentLabels)],
    ],
    // The contact address it was mailed to, as an account's contact e-mail is.
    theirOwn: ['Enviado a'],
  },
  rights_requests: withTheirOwn(
    submission([
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
    [
      'Correo confirmado el',
      'Número de servicio',
      'Solicitud',
      'Antecedentes de identidad pedidos',
      'Antecedentes recibidos',
      'Motivo de la ampliación',
    ],
  ),
};

type Row = {
  id: string;
  reference: string | null;
  createdAt: string;
  files: string | null;
  own: boolean;
  matchedBy: MatchedBy | null;
  includedAt: string | null;
  includedBy: string | null;
} & Record<`f${number}`, string | null>;

/** The source's rows that are the subject's, and those of others carrying a typed key, with their inclusion. */
function statement(source: RecordSource): string {
  const { table, id, theirs, matches, reference } = recordTables[source];
  const { createdAt, fields, files } = sources[source];
  return `SELECT ${id} AS id, ${reference} AS reference, ${isoTime(createdAt)} AS "createdAt",
     ${fields.map(([, column], index) => `(${column}) AS f${index}`).join(', ')}, ${files ?? 'NULL'} AS files,
     (${theirs}) AS own, ${matches ?? 'NULL'} AS "matchedBy",
     ${isoTime('i.created_at')} AS "includedAt", i.admin_name AS "includedBy"
   FROM ${table} s CROSS JOIN ${subjectFrom(1)}
     LEFT JOIN rights_inclusions i ON i.request_id = $4::bigint AND i.source = '${source}' AND i.record_id = ${id}
   WHERE ${theirs}${matches ? ` OR ${matches} IS NOT NULL` : ''} ORDER BY ${createdAt}, ${id}`;
}

function recordOf(source: RecordSource, row: Row, request: RightsRequestRow): FoundRecord {
  const matchedBy = row.own ? null : row.matchedBy;
  return {
    source,
    id: row.id,
    reference: row.reference,
    createdAt: row.createdAt,
    fields: sources[source].fields.map(([label, , format], index) => {
      const value = row[`f${index}`] ?? '';
      return { label, value: value && format ? format(value) : value };
    }),
    // Someone else's file is never shown as the requester's, nor exported.
    files: row.files && !matchedBy ? (JSON.parse(row.files) as FoundRecord['files']) : [],
    thirdParty: matchedBy
      ? {
          matchedBy,
          reason: thirdPartyTexts.reasons[matchedBy](matchedBy === 'rut' ? request.rut : request.serviceNumber),
          includedAt: row.includedAt,
          includedBy: row.includedBy,
        }
      : null,
  };
}

/** What the site holds for the request's person, read in one transaction; `request` must be confirmed. */
export async function personalDataOf(db: Database, request: RightsRequestRow): Promise<PersonalData> {
  const params = [...subjectParams(request), request.id];
  const results = (await db.batch(recordSourceKeys.map((source) => ({ text: statement(source), params })))) as Row[][];
  return {
    // What it was searched by: the RUT and the service number only once proven (subject.ts).
    subject: {
      email: request.email,
      rut: params[1] ? request.rut : '',
      serviceNumber: params[2] ? request.serviceNumber : '',
    },
    records: recordSourceKeys.flatMap((source, index) => results[index]!.map((row) => recordOf(source, row, request))),
  };
}

/**
 * What the export sends (rights/export.ts): the requester's own records whole, and of the records
 * of others only those staff included, each with why it concerns the requester and without what
 * is its own person's (their contact data, what they wrote of themselves, their files).
 */
export async function exportedData(db: Database, request: RightsRequestRow): Promise<PersonalData> {
  const found = await personalDataOf(db, request);
  return {
    ...found,
    records: found.records.flatMap((record) => {
      const { thirdParty } = record;
      if (!thirdParty) return [record];
      if (!thirdParty.includedAt) return [];
      const withheld = (sources[record.source].theirOwn ?? []).filter(
        (label) => !KEY_LABELS[thirdParty.matchedBy].includes(label),
      );
      return [{ ...record, fields: record.fields.filter((field) => !withheld.includes(field.label)), files: [] }];
    }),
  };
}

/** GET /api/admin/cases/:caseId/rights/data: refused (Conflict) until the requester confirms the e-mail. */
export async function findPersonalData(db: Database, caseId: string): Promise<PersonalData> {
  return personalDataOf(db, await confirmedRightsRequest(db, caseId));
}
