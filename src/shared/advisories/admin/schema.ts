import * as z from 'zod/mini';
import { NoticeAlertsSchema } from '../../notices/alerts.ts';
import { pageNumber, requiredText } from '../../fields.ts';
import { pageShape } from '../../paged-list.ts';
import { SupplyPointSchema } from '../../outages/schema.ts';
import { advisoryKinds, advisoryStatuses, RESTRICTION_LEVELS } from '../schema.ts';

/**
 * Avisos, staff's side (/api/admin/advisories, docs/reference/admin-api.md): what the admin screens send
 * beyond AdvisoryInputSchema and AdvisoryLiftSchema (src/shared/advisories/schema.ts), the answers
 * they parse and the refusals of a notice's life.
 */

export const advisoryAdminMessages = {
  notDraft: 'Solo se puede eliminar un aviso en borrador.',
  alreadyPublished: 'El aviso ya está publicado.',
  liftedNotEditable: 'Un aviso levantado ya no se puede modificar.',
  notCurrent: 'Solo se puede agregar una actualización a un aviso vigente.',
  notLiftable: 'Solo se puede levantar un aviso vigente.',
  update: 'Escriba la actualización.',
} as const;

/** POST /api/admin/advisories/{id}/updates: a note the public reads under the notice, mailed to its towns. */
export const AdvisoryUpdateInputSchema = z.object({
  body: requiredText(1_000, advisoryAdminMessages.update, { multiline: true }),
});
export type AdvisoryUpdateInput = z.infer<typeof AdvisoryUpdateInputSchema>;

const invalidFilter = 'Filtro no válido.';

/** GET /api/admin/advisories: by status and town, 25 a page. */
export const AdvisoryListQuerySchema = z.object({
  status: z.optional(z.enum(advisoryStatuses, invalidFilter)),
  town: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, invalidFilter))),
  page: pageNumber(),
});
export type AdvisoryListQuery = z.infer<typeof AdvisoryListQuerySchema>;
export const ADVISORY_PAGE_SIZE = 25;

const UpdateSchema = z.object({ id: z.string(), body: z.string(), createdAt: z.string() });

export const AdminAdvisorySummarySchema = z.object({
  id: z.string(),
  kind: z.enum(advisoryKinds),
  restrictionLevel: z.nullable(z.union(RESTRICTION_LEVELS.map((level) => z.literal(level)))),
  /** In /avisos' order of towns. */
  towns: z.array(z.object({ slug: z.string(), name: z.string() })),
  sectors: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  status: z.enum(advisoryStatuses),
  lastUpdate: z.nullable(UpdateSchema),
});
export type AdminAdvisorySummary = z.infer<typeof AdminAdvisorySummarySchema>;

export const AdminAdvisoryListSchema = z.object({
  advisories: z.array(AdminAdvisorySummarySchema),
  ...pageShape,
});

export const AdminAdvisorySchema = z.object({
  ...AdminAdvisorySummarySchema.shape,
  instructions: z.string(),
  liftMessage: z.string(),
  publishedAt: z.nullable(z.string()),
  liftedAt: z.nullable(z.string()),
  updatedAt: z.string(),
  /** Newest first, as the screen and /avisos show them. */
  updates: z.array(UpdateSchema),
  supplyPoints: z.array(SupplyPointSchema),
  alerts: NoticeAlertsSchema,
});
export type AdminAdvisory = z.infer<typeof AdminAdvisorySchema>;
export const AdminAdvisoryAnswerSchema = z.object({ advisory: AdminAdvisorySchema });
