import { onFirstUse } from '../on-first-use.ts';
// A billing period (YYYY-MM) is a month of the calendar, not an instant: read at UTC, as
// long-date.ts's longMonth, which writes it in words.
const monthOnly = onFirstUse(() => new Intl.DateTimeFormat('es-CL', { timeZone: 'UTC', month: 'short' }));

/** A billing period's month, short, for a chart's axis: '2026-10' → "oct". */
export const periodMonth = (period: string): string =>
  monthOnly()
    .format(new Date(`${period}-15T12:00:00Z`))
    .replace('.', '');
