import { PLANNED_NOTICE_HOURS } from '../outages/notice.ts';
import { onFirstUse } from '../on-first-use.ts';

/**
 * What /indicadores says, and how it writes its figures (Aysén's numbers: a comma for decimals).
 * The CSV and the JSON carry the same figures as plain numbers.
 */

/** Restored within this many hours counts as "restablecido en 12 horas". */
export const RESTORED_WITHIN_HOURS = 12;
/**
 * Replies SIGO SIN AGUA to a restoration's alert that staff may leave unanswered while the corte
 * still counts as restored within RESTORED_WITHIN_HOURS: more, and the water has not come back for
 * enough people that the restore is not yet one (src/server/indicators/figures.ts).
 */
export const STILL_WITHOUT_WATER_TOLERATED = 3;
/** A reclamo answered within this many business days counts as answered in time. */
export const COMPLAINT_ANSWER_BUSINESS_DAYS = 10;

export const NO_DATA = 'sin datos';

/**
 * A share's percentage as the page writes it, null for 0 of 0: rounded to a whole number, except
 * that it says 100 only when all are, and 0 only when none is: 199 of 200 reads 99, not 100.
 */
export function sharePercent({ count, of }: { count: number; of: number }): number | null {
  if (of === 0) return null;
  return Math.min(Math.max(Math.round((count / of) * 100), count > 0 ? 1 : 0), count < of ? 99 : 100);
}

/** "3 de 4 (75 %)"; "sin datos" for 0 of 0. */
export function formatShare(share: { count: number; of: number }): string {
  const percent = sharePercent(share);
  return percent === null ? NO_DATA : `${share.count} de ${share.of} (${percent} %)`;
}

const decimal = onFirstUse(() => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }));

/** "3,5 días hábiles", "1 día hábil"; "sin datos" for none. */
export function formatBusinessDays(days: number | null): string {
  if (days === null) return NO_DATA;
  const rounded = Math.round(days * 10) / 10;
  return `${decimal().format(rounded)} ${rounded === 1 ? 'día hábil' : 'días hábiles'}`;
}

export const OTHER_LOCALITIES = 'Otras localidades o sin indicar';
export const TOTAL = 'Total';

export const indicatorTexts = {
  period: (from: string, to: string) => `Período: del ${from} al ${to} (hora de Aysén).`,
  generated: (at: string) => `Cifras calculadas el ${at}.`,
  refresh: 'Las cifras se actualizan solas: un cambio en los registros se refleja aquí en menos de un minuto.',
  downloads: 'Descargue las mismas cifras:',
  /** The spreadsheet's file and the programs' (src/server/csv-export.ts, CSV_DIALECTS). */
  excel: 'Indicadores para Excel (CSV con punto y coma y coma decimal)',
  csv: 'Indicadores en CSV estándar, para programas',
  json: 'Indicadores en JSON',
  town: 'Localidad',
  outages: {
    title: 'Cortes programados y no programados',
    method:
      'Cuenta los cortes publicados en el sitio que comenzaron en el período (según la hora real de corte, o la anunciada si no se registró), ' +
      'sin los cancelados, que no ocurrieron, ni los borradores, que nunca se publicaron. ' +
      'Un corte es programado o no programado según su tipo; los que la SISS calificó de fuerza mayor se cuentan entre los no programados y además aparte.',
    /** The chart above the table (FigureBars). */
    chart: 'Total de cortes por localidad',
    planned: 'Programados',
    unplanned: 'No programados',
    forceMajeure: 'De ellos, fuerza mayor calificada por la SISS',
    total: 'Total',
  },
  durations: {
    title: 'Duración real de los cortes',
    method:
      'La duración real va desde que el agua se cortó hasta que volvió, según lo registrado por nuestro personal. ' +
      'La mediana es el valor central de esas duraciones (con un número par de cortes, el promedio de los dos centrales). ' +
      `Un corte cuenta como restablecido en ${RESTORED_WITHIN_HOURS} horas si el agua volvió ${RESTORED_WITHIN_HOURS} horas o menos después del corte, ` +
      `salvo que más de ${STILL_WITHOUT_WATER_TOLERATED} vecinos hayan respondido SIGO SIN AGUA al aviso de reposición y nuestro personal aún no lo haya revisado. ` +
      'Los cortes sin hora real de corte o de reposición (por ejemplo, uno aún en curso) quedan fuera de ambas cifras, y la tabla dice cuántos son.',
    measured: 'Con horas reales',
    unmeasured: 'Sin horas reales (fuera del cálculo)',
    median: 'Duración mediana',
    within12: `Restablecidos en ${RESTORED_WITHIN_HOURS} horas o menos`,
  },
  notice: {
    title: `Aviso de los cortes programados con ${PLANNED_NOTICE_HOURS} horas de anticipación`,
    method:
      `Cuenta los cortes programados publicados al menos ${PLANNED_NOTICE_HOURS} horas antes del inicio anunciado, ` +
      'del total de cortes programados del período.',
    announced: `Avisados con ${PLANNED_NOTICE_HOURS} horas o más`,
  },
  complaints: {
    title: 'Respuesta a los reclamos',
    method:
      'Cuenta los reclamos recibidos en el período por el formulario de reclamos. ' +
      `Un reclamo se responde a tiempo si la respuesta se envió dentro de ${COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles ` +
      '(de lunes a viernes, sin feriados; el día en que se recibió no cuenta). ' +
      'Uno sin responder cuenta como fuera de plazo cuando ya pasaron esos días, y queda fuera del cálculo mientras aún está en plazo. ' +
      'El promedio de días hábiles considera solo los reclamos respondidos. ' +
      'La localidad es la que escribió quien reclamó: se asigna a una de la lista cuando coincide con su nombre ' +
      `(sin considerar mayúsculas, tildes ni la abreviatura «Pto.»); las demás se cuentan en «${OTHER_LOCALITIES}» y en el total.`,
    received: 'Recibidos',
    answered: 'Respondidos',
    pending: 'Sin responder, aún en plazo',
    within: `Respondidos en ${COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles o menos`,
    average: 'Promedio de días hábiles para responder',
  },
} as const;
