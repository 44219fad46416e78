import { onFirstUse } from '../on-first-use.ts';
// A module of its own: a page that writes only a day in words (the rights request's due date) does
// not carry the wall clock and the formatters of format.ts, which a day of the calendar does not need.
const longDateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-CL', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
);

/** A day of Chile's calendar ('YYYY-MM-DD') in words: "martes, 8 de diciembre de 2026". */
export const longDate = (day: string): string => longDateFormat().format(new Date(`${day}T12:00:00Z`));

// A billing period is a month of the calendar, not an instant: read at UTC like a day above.
const longMonthFormat = onFirstUse(
  () => new Intl.DateTimeFormat('es-CL', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
);

/** A month of Chile's calendar ('YYYY-MM') in words: "octubre de 2026". */
export const longMonth = (month: string): string => longMonthFormat().format(new Date(`${month}-15T12:00:00Z`));
