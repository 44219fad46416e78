import * as z from 'zod/mini';
import { adminRoles } from '../../admins/schema.ts';
import { DeadlineSchema, DenunciaMessageSchema, denunciaStatuses, MESSAGE_CAP } from '../case/schema.ts';
import { pageNumber, requiredText } from '../../fields.ts';
import { pageShape } from '../../paged-list.ts';

/**
 * The compliance desk (admin menu Denuncias, /api/admin/denuncias): what only the
 * `cumplimiento` role reads and does. The statuses, messages and deadlines it shares with the
 * reporter's follow-up page are in denuncias/case/schema.ts.
 */

export const DESK_PAGE_SIZE = 25;
export const TRAIL_PAGE_SIZE = 50;

/** GET /api/admin/denuncias: query. */
export const DeskListQuerySchema = z.object({
  status: z.optional(z.enum(denunciaStatuses, { error: 'Elija un estado.' })),
  /** Part of a reference (DEN-7K3M9Q2X), as the reporter may read it out. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(20, 'Escriba a lo más 20 caracteres.'), z.toUpperCase())),
  page: pageNumber(),
});
export type DeskListQuery = z.infer<typeof DeskListQuerySchema>;

/** A row of the list: nothing the reporter wrote, only what the desk needs to choose the next case. */
export const DeskSummarySchema = z.object({
  reference: z.string(),
  status: z.enum(denunciaStatuses),
  type: z.string(),
  receivedAt: z.string(),
  deadlines: z.array(DeadlineSchema),
  /** The reporter's messages since compliance last wrote to them. */
  unanswered: z.number(),
  /** The last change: a message, a note or a status. */
  lastActivity: z.string(),
});
export type DeskSummary = z.infer<typeof DeskSummarySchema>;

export const DeskListSchema = z.object({
  denuncias: z.array(DeskSummarySchema),
  ...pageShape,
});
export type DeskList = z.infer<typeof DeskListSchema>;

const FileSchema = z.object({ id: z.string(), fileName: z.string(), size: z.number() });

/** GET /api/admin/denuncias/{reference}: the report unsealed, its file, messages and notes. */
export const DeskDetailSchema = z.extend(DeskSummarySchema, {
  /** What the reporter sent, in the form's order, each with its label; '' where left empty. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  attachment: z.nullable(FileSchema),
  messages: z.array(DenunciaMessageSchema),
  acknowledgedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  /** The reporter asked for a content-free notice by e-mail of each message compliance writes. */
  notifyReporter: z.boolean(),
});
export type DeskDetail = z.infer<typeof DeskDetailSchema>;
export const DeskDetailAnswerSchema = z.object({ denuncia: DeskDetailSchema });

/**
 * PUT /api/admin/denuncias/{reference}. Leaving Recibida is the acknowledgement, so no case goes
 * back to it.
 */
export const deskStatuses = ['en_analisis', 'en_investigacion', 'cerrada'] as const;
export const DeskStatusSchema = z.object({ status: z.enum(deskStatuses, { error: 'Elija un estado.' }) });
export type DeskStatusChange = z.infer<typeof DeskStatusSchema>;

/** POST …/messages: to the reporter, as short as what they may write (MESSAGE_CAP). */
export const DeskMessageSchema = z.object({
  body: requiredText(MESSAGE_CAP - 1, 'Escriba el mensaje.', { multiline: true }),
});
/** POST …/notes: compliance's own, never shown to the reporter. */
export const DeskNoteSchema = z.object({ body: requiredText(4000, 'Escriba la nota.', { multiline: true }) });

/** The compliance trail, as the desk shows it: "Consultó DEN-7K3M9Q2X". */
export const trailActions = {
  view: 'Consultó',
  list: 'Listó',
  download: 'Descargó un archivo',
  status: 'Cambió el estado',
  reply: 'Escribió al denunciante',
  note: 'Agregó una nota',
  grant: 'Otorgó el rol',
  withdraw: 'Quitó el rol',
} as const;
export type TrailAction = keyof typeof trailActions;

export const TrailQuerySchema = z.object({ page: pageNumber() });

export const TrailEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  adminEmail: z.string(),
  action: z.enum(Object.keys(trailActions) as [TrailAction, ...TrailAction[]]),
  reference: z.nullable(z.string()),
  summary: z.string(),
});
export type TrailEntry = z.infer<typeof TrailEntrySchema>;

export const TrailPageSchema = z.object({
  entries: z.array(TrailEntrySchema),
  ...pageShape,
});

/** GET /api/admin/denuncias/team: every admin account, and which hold the compliance role. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(adminRoles)),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export const TeamSchema = z.object({ team: z.array(TeamMemberSchema) });

/** PUT /api/admin/denuncias/team/{adminId}: grant (true) or withdraw (false) `cumplimiento`. */
export const TeamChangeSchema = z.object({ compliance: z.boolean({ error: 'Indique si otorga o quita el rol.' }) });

export const deskMessages = {
  notFound: 'Esa denuncia no existe.',
  attachmentNotFound: 'Ese archivo no existe o ya fue eliminado.',
  memberNotFound: 'Esa cuenta no existe.',
  onlyCompliance:
    'Esa cuenta solo tiene el rol de cumplimiento: sin él no tendría acceso a nada. Para retirarle el acceso, elimine la cuenta.',
  lastCompliance:
    'El equipo de cumplimiento no puede quedar vacío: otorgue el rol a otra persona antes de quitárselo a esta.',
} as const;
