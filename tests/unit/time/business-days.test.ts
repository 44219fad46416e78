import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDaysAfter,
  businessDaysUntil,
  isBusinessDay,
} from '../../../src/shared/time/business-days.ts';
import { chileDate } from '../../../src/shared/time/wall-clock.ts';

/** Chile's business days: weekends and the national public holidays of date-holidays CL. */

describe('isBusinessDay', () => {
  it.each([
    ['2026-12-07', true, 'a Monday'],
    ['2026-12-08', false, 'Inmaculada Concepción, a Tuesday'],
    ['2026-12-12', false, 'a Saturday'],
    ['2026-12-13', false, 'a Sunday'],
    ['2026-09-18', false, 'Fiestas Patrias'],
    ['2026-12-31', true, "the banks' holiday, a working day for everyone else"],
    ['2027-01-01', false, 'Año Nuevo, in the next year'],
  ])('%s is %s (%s)', (day, expected) => {
    expect(isBusinessDay(day)).toBe(expected);
  });
});

describe('businessDaysAfter', () => {
  // A contact message's deadline is chosen among these by staff's setting, inside its batch (open-case.ts).
  it('lists each n-th business day that addBusinessDays gives, over a holiday and New Year', () => {
    const days = businessDaysAfter('2026-12-04', 30);
    expect(days.slice(0, 4)).toEqual(['2026-12-07', '2026-12-09', '2026-12-10', '2026-12-11']);
    expect(days).toEqual(Array.from({ length: 30 }, (_, index) => addBusinessDays('2026-12-04', index + 1)));
  });
});

describe('addBusinessDays', () => {
  it('counts 10 business days over weekends: Monday 16 November 2026 → Monday 30 November', () => {
    expect(addBusinessDays('2026-11-16', 10)).toBe('2026-11-30');
  });

  it('a public holiday inside the period pushes the date by one day', () => {
    // Without 8 December (Tuesday) the tenth business day after Monday 30 November would be the 14th.
    expect(addBusinessDays('2026-11-30', 10)).toBe('2026-12-15');
  });

  it('a day that is not a business day itself does not count: from a Saturday, the first is Monday', () => {
    expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23');
  });

  it('runs over the year and its holidays: Christmas and New Year', () => {
    // 24 Dec (Thu) → 28, 29, 30, 31 Dec, then 4 Jan (1 Jan is a holiday).
    expect(addBusinessDays('2026-12-24', 5)).toBe('2027-01-04');
  });
});

describe('businessDaysUntil', () => {
  it('counts what is left, the due day included, today not: 0 on the day itself', () => {
    expect(businessDaysUntil('2026-11-23', '2026-11-25')).toBe(2);
    expect(businessDaysUntil('2026-11-25', '2026-11-25')).toBe(0);
    // Friday to Monday: one business day left, the weekend does not count.
    expect(businessDaysUntil('2026-11-27', '2026-11-30')).toBe(1);
    expect(businessDaysUntil('2026-12-07', '2026-12-09')).toBe(1);
  });

  it('is negative once the date has passed, by the business days since', () => {
    expect(businessDaysUntil('2026-11-26', '2026-11-25')).toBe(-1);
    // Due Thursday; on Saturday only Friday has passed.
    expect(businessDaysUntil('2026-11-28', '2026-11-26')).toBe(-1);
    expect(businessDaysUntil('2026-12-09', '2026-12-04')).toBe(-2);
  });
});

describe('chileDate', () => {
  it('is the day in Aysén, not in UTC: 23:30 on a Thursday in Coyhaique is Friday in UTC', () => {
    // Aysén is on UTC−3 all year: in March as in July.
    expect(chileDate(new Date('2026-03-06T02:30:00Z'))).toBe('2026-03-05');
    expect(chileDate(new Date('2026-03-06T03:30:00Z'))).toBe('2026-03-06');
    expect(chileDate(new Date('2026-07-10T02:30:00Z'))).toBe('2026-07-09');
    expect(chileDate(new Date('2026-07-10T03:30:00Z'))).toBe('2026-07-10');
  });

  it('so a complaint sent late on the eve of a holiday weekend is due counting from that eve', () => {
    // Thursday 17 September 2026, 22:00 in Chile (01:00 UTC on Friday 18, Fiestas Patrias).
    const received = chileDate(new Date('2026-09-18T01:00:00Z'));
    expect(received).toBe('2026-09-17');
    // 18 and 19 September are holidays (Fri, Sat): the first business day is Monday 21.
    expect(addBusinessDays(received, 1)).toBe('2026-09-21');
  });
});
