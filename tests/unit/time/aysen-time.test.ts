import { describe, expect, it } from 'vitest';
import { chileLocalToIso, isoToChileLocal, chileNow, chileDate } from '../../../src/shared/time/wall-clock.ts';
import { chileMinute, formatDateTime, formatClock, chileDateTime } from '../../../src/shared/time/format.ts';
import { aysenTimeZone } from '../../../src/shared/time/zone.ts';
import { addBusinessDays } from '../../../src/shared/time/business-days.ts';

// Aysén stayed on UTC−3 when the rest of Chile went back to UTC−4 in April 2025 (tzdata 2025b):
// July is where a clock still on America/Santiago is one hour behind.
describe("Aysén's clock", () => {
  it("is in the runtime's time-zone data (if not, the runtime's ICU is older than tzdata 2025b)", () => {
    expect(aysenTimeZone()).toBe('America/Coyhaique');
    expect(Intl.supportedValuesOf('timeZone')).toContain('America/Coyhaique');
  });

  it.each([
    ['15 July (Chile elsewhere on UTC−4)', '2027-07-15T12:00:00Z', '15-07-2027 09:00'],
    ['15 December (Chile elsewhere on UTC−3)', '2027-12-15T12:00:00Z', '15-12-2027 09:00'],
  ])('an instant on %s reads 09:00 wherever the site writes it', (_, iso, shown) => {
    expect(chileMinute(iso)).toBe(shown);
    expect(formatClock(iso)).toBe('09:00');
    expect(formatDateTime(iso)).toBe(`${shown}:00`);
    expect(chileMinute(iso)).toBe(shown);
    // The outage alert mails.
    expect(chileDateTime(iso)).toMatch(/, 09:00$/);
    expect(chileNow(new Date(iso))).toBe(`${shown.slice(6, 10)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}T09:00`);
  });

  it.each([
    ['15 July', '2027-07-15T09:00', '2027-07-15T09:00:00-03:00'],
    ['15 December', '2027-12-15T09:00', '2027-12-15T09:00:00-03:00'],
    ['the night Chile elsewhere turns its clocks back, 3 April 2027', '2027-04-03T23:30', '2027-04-03T23:30:00-03:00'],
    ['with seconds', '2027-07-15T09:00:30', '2027-07-15T09:00:30-03:00'],
    ['a value that is not a date-time', '05-03-2026 09:00', ''],
  ])('what staff type for %s is that time in Aysén', (_, local, iso) => {
    expect(chileLocalToIso(local)).toBe(iso);
    if (iso && local.length === 16) expect(isoToChileLocal(iso)).toBe(local);
  });

  it('a reclamo counts from its day in Aysén: 23:30 on a Friday in July is Friday, 00:30 that Friday is not Thursday', () => {
    const fridayNight = new Date('2027-07-23T23:30:00-03:00');
    const fridayEarly = new Date('2027-07-23T00:30:00-03:00');
    expect(chileDate(fridayNight)).toBe('2027-07-23');
    // On America/Santiago's clock this was still 23:30 on Thursday, and the deadline a day early.
    expect(chileDate(fridayEarly)).toBe('2027-07-23');
    expect(addBusinessDays(chileDate(fridayNight), 1)).toBe('2027-07-26');
    expect(addBusinessDays(chileDate(fridayEarly), 1)).toBe('2027-07-26');
  });
});
