import Holidays from 'date-holidays';

/** The years the table covers: from before the oldest record to well past any deadline the site sets. */
export const CHILE_HOLIDAY_YEARS = Array.from({ length: 101 }, (_, index) => 2000 + index);

const calendar = new Holidays('CL');

/** A year's national public holidays in Chile by date-holidays' rules, as sorted MM-DD. */
export const chileHolidaysFromRules = (year: number): string[] =>
  [
    ...new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(5, 10)),
    ),
  ].sort();
