import { CHILE_HOLIDAYS } from './chile-holidays.ts';
import { addDays, weekday } from './days.ts';

/**
 * Business days in Chile (días hábiles): Monday to Friday, except the national public holidays
 * that date-holidays lists for CL (type `public`: not the banks' 31 December), read from the table
 * `npm run holidays` writes from its rules (scripts/chile-holidays.ts), not from date-holidays at
 * run time, whose dependencies were most of a function's cold start. Days are Chile's
 * calendar days ('YYYY-MM-DD' on Aysén's clock), whatever the server's time zone: a complaint
 * sent at 23:30 on a Thursday in Coyhaique was received on Thursday, although it is Friday in UTC.
 */

const holidaysByYear = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    const monthDays = CHILE_HOLIDAYS[year];
    // A deadline outside the table would silently count holidays as business days.
    if (monthDays === undefined) throw new Error(`No table of Chile's holidays for ${year}: run npm run holidays.`);
    days = new Set(monthDays.split(' ').map((monthDay) => `${year}-${monthDay}`));
    holidaysByYear.set(year, days);
  }
  return days;
}

const nextDay = (day: string): string => addDays(day, 1);

export function isBusinessDay(day: string): boolean {
  const dayOfWeek = weekday(day);
  return dayOfWeek !== 0 && dayOfWeek !== 6 && !holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** The first `count` business days after `day`, in order. */
export function businessDaysAfter(day: string, count: number): string[] {
  const days: string[] = [];
  for (let current = nextDay(day); days.length < count; current = nextDay(current))
    if (isBusinessDay(current)) days.push(current);
  return days;
}

/** The `count`-th business day after `day` (which itself does not count, business day or not). */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  for (let left = count; left > 0;) {
    current = nextDay(current);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

/**
 * Business days from `today` to `due`: how many remain to answer in (`due` counts, `today` does
 * not), 0 when it is due today. Once it has passed, minus the business days since (`today`
 * counts): -1 on the first business day after the due date.
 */
export function businessDaysUntil(today: string, due: string): number {
  if (today > due) return -businessDaysUntil(due, today);
  let days = 0;
  for (let current = today; current < due;) {
    current = nextDay(current);
    if (isBusinessDay(current)) days += 1;
  }
  return days;
}
