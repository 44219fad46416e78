import { aysenFormat, partsOf } from './wall-clock.ts';

/** How the site, the admin and the mails write a time (spec §9's order: day, month, year), on Aysén's clock. */

const dateTime = aysenFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Spec §9: DD-MM-YYYY HH:mm:ss. */
export function formatDateTime(iso: string): string {
  const parts = partsOf(dateTime, new Date(iso));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** An instant as staff, the log, the mails and /cortes read it: DD-MM-YYYY HH:mm. */
export const chileMinute = (iso: string): string => formatDateTime(iso).slice(0, 16);

/** The day of an instant on Aysén's clock, as spec §9 writes it: DD-MM-YYYY. */
export const chileDay = (iso: string): string => formatDateTime(iso).slice(0, 10);

/** HH:mm ("Actualizado a las HH:mm"). */
export const formatClock = (iso: string): string => formatDateTime(iso).slice(11, 16);

/** A day of Chile's calendar, YYYY-MM-DD, as DD-MM-YYYY. */
export const formatDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

/** A wall time as a datetime-local input writes it (YYYY-MM-DDTHH:mm) as DD-MM-YYYY HH:mm. */
export const formatLocalDateTime = (local: string): string => {
  const [date = '', time = ''] = local.split('T');
  return `${formatDate(date)} ${time.slice(0, 5)}`;
};

const longDateTime = aysenFormat('es-CL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant in words, as residents read it in a mail: "jueves, 15 de julio de 2027, 09:00". */
export const chileDateTime = (iso: string): string => longDateTime.format(new Date(iso));
