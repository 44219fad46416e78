import { aysenIso } from '../../shared/time/wall-clock.ts';

/** When CAP messages are sent and expire (docs/reference/outages-public-api.md, "CAP"). */

const HOUR = 3_600_000;

/**
 * How long a Cancel stays in /cap/alertas.atom, and so its expiry: aggregators that poll the index
 * see the end of an alert for a day (Google Public Alerts drops a cancelled alert within 24 to 48
 * hours), then the index no longer lists it.
 */
export const CANCEL_LISTED_HOURS = 24;

/**
 * A message sent after the expected end (an outage running late, an update on its last hour) still
 * holds this long: expiring on arrival, it would be dropped before anyone read it.
 */
export const MIN_VALIDITY_HOURS = 6;

/**
 * A notice with no expected end (a boil-water notice until the samples are clean) expires 7 days
 * after its last message unless staff update it; its lift ends it before with a Cancel.
 */
export const OPEN_ENDED_VALIDITY_HOURS = 7 * 24;

/** A message's `expires`: the expected end, never sooner than MIN_VALIDITY_HOURS after it is sent. */
export function capExpiry(sentAt: string, expectedEnd: string | null, cancel: boolean): string {
  const sent = Date.parse(sentAt);
  if (cancel) return aysenIso(sent + CANCEL_LISTED_HOURS * HOUR);
  if (expectedEnd === null) return aysenIso(sent + OPEN_ENDED_VALIDITY_HOURS * HOUR);
  return aysenIso(Math.max(Date.parse(expectedEnd), sent + MIN_VALIDITY_HOURS * HOUR));
}
