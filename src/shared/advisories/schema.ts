import * as z from 'zod/mini';
import { fieldMessages, isoInstant, optionalText, requiredText } from '../fields.ts';
import { OutageTownSchema, SupplyPointSchema } from '../outages/schema.ts';
import { advisoryKinds, RESTRICTION_LEVELS, type RestrictionLevel } from './kinds.ts';

/**
 * Avisos: the health and service notices staff publish by town (boil water, do not drink, do not
 * use, turbidity, restrictions, freezing risk), shown at /avisos and in the home band, told to the
 * towns' alert subscribers and published as CAP 1.2 (docs/features/advisories.md). The towns are
 * the outages' (outage_towns), named by slug everywhere but on screen.
 */

export {
  advisoryKindLabels,
  advisoryKinds,
  healthKinds,
  RESTRICTION_LEVELS,
  type AdvisoryKind,
  type RestrictionLevel,
} from './kinds.ts';

/** What each restriction level forbids, as /avisos, the mails and CAP's instruction say it. */
export const restrictionLevelRules: Record<RestrictionLevel, string> = {
  1: 'Nivel 1 (preventivo): riegue solo entre las 20:00 y las 08:00 y no lave vehículos con manguera.',
  2: 'Nivel 2: prohibido regar jardines, lavar vehículos o veredas y llenar piscinas.',
  3: 'Nivel 3: solo uso doméstico esencial; prohibido todo riego y lavado exterior.',
  4: 'Nivel 4 (emergencia): use el agua solo para beber, cocinar e higiene; el suministro puede ser por turnos.',
};

/** `borrador` is staff's only; a lifted notice stays in /avisos' history for 12 months. */
export const advisoryStatuses = ['borrador', 'publicado', 'levantado'] as const;
export type AdvisoryStatus = (typeof advisoryStatuses)[number];
export const advisoryStatusLabels: Record<AdvisoryStatus, string> = {
  borrador: 'Borrador',
  publicado: 'Vigente',
  levantado: 'Levantado',
};

/** How long /avisos shows a lifted notice. */
export const ADVISORY_HISTORY_MONTHS = 12;

export const advisoryMessages = {
  kind: 'Seleccione el tipo de aviso.',
  level: 'Seleccione el nivel de la restricción.',
  towns: 'Seleccione al menos una localidad.',
  start: 'Indique desde cuándo rige el aviso.',
  end: 'El término esperado debe ser posterior al inicio.',
  instructions: 'Escriba qué debe hacer la población.',
  liftMessage: 'Escriba el mensaje de término del aviso.',
  notFound: 'Aviso no encontrado.',
  unknownTown: 'La localidad no existe.',
} as const;

/**
 * A notice as staff write it (POST/PUT /api/admin/advisories). A restriction needs its level and
 * no other kind takes one; the towns must be outage_towns' (the server checks them).
 */
export const AdvisoryInputSchema = z
  .object({
    kind: z.enum(advisoryKinds, advisoryMessages.kind),
    restrictionLevel: z.optional(
      z.nullable(
        z.union(
          RESTRICTION_LEVELS.map((level) => z.literal(level)),
          { error: advisoryMessages.level },
        ),
      ),
    ),
    towns: z
      .array(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, advisoryMessages.towns)), { error: advisoryMessages.towns })
      .check(z.minLength(1, advisoryMessages.towns), z.maxLength(20, fieldMessages.tooLong(20))),
    sectors: optionalText(500, { multiline: true }),
    startsAt: isoInstant(advisoryMessages.start),
    endsAt: z.optional(z.nullable(isoInstant(advisoryMessages.end))),
    instructions: requiredText(2_000, advisoryMessages.instructions, { multiline: true }),
    supplyPoints: z._default(z.array(SupplyPointSchema).check(z.maxLength(20, fieldMessages.tooLong(20))), []),
  })
  .check(
    z.refine((value) => value.kind !== 'restriccion' || value.restrictionLevel != null, {
      path: ['restrictionLevel'],
      message: advisoryMessages.level,
    }),
    z.refine((value) => value.endsAt == null || Date.parse(value.endsAt) > Date.parse(value.startsAt), {
      path: ['endsAt'],
      message: advisoryMessages.end,
    }),
  );
export type AdvisoryInput = z.infer<typeof AdvisoryInputSchema>;

/** POST /api/admin/advisories/{id}/lift: what the public reads once the notice ends. */
export const AdvisoryLiftSchema = z.object({
  liftMessage: requiredText(1_000, advisoryMessages.liftMessage, { multiline: true }),
});
export type AdvisoryLift = z.infer<typeof AdvisoryLiftSchema>;

/** A notice as the public reads it (GET /api/advisories, /avisos, /avisos/{id}, CAP, GeoJSON). */
export const PublicAdvisorySchema = z.object({
  id: z.string(),
  kind: z.enum(advisoryKinds),
  restrictionLevel: z.nullable(z.union(RESTRICTION_LEVELS.map((level) => z.literal(level)))),
  towns: z.array(OutageTownSchema),
  sectors: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  instructions: z.string(),
  liftMessage: z.string(),
  status: z.enum(['publicado', 'levantado']),
  publishedAt: z.string(),
  liftedAt: z.nullable(z.string()),
  updatedAt: z.string(),
  /** Newest first. */
  updates: z.array(z.object({ body: z.string(), createdAt: z.string() })),
  supplyPoints: z.array(SupplyPointSchema),
});
export type PublicAdvisory = z.infer<typeof PublicAdvisorySchema>;

/** GET /api/advisories: the notices in force, health ones first (the home band reads it). */
export const AdvisoriesResponseSchema = z.object({
  success: z.literal(true),
  advisories: z.array(PublicAdvisorySchema),
});
export type AdvisoriesResponse = z.infer<typeof AdvisoriesResponseSchema>;
