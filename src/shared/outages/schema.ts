import * as z from 'zod/mini';
import { serviceNumber } from '../payments/schema.ts';
import { fieldMessages, isoInstant, optionalText, requiredText } from '../fields.ts';
import { PLANNED_NOTICE_HOURS } from './notice.ts';
import { AysenInstantSchema } from '../time/aysen-instant.ts';

/**
 * Cortes de agua: what staff publish and /cortes, its feeds and the alerts show. The
 * towns live in the database (outage_towns, migration 0025), so one added later needs no deploy;
 * a town is named by its slug everywhere but on screen.
 */

export const outageKinds = ['programado', 'emergencia'] as const;
export type OutageKind = (typeof outageKinds)[number];
export const outageKindLabels: Record<OutageKind, string> = { programado: 'Programado', emergencia: 'Emergencia' };

/** `borrador` is staff's only: the public never sees a draft. */
export const outageStatuses = ['borrador', 'publicado', 'en_curso', 'restablecido', 'cancelado'] as const;
export type OutageStatus = (typeof outageStatuses)[number];
export const outageStatusLabels: Record<OutageStatus, string> = {
  borrador: 'Borrador',
  publicado: 'Publicado',
  en_curso: 'En curso',
  restablecido: 'Restablecido',
  cancelado: 'Cancelado',
};
/** Current: announced or under way; /cortes lists these, the closed ones leave it. */
export const currentStatuses: readonly OutageStatus[] = ['publicado', 'en_curso'];
export const closedStatuses: readonly OutageStatus[] = ['restablecido', 'cancelado'];

/**
 * The cause class of an outage as /cortes/historial, /indicadores and art. 25 A read it: from its
 * kind, unless the SISS declared it force majeure (its resolution recorded by staff, migration 0038).
 */
export const causeClasses = ['programado', 'imprevisto', 'fuerza_mayor'] as const;
export type CauseClass = (typeof causeClasses)[number];
export const causeClassLabels: Record<CauseClass, string> = {
  programado: 'Programado',
  imprevisto: 'Imprevisto',
  fuerza_mayor: 'Fuerza mayor calificada por la SISS',
};
export const causeClassOf = (kind: OutageKind, forceMajeureResolution: string | null): CauseClass =>
  forceMajeureResolution ? 'fuerza_mayor' : kind === 'programado' ? 'programado' : 'imprevisto';

/** The Aysén region, generously: a point outside is a typing mistake (a sign or a swapped pair). */
export const AYSEN_BOUNDS = { south: -49.5, north: -43.5, west: -76.0, east: -71.0 } as const;

export const outageMessages = {
  town: 'Seleccione una localidad de la lista.',
  kind: 'Seleccione si el corte es programado o de emergencia.',
  sectors: 'Indique los sectores afectados.',
  start: 'Indique la fecha y hora de inicio.',
  end: 'Indique la fecha y hora estimada de reposición.',
  endAfterStart: 'La reposición estimada debe ser posterior al inicio.',
  outsideRegion: 'Las coordenadas deben estar dentro de la Región de Aysén.',
  shortNotice:
    'El corte programado comienza en menos de 48 horas. Confirme la publicación e indique por qué no se pudo avisar antes.',
  shortNoticeReason: 'Indique por qué no se pudo avisar con 48 horas de anticipación.',
  notFound: 'Corte no encontrado.',
  unknownTown: 'La localidad no existe.',
} as const;

const latitude = z
  .number({ error: outageMessages.outsideRegion })
  .check(
    z.gte(AYSEN_BOUNDS.south, outageMessages.outsideRegion),
    z.lte(AYSEN_BOUNDS.north, outageMessages.outsideRegion),
  );
const longitude = z
  .number({ error: outageMessages.outsideRegion })
  .check(
    z.gte(AYSEN_BOUNDS.west, outageMessages.outsideRegion),
    z.lte(AYSEN_BOUNDS.east, outageMessages.outsideRegion),
  );

/** An emergency supply point: where people get water while the outage lasts. */
export const SupplyPointSchema = z.object({
  name: requiredText(120, 'Ingrese el nombre del punto de abastecimiento.'),
  address: requiredText(200, 'Ingrese la dirección del punto de abastecimiento.'),
  latitude,
  longitude,
  hours: optionalText(120),
});
export type SupplyPoint = z.infer<typeof SupplyPointSchema>;

/**
 * An outage as staff write it (POST/PUT /api/admin/outages). The town must be one of
 * outage_towns (the server checks it against the table); the end comes after the start.
 */
export const OutageInputSchema = z
  .object({
    kind: z.enum(outageKinds, outageMessages.kind),
    town: z.string({ error: outageMessages.town }).check(z.minLength(1, outageMessages.town), z.maxLength(60)),
    sectors: requiredText(500, outageMessages.sectors, { multiline: true }),
    streets: optionalText(2_000, { multiline: true }),
    startsAt: isoInstant(outageMessages.start),
    endsAt: isoInstant(outageMessages.end),
    cause: optionalText(500, { multiline: true }),
    supplyPoints: z._default(z.array(SupplyPointSchema).check(z.maxLength(20, fieldMessages.tooLong(20))), []),
  })
  .check(
    z.refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
      path: ['endsAt'],
      message: outageMessages.endAfterStart,
    }),
  );
export type OutageInput = z.infer<typeof OutageInputSchema>;

/**
 * POST /api/admin/outages/{id}/publish: a planned outage less than 48 hours ahead needs
 * `confirmShortNotice` and its reason (kept with the outage and in the audit log).
 */
export const OutagePublishSchema = z.object({
  confirmShortNotice: z._default(z.boolean(), false),
  shortNoticeReason: optionalText(500, { multiline: true }),
});
export type OutagePublish = z.infer<typeof OutagePublishSchema>;

/** True when a planned outage starting at `startsAt` is announced at `now` with less than 48 hours' notice. */
export const isShortNotice = (kind: OutageKind, startsAt: string, now: Date): boolean =>
  kind === 'programado' && Date.parse(startsAt) - now.getTime() < PLANNED_NOTICE_HOURS * 3_600_000;

export const OutageTownSchema = z.object({
  slug: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type OutageTown = z.infer<typeof OutageTownSchema>;

/** An outage as the public reads it (GET /api/outages, /cortes, the feeds). */
export const PublicOutageSchema = z.object({
  id: z.string(),
  kind: z.enum(outageKinds),
  town: z.string(),
  townName: z.string(),
  sectors: z.string(),
  streets: z.string(),
  startsAt: AysenInstantSchema,
  endsAt: AysenInstantSchema,
  cause: z.string(),
  status: z.enum(outageStatuses),
  updatedAt: AysenInstantSchema,
  updates: z.array(z.object({ body: z.string(), createdAt: AysenInstantSchema })),
  supplyPoints: z.array(SupplyPointSchema),
});
export type PublicOutage = z.infer<typeof PublicOutageSchema>;

/**
 * GET /api/outages: the current and upcoming outages and every town (the filter and the map), and
 * when the list was read ("Actualizado a las", on Aysén's clock rather than the visitor's).
 */
export const OutagesResponseSchema = z.object({
  success: z.literal(true),
  outages: z.array(PublicOutageSchema),
  towns: z.array(OutageTownSchema),
  readAt: AysenInstantSchema,
});
export type OutagesResponse = z.infer<typeof OutagesResponseSchema>;

/**
 * A published outage of the last 12 months as /cortes/historial shows it (src/server/outages/history.ts):
 * its announced window, when supply really stopped and came back (null while not recorded: the
 * page says "sin registro" rather than guess), and its cause class.
 */
export const OutageHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(outageKinds),
  causeClass: z.enum(causeClasses),
  town: z.string(),
  sectors: z.string(),
  status: z.enum(outageStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  publishedAt: z.nullable(z.string()),
  stoppedAt: z.nullable(z.string()),
  restoredAt: z.nullable(z.string()),
  forceMajeureResolution: z.nullable(z.string()),
});
export type OutageHistoryEntry = z.infer<typeof OutageHistoryEntrySchema>;

/** A town with its outages of the last 12 months, in /cortes/historial. */
export const OutageHistoryTownSchema = z.object({
  slug: z.string(),
  name: z.string(),
  outages: z.array(OutageHistoryEntrySchema),
});
export type OutageHistoryTown = z.infer<typeof OutageHistoryTownSchema>;

/** POST /api/outages/lookup ("¿Me afecta?"): a service number in, its town and its town's history out. */
export const OutageLookupSchema = z.object({ serviceNumber });

/** One outage of the service's locality with its real times, counted by art. 25 A (supply-days.ts). */
export const LookupHistoryOutageSchema = z.object({
  id: z.string(),
  sectors: z.string(),
  causeClass: z.enum(causeClasses),
  stoppedAt: z.string(),
  restoredAt: z.string(),
  /** The real duration, in hours. */
  hours: z.number(),
  /** supplyDays: 0 when the SISS declared it force majeure. */
  supplyDays: z.number(),
  /** forceMajeureNote(resolution) when the SISS declared it force majeure, else null. */
  forceMajeure: z.nullable(z.string()),
});
export type LookupHistoryOutage = z.infer<typeof LookupHistoryOutageSchema>;

export const OutageLookupHistorySchema = z.object({
  /** The Aysén day (YYYY-MM-DD) the 12 months start. */
  since: z.string(),
  /** The outages with real stop and restore times, the latest first. */
  outages: z.array(LookupHistoryOutageSchema),
  /** totalSupplyDays: a day counts once, however many outages it had. */
  totalDays: z.number(),
  /** SUPPLY_DAY_FORMULA and SUPPLY_DAY_RULE, the counting in words. */
  formula: z.string(),
  rule: z.string(),
  /**
   * estimatedCredit of the total with ESTIMATE_NOTE, when the account has its previous bill and the
   * total is more than 0; null otherwise.
   */
  estimate: z.nullable(z.object({ amount: z.number(), note: z.string() })),
});
export type OutageLookupHistory = z.infer<typeof OutageLookupHistorySchema>;

/** Nothing of the account but its town and what its town's outages count for it (no balance, no address). */
export const OutageLookupResponseSchema = z.object({
  success: z.literal(true),
  town: z.string(),
  history: OutageLookupHistorySchema,
});
export type OutageLookupResponse = z.infer<typeof OutageLookupResponseSchema>;

export const outageLookupMessages = {
  unknownService: 'No encontramos ese número de servicio. Revíselo en su boleta.',
  noTown: 'No tenemos registrada la localidad de ese servicio. Elija su localidad en el filtro.',
} as const;
