import * as z from 'zod/mini';
import { emailField, pageNumber, requiredText } from '../fields.ts';
import { waitText } from '../time/wait-text.ts';
import { pageShape } from '../paged-list.ts';

/**
 * Atención ciudadana: every contact message, complaint (reclamo), job application,
 * motorhome registration and rights request (derechos, src/shared/rights/) is a case staff work on in the admin, with a status, an assignee,
 * internal notes and written answers mailed to the citizen; the citizen follows it on
 * /seguimiento with its reference and e-mail. Denuncias are not cases: they have their own desk.
 */

export const caseKinds = {
  reclamo: 'Reclamo',
  mensaje: 'Mensaje',
  postulacion: 'Postulación',
  motorhome: 'Motorhome',
  derechos: 'Derechos de datos',
} as const;
export type CaseKind = keyof typeof caseKinds;
const kindKeys = Object.keys(caseKinds) as [CaseKind, ...CaseKind[]];

/** A citizen's own submission, as the mails to them name it: "Recibimos su reclamo". */
export const yourCase: Record<CaseKind, string> = {
  reclamo: 'su reclamo',
  mensaje: 'su mensaje',
  postulacion: 'su postulación',
  motorhome: 'su registro de motorhome',
  derechos: 'su solicitud de derechos sobre sus datos',
};

/** The list's filter names the kinds in the plural. */
export const caseKindFilters: Record<CaseKind, string> = {
  reclamo: 'Reclamos',
  mensaje: 'Mensajes',
  postulacion: 'Postulaciones',
  motorhome: 'Motorhome',
  derechos: 'Derechos de datos',
};

/** Recibido → En revisión → Respondido → Cerrado; staff may set any of them. */
export const caseStatuses = {
  recibido: 'Recibido',
  en_revision: 'En revisión',
  respondido: 'Respondido',
  cerrado: 'Cerrado',
} as const;
export type CaseStatus = keyof typeof caseStatuses;
const statusKeys = Object.keys(caseStatuses) as [CaseStatus, ...CaseStatus[]];

/** A case is open, and its deadline counts, until it is answered or closed. */
export const OPEN_STATUSES: readonly CaseStatus[] = ['recibido', 'en_revision'];

/** SISS: a utility answers a complaint in writing within 10 business days. */
export const COMPLAINT_BUSINESS_DAYS = 10;
/** Highlighted, and in the staff digest, this many business days before the due date. */
export const DUE_SOON_BUSINESS_DAYS = 2;

/** Where every reply to a reclamo ends: the citizen's next step if they disagree. */
export const SISS_SENTENCE =
  'Si no está conforme con esta respuesta, puede presentar un reclamo ante la Superintendencia de Servicios Sanitarios (SISS) en www.siss.gob.cl, en el plazo que indica su normativa, indicando el número de referencia de su caso.';

/** Whether a deadline has passed, is close or is still far; null: the case has none or is answered. */
export type Urgency = 'overdue' | 'due_soon' | 'on_time';

export const CASE_PAGE_SIZE = 25;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A row of the list: what staff need to choose the next case. */
export const CaseSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(kindKeys),
  reference: z.string(),
  status: z.enum(statusKeys),
  citizen_name: z.string(),
  locality: z.string(),
  received_at: z.string(),
  /** The last day to answer (Chile's calendar), or null where the kind has no deadline. */
  due_on: z.nullable(isoDate),
  /** Business days from today to the due date: 0 due today, negative overdue; null without one. */
  business_days_left: z.nullable(z.number()),
  urgency: z.nullable(z.enum(['overdue', 'due_soon', 'on_time'])),
  assignee_id: z.nullable(z.string()),
  assignee_name: z.nullable(z.string()),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

/** GET /api/admin/cases: query. */
export const CaseListQuerySchema = z.object({
  kind: z.optional(z.enum(kindKeys)),
  status: z.optional(z.enum(statusKeys)),
  locality: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  page: pageNumber(),
});
export type CaseListQuery = z.infer<typeof CaseListQuerySchema>;

/** GET /api/admin/cases: data. `localities` are those of every case, for the filter. */
export const CaseListSchema = z.object({
  cases: z.array(CaseSummarySchema),
  ...pageShape,
  localities: z.array(z.string()),
});
export type CaseList = z.infer<typeof CaseListSchema>;

/** A note staff keep on the case, or a reply mailed to the citizen. */
export const CaseEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['note', 'reply']),
  body: z.string(),
  admin_name: z.string(),
  created_at: z.string(),
});
export type CaseEntry = z.infer<typeof CaseEntrySchema>;

/** GET /api/admin/cases/{id}: data.case. `fields` are what the citizen sent, in the form's order. */
export const CaseDetailSchema = z.extend(CaseSummarySchema, {
  citizen_email: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /** A CV: downloadable by staff only, through GET /api/admin/cases/{id}/attachments/{uploadId}. */
  attachments: z.array(z.object({ id: z.string(), name: z.string(), size: z.number() })),
  entries: z.array(CaseEntrySchema),
  answered_at: z.nullable(z.string()),
  closed_at: z.nullable(z.string()),
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

/**
 * GET, PUT /api/admin/cases/{id} and POST …/notes, …/replies: data. `assignees` are the
 * administrators a case can be assigned to, for the detail's select.
 */
export const CaseDetailAnswerSchema = z.object({
  case: CaseDetailSchema,
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CaseDetailAnswer = z.infer<typeof CaseDetailAnswerSchema>;

/** PUT /api/admin/cases/{id}: the status, the assignee (null: nobody), or both. */
export const CaseUpdateSchema = z
  .object({
    status: z.optional(z.enum(statusKeys, { error: 'Elija un estado.' })),
    assigneeId: z.optional(z.nullable(z.uuid({ error: 'Elija un administrador.' }))),
  })
  .check(
    z.refine((update) => update.status !== undefined || update.assigneeId !== undefined, {
      error: 'Indique qué cambiar.',
      path: ['status'],
    }),
  );
export type CaseUpdate = z.infer<typeof CaseUpdateSchema>;

/** POST /api/admin/cases/{id}/notes. */
export const CaseNoteSchema = z.object({ body: requiredText(4000, 'Escriba la nota.', { multiline: true }) });
/** POST /api/admin/cases/{id}/replies (Responder): mailed to the citizen; the case becomes Respondido. */
export const CaseReplySchema = z.object({
  body: requiredText(8000, 'Escriba la respuesta.', { multiline: true }),
});

/** GET and PUT /api/admin/cases/settings. */
export const CaseSettingsSchema = z.object({
  // An empty field is no number at all, not 0.
  messageBusinessDays: z.pipe(
    z.transform((value) => (value === '' ? undefined : value)),
    z.coerce
      .number({ error: 'Indique un número de días hábiles.' })
      .check(
        z.int('Indique un número entero de días hábiles.'),
        z.gte(1, 'El plazo es de al menos 1 día hábil.'),
        z.lte(30, 'El plazo es de a lo más 30 días hábiles.'),
      ),
  ),
});
export type CaseSettings = z.infer<typeof CaseSettingsSchema>;

/** POST /api/seguimiento: the reference and the e-mail given in the form. */
export const FollowUpQuerySchema = z.object({
  reference: requiredText(20, 'Ingrese el número de referencia.').check(z.toUpperCase()),
  email: emailField(120),
});
export type FollowUpQuery = z.infer<typeof FollowUpQuerySchema>;

/** POST /api/seguimiento: data.case: the status, the dates and the replies, nothing else. */
export const FollowUpSchema = z.object({
  kind: z.enum(kindKeys),
  reference: z.string(),
  status: z.enum(statusKeys),
  received_at: z.string(),
  due_on: z.nullable(isoDate),
  answered_at: z.nullable(z.string()),
  closed_at: z.nullable(z.string()),
  replies: z.array(z.object({ body: z.string(), created_at: z.string() })),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

export const caseMessages = {
  notFound: 'Ese caso no existe.',
  assigneeNotFound: 'Ese administrador no existe.',
  attachmentNotFound: 'Ese archivo no existe o ya fue eliminado.',
  /** One message for every wrong pair: it never says which of the two was wrong. */
  followUpNotFound:
    'No encontramos un caso con ese número de referencia y correo electrónico. Revise ambos datos, tal como aparecen en el correo de confirmación.',
  /** A client's wait after its failed lookups, growing with them (server/throttle/throttle.ts). */
  followUpThrottled: (seconds: number) =>
    `Demasiadas consultas sin resultado desde esta conexión. Espere ${waitText(seconds)} e intente nuevamente.`,
} as const;

/** The public page where a citizen follows a case; the acknowledgement mail links to it. */
export { FOLLOW_UP_PATH, followUpHref } from './follow-up/texts.ts';
