import { chileDate, chileLocalToIso } from '../time/wall-clock.ts';
import { addDays } from '../time/days.ts';

/**
 * "Días sin suministro" (Ley 19.496 art. 25 A): the automatic compensation for an interruption of
 * a basic service is ten times the average daily amount of the previous bill for each day without
 * supply. The law counts a day for 4 or more continuous hours without the service within 24 hours
 * and a shorter interruption proportionally; it does not apply when the SISS declares the outage
 * force majeure. How that is counted here, one rule for the public, the staff export and the
 * indicators (SUPPLY_DAY_RULE says it in words):
 *
 * - the 24 hours are Aysén's calendar days (America/Coyhaique), the days customers and the bill
 *   name;
 * - a day counts whole when the water was off 4 hours or more in it, and otherwise the fraction
 *   hours ÷ 4 (3 h = 0,75 of a day), so the count never jumps at the 4-hour line;
 * - a day never counts more than one, however many outages it had: two outages of 3 h on one day
 *   make 1 day, on two days 1,5;
 * - outages of a service that overlap count their common hours once.
 */

export const SUPPLY_DAY_HOURS = 4;
const HOUR = 3_600_000;

/** An outage as it really happened: when the water stopped and came back (ISO instants). */
export interface Interruption {
  stoppedAt: string;
  restoredAt: string;
  /** The SISS resolution declaring it force majeure, or null. */
  forceMajeureResolution: string | null;
}

const nextDay = (day: string): string => addDays(day, 1);
const aysenMidnight = (day: string): number => Date.parse(chileLocalToIso(`${day}T00:00`));

/** The hours without water on each Aysén day an interval touches: { 'YYYY-MM-DD': hours }. */
function hoursByDay(from: number, to: number, into = new Map<string, number>()): Map<string, number> {
  let start = from;
  let day = chileDate(new Date(from));
  while (start < to) {
    const following = nextDay(day);
    const end = Math.min(to, aysenMidnight(following));
    into.set(day, (into.get(day) ?? 0) + (end - start) / HOUR);
    start = end;
    day = following;
  }
  return into;
}

const dayValue = (hours: number) => Math.min(1, hours / SUPPLY_DAY_HOURS);
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/** Overlapping intervals merged, so an hour without water counts once. */
function merged(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

const span = ({ stoppedAt, restoredAt }: Interruption): [number, number] => [
  Date.parse(stoppedAt),
  Date.parse(restoredAt),
];

/** The hours an outage really lasted. */
export const interruptionHours = (interruption: Interruption): number => {
  const [from, to] = span(interruption);
  return (to - from) / HOUR;
};

/** One outage's days without supply on its own; 0 when the SISS declared it force majeure. */
export function supplyDays(interruption: Interruption): number {
  if (interruption.forceMajeureResolution) return 0;
  return sum([...hoursByDay(...span(interruption)).values()].map(dayValue));
}

/**
 * The days without supply of a service over several outages of its locality: each day counted
 * once, with the hours of all its outages (less than the sum of each outage's days when two fell
 * on one day).
 */
export function totalSupplyDays(interruptions: readonly Interruption[]): number {
  const byDay = new Map<string, number>();
  for (const [from, to] of merged(interruptions.filter((each) => !each.forceMajeureResolution).map(span))) {
    hoursByDay(from, to, byDay);
  }
  return sum([...byDay.values()].map(dayValue));
}

/**
 * Art. 25 A's amount for `days`: ten times the previous bill's average daily amount per day, in
 * whole pesos. An estimate: the bill is what credits it.
 */
export const estimatedCredit = (days: number, previousBill: { amount: number; days: number }): number =>
  Math.round(((10 * previousBill.amount) / previousBill.days) * days);
