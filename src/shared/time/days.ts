/**
 * Arithmetic on days of Chile's calendar ('YYYY-MM-DD'), done at UTC noon so that no offset can
 * move a day to another date.
 */

/** The day `count` days after `day` (before it, for a negative count). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Calendar months after `day`, clamped to the month's last day (30 November + 3 months is 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay), 12)).toISOString().slice(0, 10);
}

/** The weekday of a day: 0 for Sunday to 6 for Saturday. */
export const weekday = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();
