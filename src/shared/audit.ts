import { z } from 'zod';
import { pageNumber } from './fields.ts';

/** The audit log (issue 6): every change an admin makes, who made it and when. */

export const auditActions = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  password: 'Cambió la contraseña de',
  import: 'Importó',
} as const;
export type AuditAction = keyof typeof auditActions;

export const auditEntities = {
  admin: 'administrador',
  document: 'documento',
  report: 'comunicado',
  education: 'contenido educativo',
  file: 'archivo',
  accounts: 'cuentas',
} as const;
export type AuditEntity = keyof typeof auditEntities;

export const AuditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  admin_id: z.string().nullable(),
  admin_email: z.string(),
  action: z.enum(Object.keys(auditActions) as [AuditAction, ...AuditAction[]]),
  entity: z.enum(Object.keys(auditEntities) as [AuditEntity, ...AuditEntity[]]),
  entity_id: z.string(),
  /** What was changed, in words: the title, the e-mail, the type and year. */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit: the query. */
export const AuditQuerySchema = z.object({ page: pageNumber() });

/** GET /api/admin/audit: data. */
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
