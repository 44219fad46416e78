import { describe, expect, it } from 'vitest';
import { chileHolidaysFromRules, CHILE_HOLIDAY_YEARS } from '../../../scripts/lib/chile-holidays-rules.ts';
import { isBusinessDay } from '../../../src/shared/time/business-days.ts';
import { CHILE_HOLIDAYS } from '../../../src/shared/time/chile-holidays.ts';

describe("the table of Chile's holidays", () => {
  it('is what date-holidays gives for every year it covers (npm run holidays rewrites it)', () => {
    const fromRules = Object.fromEntries(
      CHILE_HOLIDAY_YEARS.map((year) => [year, chileHolidaysFromRules(year).join(' ')]),
    );
    expect(CHILE_HOLIDAYS).toEqual(fromRules);
  });

  it('covers this year and the next fifty', () => {
    const thisYear = new Date().getUTCFullYear();
    for (let year = thisYear; year <= thisYear + 50; year += 1)
      expect(CHILE_HOLIDAYS[year], String(year)).toBeDefined();
  });

  it('refuses a day outside it rather than counting it as a business day', () => {
    expect(() => isBusinessDay('2101-01-03')).toThrow(/2101/);
  });
});
