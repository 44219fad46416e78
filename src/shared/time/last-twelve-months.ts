import { chileNow, chileLocalToIso } from './wall-clock.ts';
import { addDays } from './days.ts';

/**
 * "The last 12 months" of /indicadores, /cortes/historial and ¿Me afecta?'s history, one period so
 * the pages never disagree: Aysén's calendar, from 00:00 of the day after the same date a year
 * before (29 February's year before ends on the 28th) up to `now`. On 26-11-2026 that is
 * 27-11-2025 to 26-11-2026.
 */
export function lastTwelveMonths(now: Date): { since: string; until: string } {
  const today = chileNow(now).slice(0, 10);
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  const dayAfter = addDays(`${Number(today.slice(0, 4)) - 1}-${monthDay}`, 1);
  const since = new Date(chileLocalToIso(`${dayAfter}T00:00`)).toISOString();
  return { since, until: now.toISOString() };
}
