import { addDays } from '../time/days.ts';
import { chileDate, chileHour, chileLocalToIso } from '../time/wall-clock.ts';

/**
 * No phone rings or buzzes for an alert between 22:00 and 08:00 on Aysén's clock, but for a
 * health notice or an emergency cut, which cannot wait for the morning.
 */
const QUIET_FROM_HOUR = 22;
const QUIET_UNTIL_HOUR = 8;

export const inQuietHours = (instant: Date): boolean => {
  const hour = chileHour(instant);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
};

/** When an alert held by the quiet hours may go: `instant` itself outside them, 08:00 after it within. */
export function sendableAt(instant: Date): Date {
  if (!inQuietHours(instant)) return instant;
  const day = chileDate(instant);
  const morning = chileHour(instant) >= QUIET_FROM_HOUR ? addDays(day, 1) : day;
  return new Date(chileLocalToIso(`${morning}T${String(QUIET_UNTIL_HOUR).padStart(2, '0')}:00`));
}
