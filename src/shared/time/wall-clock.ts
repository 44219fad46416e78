import { aysenTimeZone } from './zone.ts';
import { onFirstUse } from '../on-first-use.ts';

/** What the site asks of a formatter of Aysén's clock. */
export type AysenFormat = Pick<Intl.DateTimeFormat, 'format' | 'formatToParts'>;

/**
 * A formatter that reads instants on Aysén's clock, made by its first use: modules declare theirs
 * at the top, and a function's import does not pay for the zone data (zone.ts).
 */
export function aysenFormat(locale: string, options: Intl.DateTimeFormatOptions): AysenFormat {
  const format = onFirstUse(() => new Intl.DateTimeFormat(locale, { ...options, timeZone: aysenTimeZone() }));
  return {
    format: (instant) => format().format(instant),
    formatToParts: (instant) => format().formatToParts(instant),
  };
}

/** The fields `format` writes of an instant, by type: `{ day: '05', month: '03', … }`. */
export const partsOf = (format: AysenFormat, instant: Date): Record<string, string> =>
  Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));

const wallTime = aysenFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Now on Aysén's clock, as an `<input type="datetime-local">` writes it: YYYY-MM-DDTHH:mm. */
export function chileNow(now = new Date()): string {
  const parts = partsOf(wallTime, now);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The day an instant falls on in Chile's calendar, on Aysén's clock: YYYY-MM-DD. */
export const chileDate = (instant: Date): string => chileNow(instant).slice(0, 10);

/** The hour (0 to 23) an instant falls in on Aysén's clock. */
export const chileHour = (instant: Date): number => Number(chileNow(instant).slice(11, 13));

/**
 * Aysén's wall clock and instants, for `<input type="datetime-local">`: staff type the time of
 * Coyhaique and the API takes ISO 8601 with its offset (OutageInputSchema). The offset is the one
 * in force at that instant in Aysén's zone (zone.ts) (−03:00 all year since 2025; Chile's other regions
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

/**
 * An instant written on Aysén's clock: its wall time with the offset in force then, in whole
 * seconds ("2026-12-03T22:42:05-03:00"), as CAP 1.2 writes times (3.3.2: no fractions, no "Z") and
 * GET /api/outages its instants, so that a browser shows them without a formatter (AysenInstantSchema).
 */
export function aysenIso(instant: string | number | Date): string {
  const iso = new Date(instant).toISOString();
  return chileLocalToIso(`${isoToChileLocal(iso)}:${iso.slice(17, 19)}`);
}
