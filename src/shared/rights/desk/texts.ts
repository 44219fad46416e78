import { periodText, retention } from '../../retention/texts.ts';
import type { RecordSource } from '../records/texts.ts';

/**
 * The rights desk (src/server/rights/): what staff read when they act on a rights request, in the
 * refusals, the case's automatic notes and the privacy mailbox's digest. No zod here, like the
 * other texts of the feature (docs/features/forms-and-cases.md, "zod/mini").
 */

/** At most this many records are erased by one action. */
export const MAX_ERASED_RECORDS = 500;

export const rightsDeskMessages = {
  reasonRequired: 'Escriba el motivo de la ampliación: se le enviará a la persona.',
  proofRequired: 'Indique qué antecedentes pidió o recibió para acreditar la identidad.',
  recordsRequired: 'Elija al menos un registro para eliminar.',
  tooManyRecords: `Elija a lo más ${MAX_ERASED_RECORDS} registros por vez.`,
  sourceRequired: 'Elija el tipo de registro.',
  idRequired: 'Falta el registro.',
  valueRequired: 'Escriba el dato corregido.',
  notTheirs:
    'Alguno de los registros elegidos no es de esta persona o ya no existe: vuelva a buscar sus datos y elija de nuevo.',
  notCorrectable: 'Ese dato no se puede corregir en este tipo de registro.',
  notThirdParty:
    'Ese registro ya no coincide con el RUT ni con el número de servicio de la solicitud, o ya no existe: vuelva a buscar sus datos.',
  alreadyBlocked: 'Los datos de esta persona ya están marcados por esta solicitud.',
} as const;

/**
 * What a person may have corrected (rectificación), per kind of record, with each field's label.
 * Only what identifies or reaches them; never what they reported or what a payment or a legal
 * record says (a bill is a tax document, a subscription's address is changed by its owner's own
 * confirmation, a rights request is the record of what was asked).
 */
export const correctableFields = {
  contact_messages: {
    name: 'Nombre',
    surname: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    address: 'Dirección',
    city: 'Ciudad',
  },
  complaints: {
    name: 'Nombre',
    surname: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    address: 'Dirección',
    city: 'Ciudad',
  },
  cases: { name: 'Nombre', email: 'Correo electrónico', locality: 'Localidad' },
  job_applications: { name: 'Nombre', email: 'Correo electrónico', address: 'Dirección' },
  motorhome_registrations: {
    name: 'Nombre',
    surname: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    address: 'Dirección',
  },
  outage_subscriptions: {},
  bills: {},
  tbk_payments: {},
  // The billing system's: corrected there, the next import brings the correction (an edit here would be overwritten).
  accounts: {},
  consumption_periods: {},
  // What was compared and mailed, and the holder's opt-out: records of what happened, nothing to correct.
  consumption_warnings: {},
  rights_requests: {},
} as const satisfies Record<RecordSource, Record<string, string>>;

/** Whether `field` is one a person may have corrected in a record of `source`. */
export const isCorrectable = (source: string, field: string): boolean =>
  Object.hasOwn(correctableFields, source) && Object.hasOwn(correctableFields[source as RecordSource], field);

const taxReason = `obligación tributaria, ${periodText(retention.bills)} (Código Tributario, artículos 17 y 200)`;
const rightsReason = `constancia de cómo se atendió una solicitud de derechos, ${periodText(retention.rightsRequests)} desde su cierre`;

/** Why a record the person asked to erase is kept: said in the note and the answer to them. */
export const keptReasons = {
  tax: taxReason,
  billing:
    'registro de facturación del servicio, que se conserva mientras exista la cuenta: lo carga el sistema de facturación, que guarda las lecturas y los cobros de cada boleta, y el sitio guarda solo los períodos más recientes; la corrección de un dato se pide al área comercial, y la siguiente carga la trae',
  warning: `registro de un aviso de consumo alto: se conserva ${periodText(retention.consumptionWarnings)} desde el aviso, lo mismo que las lecturas del período sobre el que avisó, y sin él la siguiente carga de lecturas volvería a avisar ese período`,
  optOut:
    'es la baja de los avisos de consumo alto del servicio: se conserva para respetarla (sin ella, el servicio volvería a recibir los avisos), como la marca de un bloqueo, mientras exista la cuenta',
  thisRequest: `es el registro de esta misma solicitud (${rightsReason})`,
  otherRequest: rightsReason,
} as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Someone else's record that carries the RUT or service number the requester typed (rights/subject.ts):
 * how the desk marks it, why it matched, and what staff may do with it (rights/inclusions.ts).
 */
export const thirdPartyTexts = {
  mark: 'De un tercero',
  nothing: (email: string) => `El sitio no guarda ningún dato con el correo confirmado ${email}.`,
  found: (own: number, email: string, others: number, keys: string) =>
    `${count(own, 'registro', 'registros')} con el correo confirmado ${email} o de los servicios de los que es titular${others > 0 ? ` y ${count(others, 'registro', 'registros')} de un tercero que ${others === 1 ? 'coincide' : 'coinciden'} con ${keys}` : ''}. Las denuncias nunca aparecen aquí: las atiende el canal de cumplimiento.`,
  reasons: {
    service: (serviceNumber: string) => `Coincide el número de servicio ${serviceNumber}`,
    rut: (rut: string) => `Coincide el RUT ${rut}`,
  },
  notice:
    'Los registros marcados «De un tercero» no tienen el correo confirmado ni son de un servicio del que la persona sea titular: coinciden solo por el RUT o el número de servicio. No se incluyen en la copia de los datos salvo que usted los incluya, y la supresión y la rectificación nunca los tocan. De un registro incluido se envían solo los datos que conciernen a la persona: nunca los datos de contacto ni los archivos del tercero.',
  unproven:
    'Se busca solo por el correo confirmado. El RUT y el número de servicio que escribió la persona no están verificados: una vez registrados los antecedentes de identidad recibidos, se listan también, marcados «De un tercero», los registros de otras personas con ese RUT o número de servicio, y como propios la cuenta y las lecturas de los servicios cuyo titular tiene ese RUT según el sistema de facturación.',
  include: 'Incluir en la copia de los datos',
  exclude: 'Quitar de la copia de los datos',
  included: (by: string, at: string) => `Incluido en la copia de los datos por ${by} el ${at}.`,
} as const;

/** The automatic internal notes each action leaves on the request's case. */
export const rightsNotes = {
  extension: (day: string, reason: string) =>
    `Ampliación del plazo: la respuesta vence ahora el ${day}. Se avisó a la persona por correo con este motivo: ${reason}`,
  proof: (requested: string | undefined, received: string | undefined) =>
    [
      'Acreditación de identidad:',
      ...(requested ? [`se pidió: ${requested}.`] : []),
      ...(received ? [`se recibió: ${received}.`] : []),
    ].join(' '),
  erasure: (erased: string[], kept: string[]) =>
    [
      'Supresión: ',
      erased.length === 0
        ? 'no se eliminó ningún registro'
        : `${erased.length === 1 ? 'se eliminó' : 'se eliminaron'} ${count(erased.length, 'registro', 'registros')} (${erased.join('; ')})`,
      kept.length > 0
        ? `; ${kept.length === 1 ? 'se conserva' : 'se conservan'} ${kept.length} (${kept.join('; ')})`
        : '',
      '.',
    ].join(''),
  rectification: (field: string, record: string) => `Rectificación: se corrigió «${field}» en ${record}.`,
  inclusion: (record: string, reason: string, included: boolean) =>
    `${included ? 'Se incluyó en' : 'Se quitó de'} la copia de los datos ${record}, de un tercero (${reason}).`,
  block: (kind: 'bloqueo' | 'oposicion') =>
    `${kind === 'bloqueo' ? 'Bloqueo' : 'Oposición'}: se marcaron el correo, el RUT y el número de servicio de la solicitud. Desde ahora no se les envían avisos de cortes ni acuses de recibo automáticos.`,
} as const;

/** The privacy mailbox's daily digest of rights requests due soon (src/server/rights/digest.ts). */
export const rightsDigestTexts = {
  subject: (overdue: number, soon: number, day: string) =>
    `Solicitudes de derechos: ${count(overdue, 'vencida', 'vencidas')} y ${soon} por vencer (${day})`,
  intro: (day: string) => `Solicitudes de derechos sobre datos personales abiertas al ${day}.`,
  overdue: (n: number) => `Vencidas (${n}):`,
  soon: (days: number, n: number) => `Vencen en los próximos ${days} días hábiles (${n}):`,
  confirmed: 'correo confirmado',
  unconfirmed: 'correo sin confirmar',
  review: (link: string) => `Revíselas en ${link}`,
} as const;
