import * as z from 'zod/mini';

/**
 * An instant as aysenIso (wall-clock.ts) writes it, on Aysén's clock with its offset:
 * "2026-12-03T22:42:05-03:00". GET /api/outages sends its times so, and /cortes reads them from
 * the text: a browser's first Intl formatter loads ICU's data, a task of 110 ms on Lighthouse's
 * phone CPU, and /cortes' island made it to write the list's times.
 */
export const AysenInstantSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/));
export type AysenInstant = z.infer<typeof AysenInstantSchema>;

/** DD-MM-YYYY HH:mm, as chileMinute (format.ts) writes the same instant. */
export const aysenInstantMinute = (instant: AysenInstant): string =>
  `${instant.slice(8, 10)}-${instant.slice(5, 7)}-${instant.slice(0, 4)} ${instant.slice(11, 16)}`;

/** HH:mm, as formatClock (format.ts) writes the same instant. */
export const aysenInstantClock = (instant: AysenInstant): string => instant.slice(11, 16);
