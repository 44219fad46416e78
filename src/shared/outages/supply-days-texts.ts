import { SUPPLY_DAY_HOURS } from './supply-days.ts';
import { onFirstUse } from '../on-first-use.ts';

/**
 * How the public pages, ¿Me afecta?, the staff export and /indicadores say art. 25 A's counting
 * (src/shared/outages/supply-days.ts), in one place so they never disagree.
 */

export const SUPPLY_DAY_FORMULA = '10 veces el promedio diario facturado en la boleta anterior, por cada día';

export const SUPPLY_DAY_RULE =
  `Cada día (hora de Aysén) en que el agua faltó ${SUPPLY_DAY_HOURS} horas o más cuenta como un día sin suministro; ` +
  `si faltó menos, cuenta la fracción proporcional: las horas sin agua divididas por ${SUPPLY_DAY_HOURS} ` +
  '(3 horas son 0,75 días). Un mismo día cuenta una vez como máximo, aunque haya tenido más de un corte.';

export const FORCE_MAJEURE_TEXT = 'no aplica: fuerza mayor calificada por la SISS';

/** "no aplica: fuerza mayor calificada por la SISS (Resolución Exenta N° 1234)". */
export const forceMajeureNote = (resolution: string): string => `${FORCE_MAJEURE_TEXT} (${resolution})`;

export const ESTIMATE_NOTE = 'Estimación: la boleta es la que confirma y abona la compensación.';

export const RECORDS_NOTE =
  'Estas cifras provienen de los registros de este sitio. La compensación se abona en la boleta, que es la que la confirma.';

/** Amounts are written with formatAmount (src/shared/payments/texts.ts): "$12.345". */
const dayNumber = onFirstUse(() => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 }));

/** "1 día sin suministro", "0,75 días sin suministro", "2 días sin suministro". */
export function formatSupplyDays(days: number): string {
  const rounded = Math.round(days * 100) / 100;
  return `${dayNumber().format(rounded)} ${rounded === 1 ? 'día' : 'días'} sin suministro`;
}

/** A real duration: "5 h 30 min", "26 h", "45 min". */
export function formatDuration(hours: number): string {
  const minutes = Math.round(hours * 60);
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (whole === 0) return `${rest} min`;
  return rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
}
