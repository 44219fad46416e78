import { onFirstUse } from '../on-first-use.ts';

/**
 * Aysén's clock: the IANA zone America/Coyhaique (tzdata 2025b), UTC−3 all year since the region
 * stopped following Chile's April and September changes in 2025. Every time the site shows,
 * mails, writes into a feed or calendar, or counts business days from is read on this clock. The
 * day the region changes again, that is new time-zone data in the runtime, not new code.
 *
 * The database's own zone data is not relied on (Neon's cannot be tested from here): SQL keeps
 * instants in UTC and the code converts.
 *
 * A browser's zone data can be older than the server's: WebKitGTK 2.50 on Debian 12 (and Safari on
 * an iPhone not updated since early 2025) throws a RangeError for America/Coyhaique, which left
 * /tbk-final's receipt unhydrated in WebKit. There the islands read the clock in
 * UTC−3 ('Etc/GMT+3': POSIX inverts the sign), Aysén's from April 2025 on. The server's runtime
 * must know the zone: tests/unit/time/aysen-time.test.ts fails where it does not.
 */
const AYSEN_ZONE_NAME = 'America/Coyhaique';
const AYSEN_FIXED_OFFSET = 'Etc/GMT+3';

/** `zone` if this runtime's time-zone data has it, else `fallback`. */
export function usableTimeZone(zone: string, fallback: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return fallback;
  }
}

/**
 * The zone the site reads Aysén's clock in. Asked for, not worked out at import: the runtime's
 * first formatter with a zone loads its zone data, 11 ms of a function's cold start.
 */
export const aysenTimeZone = onFirstUse(() => usableTimeZone(AYSEN_ZONE_NAME, AYSEN_FIXED_OFFSET));
