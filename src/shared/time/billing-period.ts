// A module of its own, as long-date.ts: a billing period (YYYY-MM) is a month of the calendar, not
// an instant, so it needs neither the wall clock nor the zone.
const monthAndYear = new Intl.DateTimeFormat('es-CL', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const monthOnly = new Intl.DateTimeFormat('es-CL', { timeZone: 'UTC', month: 'short' });

const middleOf = (period: string) => new Date(`${period}-15T12:00:00Z`);

/** A billing period in words: '2026-10' → "octubre de 2026". */
export const periodName = (period: string): string => monthAndYear.format(middleOf(period));

/** A billing period's month, short, for a chart's axis: '2026-10' → "oct". */
export const periodMonth = (period: string): string => monthOnly.format(middleOf(period)).replace('.', '');
