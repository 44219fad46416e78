import * as z from 'zod/mini';

/**
 * /indicadores, /indicadores.csv and GET /api/indicadores (docs/features/indicators.md): the last
 * 12 months of the site's own records, by town and in total. Every share travels as its two counts,
 * so a reader can check it and a share of nothing is plainly "sin datos", never 0 %.
 */

const count = z.int().check(z.nonnegative());

/** `count` of `of`: "3 de 4 (75 %)" (formatShare). */
export const ShareSchema = z.object({ count, of: count });
export type Share = z.infer<typeof ShareSchema>;

/** Published outages that were not cancelled, by cause class (causeClassOf). */
export const OutageCountsSchema = z.object({
  planned: count,
  /** Imprevistos and those the SISS declared force majeure. */
  unplanned: count,
  /** Of the unplanned ones, those the SISS declared force majeure. */
  forceMajeure: count,
  total: count,
});

/** Real durations (supply_stopped_at → supply_restored_at), of the outages that have both. */
export const DurationFiguresSchema = z.object({
  measured: count,
  /** Counted outages left out of the median and the 12-hour share: no real stop or restoration recorded. */
  unmeasured: count,
  /** null when no outage has real times. */
  medianHours: z.nullable(z.number()),
  restoredWithin12Hours: ShareSchema,
});

/** Reclamos received in the period (cases of kind 'reclamo'). */
export const ComplaintFiguresSchema = z.object({
  received: count,
  answered: count,
  /** Unanswered but still within their 10 business days: left out of the share. */
  pending: count,
  /** Answered within 10 business days, of those answered or past their term. */
  answeredWithin10BusinessDays: ShareSchema,
  /** Of the answered ones; null when none was. */
  averageBusinessDaysToAnswer: z.nullable(z.number()),
});
export type ComplaintFigures = z.infer<typeof ComplaintFiguresSchema>;

export const TownIndicatorsSchema = z.object({
  /** outage_towns' slug; 'total' for the whole. */
  town: z.string(),
  townName: z.string(),
  outages: OutageCountsSchema,
  durations: DurationFiguresSchema,
  /** Planned outages announced at least PLANNED_NOTICE_HOURS ahead, of the planned ones. */
  plannedNotice: ShareSchema,
  complaints: ComplaintFiguresSchema,
});
export type TownIndicators = z.infer<typeof TownIndicatorsSchema>;

export const IndicatorsSchema = z.object({
  /** The period: from the start of its first Aysén day (ISO instant) up to `until`, when it was counted. */
  since: z.string(),
  until: z.string(),
  towns: z.array(TownIndicatorsSchema),
  /** Reclamos whose locality names none of the towns (free text, or left blank). */
  otherLocalities: z.object({ complaints: ComplaintFiguresSchema }),
  total: TownIndicatorsSchema,
});
export type Indicators = z.infer<typeof IndicatorsSchema>;

/** GET /api/indicadores. */
export const IndicatorsResponseSchema = z.extend(IndicatorsSchema, { success: z.literal(true) });
export type IndicatorsResponse = z.infer<typeof IndicatorsResponseSchema>;
