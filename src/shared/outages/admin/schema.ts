import * as z from 'zod/mini';
import { isoInstant, optionalText, pageNumber, requiredText } from '../../fields.ts';
import { causeClasses, outageKinds, outageStatuses, SupplyPointSchema, type OutageStatus } from '../schema.ts';
import { NoticeAlertsSchema } from '../../notices/alerts.ts';
import { pageShape } from '../../paged-list.ts';

/**
 * Cortes de agua, staff's side (/api/admin/outages, docs/reference/admin-api.md): what the admin
 * screens send beyond OutageInputSchema and OutagePublishSchema (src/shared/outages/schema.ts), and the
 * answers they parse.
 */

export const outageAdminMessages = {
  notDraft: 'Solo se puede eliminar un corte en borrador.',
  alreadyPublished: 'El corte ya está publicado.',
  closedNotEditable: 'Un corte restablecido o cancelado ya no se puede modificar.',
  transition: (from: string, to: string) => `Un corte en estado ${from} no puede pasar a ${to}.`,
  status: 'Seleccione el nuevo estado.',
  update: 'Escriba la actualización.',
  townName: 'Ingrese el nombre de la localidad.',
  townSlug: 'El nombre de la localidad debe tener letras o números.',
  townExists: 'Ya existe una localidad con ese nombre.',
  supplyStopped: 'Indique la fecha y hora en que se cortó el suministro.',
  supplyRestored: 'Indique la fecha y hora en que se restableció el suministro.',
  supplyRestoredAfterStopped: 'La reposición debe ser posterior al corte del suministro.',
  supplyStoppedFuture: 'El corte del suministro no puede ser posterior a la hora actual.',
  supplyRestoredFuture: 'La reposición no puede ser posterior a la hora actual.',
  supplyReason: 'Indique el motivo de la corrección.',
  supplyNotCorrectable: 'Solo se pueden corregir las horas reales de un corte en curso o restablecido.',
  supplyStillRunning: 'El corte sigue en curso: la reposición se registra al marcarlo restablecido.',
  supplyChanged: 'El corte cambió mientras usted corregía sus horas. Revise los datos actuales y vuelva a intentarlo.',
} as const;

/**
 * Where each status may go: an announced outage starts, ends or is called off; one under way
 * ends. A draft is published (…/publish), never moved here; a closed one stays closed.
 */
export const outageTransitions: Record<OutageStatus, readonly OutageStatus[]> = {
  borrador: [],
  publicado: ['en_curso', 'restablecido', 'cancelado'],
  en_curso: ['restablecido'],
  restablecido: [],
  cancelado: [],
};

/** PUT /api/admin/outages/{id}/status. */
export const OutageStatusChangeSchema = z.object({
  status: z.enum(['en_curso', 'restablecido', 'cancelado'], outageAdminMessages.status),
});
export type OutageStatusChange = z.infer<typeof OutageStatusChangeSchema>;

/**
 * PUT /api/admin/outages/{id}/supply: when the water really stopped and came back, corrected by
 * staff with a reason (the status changes wrote the defaults). The restore is empty ('') while the
 * outage is en curso and required once restablecido; the server checks that against the status and
 * both against its clock (neither in the future). An empty resolution: not force majeure.
 */
export const OutageSupplyTimesSchema = z
  .object({
    supplyStoppedAt: isoInstant(outageAdminMessages.supplyStopped),
    supplyRestoredAt: z._default(
      z.union([z.literal(''), isoInstant(outageAdminMessages.supplyRestored)], {
        error: outageAdminMessages.supplyRestored,
      }),
      '',
    ),
    forceMajeureResolution: optionalText(200),
    reason: requiredText(500, outageAdminMessages.supplyReason, { multiline: true }),
  })
  .check(
    z.refine(
      (value) =>
        value.supplyRestoredAt === '' || Date.parse(value.supplyRestoredAt) > Date.parse(value.supplyStoppedAt),
      { path: ['supplyRestoredAt'], message: outageAdminMessages.supplyRestoredAfterStopped },
    ),
  );
export type OutageSupplyTimes = z.infer<typeof OutageSupplyTimesSchema>;

/** POST /api/admin/outages/{id}/updates: a note the public reads under the outage. */
export const OutageUpdateInputSchema = z.object({
  body: requiredText(1_000, outageAdminMessages.update, { multiline: true }),
});

/** POST /api/admin/outages/towns: the marker goes where the coordinates say, inside the region. */
export const OutageTownInputSchema = z.object({
  name: requiredText(60, outageAdminMessages.townName),
  latitude: SupplyPointSchema.shape.latitude,
  longitude: SupplyPointSchema.shape.longitude,
});
export type OutageTownInput = z.infer<typeof OutageTownInputSchema>;

const invalidFilter = 'Filtro no válido.';

/** GET /api/admin/outages: by status and town, 25 a page. */
export const OutageListQuerySchema = z.object({
  status: z.optional(z.enum(outageStatuses, invalidFilter)),
  town: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, invalidFilter))),
  page: pageNumber(),
});
export type OutageListQuery = z.infer<typeof OutageListQuerySchema>;
export const OUTAGE_PAGE_SIZE = 25;

const UpdateSchema = z.object({ id: z.string(), body: z.string(), createdAt: z.string() });

export const AdminOutageSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(outageKinds),
  town: z.string(),
  townName: z.string(),
  sectors: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(outageStatuses),
  lastUpdate: z.nullable(UpdateSchema),
  /** When the water really stopped and came back (docs/features/outages.md, "Real times"). */
  supplyStoppedAt: z.nullable(z.string()),
  supplyRestoredAt: z.nullable(z.string()),
  /** The SISS resolution declaring it force majeure, or null. */
  forceMajeureResolution: z.nullable(z.string()),
  causeClass: z.enum(causeClasses),
  /** Hours between the real stop and restore (interruptionHours); null until both are known. */
  realHours: z.nullable(z.number()),
  /** Art. 25 A's days without supply (supplyDays): 0 for force majeure; null until both are known. */
  supplyDays: z.nullable(z.number()),
});
export type AdminOutageSummary = z.infer<typeof AdminOutageSummarySchema>;

export const AdminOutageListSchema = z.object({
  outages: z.array(AdminOutageSummarySchema),
  ...pageShape,
});

export const AdminOutageSchema = z.object({
  ...AdminOutageSummarySchema.shape,
  streets: z.string(),
  cause: z.string(),
  shortNoticeReason: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  updatedAt: z.string(),
  /** Newest first, as the screen and /cortes show them. */
  updates: z.array(UpdateSchema),
  supplyPoints: z.array(SupplyPointSchema),
  /** Phones that answered SIGO SIN AGUA to its restoration's alert (src/server/phone-alerts/inbound.ts). */
  stillWithoutWater: z.number(),
  /** Of those, the ones staff have not marked answered (PUT …/water-reports). */
  stillWithoutWaterUnanswered: z.number(),
  alerts: NoticeAlertsSchema,
});
export type AdminOutage = z.infer<typeof AdminOutageSchema>;
export const AdminOutageAnswerSchema = z.object({ outage: AdminOutageSchema });
