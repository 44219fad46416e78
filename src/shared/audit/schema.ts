import * as z from 'zod/mini';
import { pageNumber } from '../fields.ts';
import { pageShape } from '../paged-list.ts';

/**
 * The audit log: every change an admin makes, and every access: sign-ins,
 * failed attempts, sign-outs, token renewals, payment details read and payments exported. The
 * screen shows an action and its entity side by side ("Inició" "sesión", "Exportó" "pagos").
 */

export const auditActions = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  password: 'Cambió la contraseña de',
  import: 'Importó',
  sign_in: 'Inició',
  sign_in_failed: 'Intento fallido de iniciar',
  sign_out: 'Cerró',
  renew: 'Renovó',
  view: 'Consultó',
  export: 'Exportó',
  retry: 'Reintentó',
  // "Verificar estado en Webpay", the reconciliation of one payment.
  verify: 'Verificó',
  // A reply mailed to the citizen from Atención ciudadana.
  reply: 'Respondió',
  // An outage published on /cortes, an aviso on /avisos.
  publish: 'Publicó',
  // The one extension of a rights request's deadline (Ley 21.719).
  extend: 'Amplió el plazo de',
  // An aviso lifted: it leaves the current ones, with its lift message.
  lift: 'Levantó',
} as const;
export type AuditAction = keyof typeof auditActions;

export const auditEntities = {
  admin: 'administrador',
  document: 'documento',
  report: 'comunicado',
  education: 'contenido educativo',
  file: 'archivo',
  accounts: 'cuentas',
  // Mi consumo at Cuentas: a service's readings, looked at by staff for a holder on the phone.
  consumption: 'consumo de un servicio',
  // The readings export (src/server/consumption/readings-import.ts): billing periods of Mi consumo.
  readings: 'lecturas',
  session: 'sesión',
  payment: 'pago',
  payments: 'pagos',
  mail: 'correo',
  case: 'caso',
  case_settings: 'plazo de atención',
  outage: 'corte de agua',
  outage_town: 'localidad',
  // Derechos ARCO+ (src/server/rights/): a person's data exported, and the desk's actions.
  rights_request: 'solicitud de derechos',
  // Avisos (src/server/advisories/): the health and service notices by town.
  advisory: 'aviso',
} as const;
export type AuditEntity = keyof typeof auditEntities;

export const AuditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  admin_id: z.nullable(z.string()),
  admin_email: z.string(),
  action: z.enum(Object.keys(auditActions) as [AuditAction, ...AuditAction[]]),
  entity: z.enum(Object.keys(auditEntities) as [AuditEntity, ...AuditEntity[]]),
  entity_id: z.string(),
  /** What was changed, in words: the title, the e-mail, the type and year. */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** The actions that are accesses rather than changes: the screen shows either kind on its own. */
export const ACCESS_ACTIONS: readonly AuditAction[] = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'renew',
  'view',
  'export',
];

/** The screen's views of the log: everything, only changes, only accesses. */
export const auditViews = { '': 'Todo', cambios: 'Cambios', accesos: 'Accesos' } as const;
export type AuditView = keyof typeof auditViews;

/** GET /api/admin/audit: the query. */
export const AuditQuerySchema = z.object({
  page: pageNumber(),
  view: z._default(z.enum(Object.keys(auditViews) as [AuditView, ...AuditView[]], { error: 'Vista no válida.' }), ''),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** GET /api/admin/audit: data. */
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  ...pageShape,
});
