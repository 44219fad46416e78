/**
 * Aysén's clock: the IANA zone America/Coyhaique (tzdata 2025b), UTC−3 all year since the region
 * stopped following Chile's April and September changes in 2025. Every time the site shows,
 * mails, writes into a feed or calendar, or counts business days from is read on this clock. The
 * day the region changes again, that is new time-zone data in the runtime, not new code.
 *
 * The database's own zone data is not relied on (Neon's cannot be tested from here): SQL keeps
 * instants in UTC and the code converts.
 */
export const AYSEN_TIME_ZONE = 'America/Coyhaique';
