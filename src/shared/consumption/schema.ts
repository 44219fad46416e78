import * as z from 'zod/mini';
import { requiredText } from '../fields.ts';
import { serviceNumber } from '../payments/schema.ts';
import { isValidRut, storedRut } from '../rut.ts';
import { consumptionMessages } from './texts.ts';

/**
 * Mi consumo (docs/features/consumption.md): the billing system's readings, one period of a
 * service per bill, loaded from its second export; /consumo and POST /api/consumo show a holder the
 * last 24 with "¿Por qué cambió mi boleta?", cause by cause.
 */

export const READING_TYPES = ['real', 'estimada', 'cliente'] as const;
export type ReadingType = (typeof READING_TYPES)[number];

/** The charges of a bill, in whole pesos, as the export names them. */
export const CHARGE_COLUMNS = [
  'fixed_charge',
  'water_charge',
  'sewer_charge',
  'treatment_charge',
  'overconsumption_charge',
  'subsidy_amount',
  'agreement_instalment',
  'other_charges',
  'compensation',
] as const;
export type ChargeColumn = (typeof CHARGE_COLUMNS)[number];

/** The charges that lower the total: the subsidy and a compensation credited. */
const CREDIT_COLUMNS: readonly ChargeColumn[] = ['subsidy_amount', 'compensation'];

/** Periods kept per service: two years of monthly bills. */
export const PERIODS_KEPT = 24;

/** One bill's period, as the database keeps it and POST /api/consumo answers it. */
export const ConsumptionPeriodSchema = z.object({
  /** YYYY-MM. */
  period: z.string(),
  /** YYYY-MM-DD, the first and last day the reading covers. */
  read_from: z.string(),
  read_to: z.string(),
  reading_from: z.number(),
  reading_to: z.number(),
  consumption_m3: z.number(),
  reading_type: z.enum(READING_TYPES),
  /** The m³ above the overconsumption limit, already in consumption_m3. */
  overconsumption_m3: z.number(),
  fixed_charge: z.number(),
  water_charge: z.number(),
  sewer_charge: z.number(),
  treatment_charge: z.number(),
  overconsumption_charge: z.number(),
  subsidy_amount: z.number(),
  agreement_instalment: z.number(),
  other_charges: z.number(),
  compensation: z.number(),
  total: z.number(),
  /** YYYY-MM-DD. */
  due_date: z.string(),
  doc_url: z.nullable(z.string()),
});
export type ConsumptionPeriod = z.infer<typeof ConsumptionPeriodSchema>;
export type BillCharges = Pick<ConsumptionPeriod, ChargeColumn>;

/** What the charges add up to: the import leaves out a line whose total says otherwise. */
export const billTotal = (charges: BillCharges): number =>
  CHARGE_COLUMNS.reduce(
    (sum, column) => (CREDIT_COLUMNS.includes(column) ? sum - charges[column] : sum + charges[column]),
    0,
  );

/**
 * Why a bill changed, one cause a part (src/server/consumption/explanation.ts): the volume at the
 * same price, the period's days, an estimated reading settled by a real one, overconsumption, the
 * tariff's price, the subsidy, an agreement's instalment, other charges, a compensation credited.
 */
export const CAUSES = [
  'consumo',
  'dias',
  'lectura-estimada',
  'sobreconsumo',
  'tarifa',
  'subsidio',
  'convenio',
  'otros-cargos',
  'compensacion',
] as const;
export type Cause = (typeof CAUSES)[number];

export const ExplanationPartSchema = z.object({
  cause: z.enum(CAUSES),
  /** Pesos, positive when it raised the bill; the parts add up exactly to `difference`. */
  amount: z.number(),
  /** One plain sentence in Spanish. */
  text: z.string(),
});
export type ExplanationPart = z.infer<typeof ExplanationPartSchema>;

/** One bill (`to`) against an earlier one (`from`), both named by period (YYYY-MM). */
export const ExplanationSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** `to`'s total less `from`'s, in pesos. */
  difference: z.number(),
  parts: z.array(ExplanationPartSchema),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

const CONSUMPTION_EVENT_KINDS = ['corte', 'aviso', 'congelamiento'] as const;

/** Something the site's own records show in the service's town during the last period. */
export const ConsumptionEventSchema = z.object({
  kind: z.enum(CONSUMPTION_EVENT_KINDS),
  /** The outage's or aviso's title as published. */
  title: z.string(),
  /** YYYY-MM-DD, Aysén's day it started. */
  date: z.string(),
  /** What it may mean for the bill, one plain sentence. */
  text: z.string(),
});
export type ConsumptionEvent = z.infer<typeof ConsumptionEventSchema>;

/** The holder's RUT as typed (with or without dots, a valid check digit), as accounts keep it. */
export const holderRut = z.pipe(
  requiredText(12, consumptionMessages.rut),
  z.pipe(z.string().check(z.refine(isValidRut, consumptionMessages.rut)), z.transform(storedRut)),
);

/** POST /api/consumo and the form of /consumo. */
export const ConsumptionLookupSchema = z.object({ service_number: serviceNumber, rut: holderRut });
export type ConsumptionLookup = z.infer<typeof ConsumptionLookupSchema>;

/** POST /api/consumo: data. Never the holder's name, RUT or contact data. */
export const ConsumptionAnswerSchema = z.object({
  /** Oldest first, at most PERIODS_KEPT. */
  periods: z.array(ConsumptionPeriodSchema),
  /** The last bill against the one before; null with fewer than two periods. */
  explanation: z.nullable(ExplanationSchema),
  /** The last bill against the same month a year earlier; null when that period is not kept. */
  yearEarlier: z.nullable(ExplanationSchema),
  /** Outages and avisos in the service's town during the last period. */
  events: z.array(ConsumptionEventSchema),
});
export type ConsumptionAnswer = z.infer<typeof ConsumptionAnswerSchema>;

/** GET /api/admin/consumption/{serviceNumber}: the service staff look at. */
export const StaffConsumptionSchema = z.object({ serviceNumber });
