import { formatDate } from '../time/format.ts';
import { PLANNED_NOTICE_HOURS } from './notice.ts';
import type { OutageHistoryEntry } from './schema.ts';
import { formatDuration } from './supply-days-texts.ts';

/**
 * How /cortes/historial and ¿Me afecta?'s history say what they show; the counting's own
 * words are supply-days-texts.ts'.
 */

const HOUR = 3_600_000;
const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;

export const historyTexts = {
  /** The chart above the tables (FigureBars). */
  chart: 'Cortes por localidad en el período',
  title: 'Historial de cortes',
  description:
    'Los cortes de agua de los últimos 12 meses en cada localidad de la Región de Aysén: horario anunciado, duración real, aviso previo y días sin suministro.',
  noRecord: 'Sin registro',
  inProgress: 'En curso',
  notApplicable: 'No aplica',
  noOutages: (town: string) => `No hubo cortes publicados en ${town} en los últimos 12 meses.`,
  caption: (town: string, since: string) => `Cortes en ${town} desde el ${formatDate(since)}`,
  columns: {
    date: 'Fecha',
    sectors: 'Sectores',
    kind: 'Tipo',
    announced: 'Horario anunciado',
    announcedDuration: 'Duración anunciada',
    real: 'Horario real',
    realDuration: 'Duración real',
    days: 'Días sin suministro',
    notice: 'Aviso previo',
  },
  // ¿Me afecta?
  lookupHeading: (town: string) => `Cortes en ${town} en los últimos 12 meses`,
  lookupCaption: (town: string, since: string) =>
    `Cortes con horas registradas en ${town} desde el ${formatDate(since)}`,
  lookupNone: 'No hubo cortes con horas registradas en su localidad en los últimos 12 meses.',
  total: 'Total (cada día cuenta una vez)',
  formula: (formula: string) => `La compensación (Ley 19.496, art. 25 A) es de ${formula}.`,
  estimate: (amount: string) => `Compensación estimada: ${amount}.`,
  allTowns: 'Ver el historial de cortes de todas las localidades',
} as const;

export const announcedDuration = (outage: Pick<OutageHistoryEntry, 'startsAt' | 'endsAt'>): string =>
  formatDuration(hoursBetween(outage.startsAt, outage.endsAt));

/** The real duration, "en curso" while the water is still off, "sin registro" when not recorded. */
export function realDuration(outage: Pick<OutageHistoryEntry, 'stoppedAt' | 'restoredAt' | 'status'>): string {
  if (outage.stoppedAt && outage.restoredAt) return formatDuration(hoursBetween(outage.stoppedAt, outage.restoredAt));
  if (outage.stoppedAt && outage.status === 'en_curso') return historyTexts.inProgress;
  return historyTexts.noRecord;
}

/**
 * A planned outage's notice: the hours from its publication to its announced start, and whether
 * they reach PLANNED_NOTICE_HOURS. An unplanned one gives none.
 */
export function noticeText(outage: Pick<OutageHistoryEntry, 'kind' | 'publishedAt' | 'startsAt'>): string {
  if (outage.kind !== 'programado') return historyTexts.notApplicable;
  if (!outage.publishedAt) return historyTexts.noRecord;
  const hours = hoursBetween(outage.publishedAt, outage.startsAt);
  if (hours <= 0) return `Publicado después del inicio: menos de ${PLANNED_NOTICE_HOURS} horas`;
  return hours >= PLANNED_NOTICE_HOURS
    ? `${formatDuration(hours)}: cumple las ${PLANNED_NOTICE_HOURS} horas`
    : `${formatDuration(hours)}: menos de ${PLANNED_NOTICE_HOURS} horas`;
}
