import { CAUSES } from '../../shared/consumption/schema.ts';
import type { Cause, ConsumptionPeriod, Explanation, ExplanationPart } from '../../shared/consumption/schema.ts';
import { explanationTexts as texts } from '../../shared/consumption/texts.ts';

/**
 * "¿Por qué cambió mi boleta?" (docs/features/consumption.md): the difference between two bills
 * split into causes, in whole pesos, that add up exactly to it.
 *
 * The charges per m³ (water, sewer and treatment: V) are billed on the base m³, the consumption
 * less the m³ above the overconsumption limit, which have a charge of their own; p = V / base is a
 * bill's price per m³. The change in V splits into
 * - the volume at the earlier price, (base_to − base_from) · p_from, itself split into the days of
 *   the period at the earlier daily use ((days_to − days_from) · base_from / days_from m³: `dias`)
 *   and the daily use (the rest: `consumo`, or `lectura-estimada` when the earlier bill was
 *   estimated and this one's real reading settles it). The days explain at most the volume's
 *   change, and only one in their direction: the same m³ over a day more is no +$x for the day and
 *   −$x for the use, and 1 m³ less over a day more reads "1 m³ menos" as the table does;
 * - the price: what is left, base_to · (p_to − p_from), with the fixed charge's change `tarifa`.
 *   Each of the three charges is rounded to a peso, so p wobbles between bills of the same tariff;
 *   a price change within what that rounding can make is no tariff change, and is left to the
 *   remainder below.
 * With no base m³ before, the volume is priced at this bill's price (all of V_to is volume).
 * Every other charge is its own cause, by its change: overconsumption, the subsidy and a
 * compensation (credits: a larger one lowers the bill), an agreement's instalment, other charges.
 * The shares of V are rounded to pesos; the remainder (rounding, and a price wobble) goes to the
 * largest of them, or to `tarifa` when none is left, so the parts add up exactly.
 */

/** One cause's amount before rounding, with what its sentence needs once the amount is final. */
type Share = { cause: Cause; exact: number; text: (amount: number) => string };

const MS_PER_DAY = 86_400_000;
const daysOf = (period: ConsumptionPeriod) =>
  Math.round((Date.parse(`${period.read_to}T12:00:00Z`) - Date.parse(`${period.read_from}T12:00:00Z`)) / MS_PER_DAY) +
  1;
const baseM3 = (period: ConsumptionPeriod) => period.consumption_m3 - period.overconsumption_m3;
const variableCharges = (period: ConsumptionPeriod) =>
  period.water_charge + period.sewer_charge + period.treatment_charge;
const pricePerM3 = (period: ConsumptionPeriod) =>
  baseM3(period) > 0 ? variableCharges(period) / baseM3(period) : null;
const overconsumptionPrice = (period: ConsumptionPeriod) =>
  period.overconsumption_m3 > 0 ? period.overconsumption_charge / period.overconsumption_m3 : null;
/** The most a bill's three charges per m³, each rounded to a peso, can move its V. */
const ROUNDING = 1.5;

/** The shares of the charges per m³ and the fixed charge: `dias`, the daily use and `tarifa`. */
function variableShares(from: ConsumptionPeriod, to: ConsumptionPeriod, settled: boolean): Share[] {
  const [baseFrom, baseTo, daysFrom, daysTo] = [baseM3(from), baseM3(to), daysOf(from), daysOf(to)];
  const [priceFrom, priceTo] = [pricePerM3(from), pricePerM3(to)];
  const volumePrice = priceFrom ?? priceTo ?? 0;
  const volumeChange = baseTo - baseFrom;
  const atDailyUse = (daysTo - daysFrom) * (baseFrom / daysFrom);
  const daysVolume =
    Math.sign(atDailyUse) === Math.sign(volumeChange)
      ? Math.sign(volumeChange) * Math.min(Math.abs(atDailyUse), Math.abs(volumeChange))
      : 0;
  const useVolume = volumeChange - daysVolume;
  const priceEffect = variableCharges(to) - variableCharges(from) - volumeChange * volumePrice;
  const noise = baseFrom > 0 ? ROUNDING * (1 + baseTo / baseFrom) : 0;
  const priceChanged = Math.abs(priceEffect) > noise;
  const fixedChange = to.fixed_charge - from.fixed_charge;
  const useCause = settled ? 'lectura-estimada' : 'consumo';
  const belowLimit = from.overconsumption_m3 > 0 || to.overconsumption_m3 > 0;
  return [
    {
      cause: 'dias',
      exact: daysVolume * volumePrice,
      text: (amount) => texts.dias(from.period, daysTo, daysTo - daysFrom, daysVolume, amount),
    },
    {
      cause: useCause,
      exact: useVolume * volumePrice,
      text: (amount) => texts[useCause](from.period, useVolume, amount, belowLimit),
    },
    {
      cause: 'tarifa',
      exact: (priceChanged ? priceEffect : 0) + fixedChange,
      // The sentence names the price when the peso's share of it is not the fixed charge's alone.
      text: (amount) =>
        texts.tarifa(
          amount !== fixedChange ? { before: priceFrom, now: priceTo } : null,
          fixedChange !== 0 ? { before: from.fixed_charge, now: to.fixed_charge } : null,
          amount,
        ),
    },
  ];
}

/** The shares of the charges that are their own cause, in whole pesos already. */
function chargeShares(from: ConsumptionPeriod, to: ConsumptionPeriod): Share[] {
  const month = from.period;
  return [
    {
      cause: 'sobreconsumo',
      exact: to.overconsumption_charge - from.overconsumption_charge,
      text: (amount) =>
        texts.sobreconsumo(
          month,
          { volume: from.overconsumption_m3, price: overconsumptionPrice(from) },
          { volume: to.overconsumption_m3, price: overconsumptionPrice(to) },
          amount,
        ),
    },
    {
      cause: 'subsidio',
      exact: from.subsidy_amount - to.subsidy_amount,
      text: (amount) => texts.subsidio(month, from.subsidy_amount, to.subsidy_amount, amount),
    },
    {
      cause: 'convenio',
      exact: to.agreement_instalment - from.agreement_instalment,
      text: (amount) => texts.convenio(month, from.agreement_instalment, to.agreement_instalment, amount),
    },
    {
      cause: 'otros-cargos',
      exact: to.other_charges - from.other_charges,
      text: (amount) => texts['otros-cargos'](month, from.other_charges, to.other_charges, amount),
    },
    {
      cause: 'compensacion',
      exact: from.compensation - to.compensation,
      text: (amount) => texts.compensacion(month, from.compensation, to.compensation, amount),
    },
  ];
}

/**
 * `to`'s bill against `from`'s, cause by cause. `settled`: `from` was an estimated reading and
 * `to` the real one that settles it, so the change in daily use is the estimate's.
 */
export function explainChange(
  from: ConsumptionPeriod,
  to: ConsumptionPeriod,
  options: { settled: boolean },
): Explanation {
  const difference = to.total - from.total;
  const variable = variableShares(from, to, options.settled);
  const shares = [...variable, ...chargeShares(from, to)];
  const amounts = new Map(shares.map((share) => [share, Math.round(share.exact)]));
  const remainder = difference - [...amounts.values()].reduce((sum, amount) => sum + amount, 0);
  if (remainder !== 0) {
    const largest = variable
      .filter((share) => amounts.get(share) !== 0)
      .reduce<Share | undefined>(
        (best, share) => (best && Math.abs(best.exact) >= Math.abs(share.exact) ? best : share),
        undefined,
      );
    const receiver = largest ?? variable.find((share) => share.cause === 'tarifa')!;
    amounts.set(receiver, amounts.get(receiver)! + remainder);
  }
  const parts: ExplanationPart[] = shares
    .map((share) => ({ share, amount: amounts.get(share)! }))
    .filter(({ amount }) => amount !== 0)
    .sort((a, b) => CAUSES.indexOf(a.share.cause) - CAUSES.indexOf(b.share.cause))
    .map(({ share, amount }) => ({ cause: share.cause, amount, text: share.text(amount) }));
  return { from: from.period, to: to.period, difference, parts };
}

/** The month twelve before a period: 2026-11 → 2025-11. */
const yearBefore = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;

/**
 * A service's last bill (`periods` oldest first) against the one before, and against the same
 * month a year earlier when it is kept. Only the bill right after an estimate settles it: a year
 * earlier, the change in use is the customer's.
 */
export function explainBill(periods: ConsumptionPeriod[]): {
  explanation: Explanation | null;
  yearEarlier: Explanation | null;
} {
  const last = periods.at(-1);
  const before = periods.at(-2);
  if (!last) return { explanation: null, yearEarlier: null };
  const earlier = periods.find((period) => period.period === yearBefore(last.period));
  return {
    explanation: before
      ? explainChange(before, last, { settled: before.reading_type === 'estimada' && last.reading_type === 'real' })
      : null,
    yearEarlier: earlier ? explainChange(earlier, last, { settled: false }) : null,
  };
}
