import { chileNow } from '../accounts/schema.ts';
import { formatDateTime } from '../billing/texts.ts';

/**
 * Aysén's wall clock and instants, for `<input type="datetime-local">`: staff type the time of
 * Coyhaique and the API takes ISO 8601 with its offset (OutageInputSchema). The offset is the one
 * in force at that instant in AYSEN_TIME_ZONE (−03:00 all year since 2025; Chile's other regions
 * change theirs twice a year, and the zone's data may one day say the same of Aysén).
 */

/** The offset of Aysén from UTC at an instant, in minutes (−180 since 2025). */
export function aysenOffsetMinutes(instant: number): number {
  const wall = chileNow(new Date(instant));
  return Math.round((Date.parse(`${wall}:00Z`) - instant) / 60_000 / 60) * 60;
}

const formatOffset = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
};

/** "2026-03-05T09:00" (seconds optional) in Aysén → "2026-03-05T09:00:00-03:00"; '' for a value that is not one. */
export function chileLocalToIso(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return '';
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  const asUtc = Date.parse(`${withSeconds}Z`);
  if (Number.isNaN(asUtc)) return '';
  // The offset of the instant guessed with the offset of the wall time read as UTC; once more
  // settles the hours next to a change of offset.
  const offset = aysenOffsetMinutes(asUtc - aysenOffsetMinutes(asUtc) * 60_000);
  return `${withSeconds}${formatOffset(offset)}`;
}

/** An instant as the datetime-local input shows it in Chile: "2026-03-05T09:00". */
export const isoToChileLocal = (iso: string): string => chileNow(new Date(iso));

/** An instant in Chile as staff, the log and the mails read it: DD-MM-YYYY HH:mm. */
export const chileMinute = (iso: string): string => formatDateTime(iso).slice(0, 16);
