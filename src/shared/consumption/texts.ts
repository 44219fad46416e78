import { formatAmount } from '../payments/texts.ts';
import { longMonth } from '../time/long-date.ts';
import { onFirstUse } from '../on-first-use.ts';

/** Mi consumo's Spanish texts (schema.ts holds its shapes). */

export const consumptionMessages = {
  rut: 'Ingrese el RUT del titular, por ejemplo 12.345.678-5.',
  notFound: 'No encontramos un servicio con ese número y ese RUT de titular. Revise ambos datos en su boleta.',
  throttled: (wait: string) =>
    `Demasiadas consultas sin resultado desde esta conexión o para este servicio. Espere ${wait} e intente nuevamente.`,
  serviceNotFound: 'No existe una cuenta con ese número de servicio.',
} as const;

/** What an outage or aviso in the service's town during its last period may mean for the bill. */
export const eventTexts = {
  outageTitle: (kind: string, town: string, sectors: string) =>
    `Corte ${kind === 'emergencia' ? 'de emergencia' : 'programado'} en ${town}${sectors ? ` (${sectors})` : ''}`,
  outage:
    'Después de un corte, el aire que entra a las cañerías puede hacer girar el medidor sin que pase agua: la SISS recomienda revisar la boleta siguiente y reclamar si el consumo no corresponde.',
  freezing:
    'Con las heladas una cañería interior puede romperse y perder agua sin que se note: revise sus llaves, el calefón y el medidor.',
  advisory: 'Un aviso en su localidad pudo cambiar su uso del agua durante el periodo.',
} as const;

export const readingTypeLabels = {
  real: 'Real',
  estimada: 'Estimada',
  cliente: 'Informada por usted',
} as const;

/** The leak test, as /consumo and the warning mail tell it. */
export const leakTestSteps = [
  'Cierre todas las llaves de la casa y no use agua: ni el baño, ni la lavadora, ni el riego.',
  'Anote el número que marca el medidor.',
  'Espere dos horas, sin usar agua, y vuelva a leerlo.',
  'Si el número cambió, hay una fuga después del medidor: revise el estanque del baño, las llaves y el calefón, o llame a un gasfíter.',
] as const;

/** The start of a reclamo about a bill, written for the visitor who comes from /consumo. */
export const complaintAboutBill = (period: string) => `Reclamo por la boleta de ${longMonth(period)}: `;

const m3Number = onFirstUse(() => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }));
/** "8", "7,5": a volume's figure, to one decimal. */
export const m3Figure = (volume: number) => m3Number().format(volume);
/** "8 m³", "7,5 m³": a volume without its sign, which the sentence says. */
const m3 = (volume: number) => `${m3Figure(Math.abs(volume))} m³`;
const moreOrLess = (value: number) => (value > 0 ? 'más' : 'menos');
/** Every sentence ends with its part's amount: ": $6.240 más." */
const effect = (amount: number) => `: ${formatAmount(Math.abs(amount))} ${moreOrLess(amount)}.`;
const days = (count: number) => `${count} ${count === 1 ? 'día' : 'días'}`;
/** A charge that began, ended or changed between the bill of `month` (before) and this one (now). */
const began = (before: number) => before === 0;
const ended = (now: number) => now === 0;

/**
 * "¿Por qué cambió mi boleta?": one plain sentence per cause (src/server/consumption/explanation.ts),
 * this bill against the one of `month` (YYYY-MM), each ending with the part's amount in pesos.
 */
export const explanationTexts = {
  /** `belowLimit`: a bill had m³ above the overconsumption limit, which sobreconsumo's sentence counts. */
  consumo: (month: string, volume: number, amount: number, belowLimit: boolean) =>
    `Usó ${m3(volume)} ${moreOrLess(volume)} que en ${longMonth(month)}${belowLimit ? ' hasta el límite de sobreconsumo' : ''}, al mismo precio${effect(amount)}`,
  dias: (month: string, count: number, dayDifference: number, volume: number, amount: number) =>
    `El período de lectura tuvo ${days(count)}, ${days(Math.abs(dayDifference))} ${moreOrLess(dayDifference)} que en ${longMonth(month)}, lo que explica ${m3(volume)} ${moreOrLess(volume)}${effect(amount)}`,
  'lectura-estimada': (month: string, volume: number, amount: number, belowLimit: boolean) =>
    `La boleta de ${longMonth(month)} se calculó con una lectura estimada y esta lectura real ajusta la diferencia, ${m3(volume)} ${moreOrLess(volume)}${belowLimit ? ' hasta el límite de sobreconsumo' : ''} al mismo precio${effect(amount)}`,
  /** `price`: the m³'s price before and now (null without m³ to price it by), when it changed. */
  tarifa: (
    price: { before: number | null; now: number | null } | null,
    fixed: { before: number; now: number } | null,
    amount: number,
  ) => {
    const changes: string[] = [];
    if (price)
      changes.push(
        price.before !== null && price.now !== null && formatAmount(price.before) !== formatAmount(price.now)
          ? `el precio por m³ pasó de ${formatAmount(price.before)} a ${formatAmount(price.now)}`
          : 'los cargos por m³ cambiaron',
      );
    if (fixed) changes.push(`el cargo fijo pasó de ${formatAmount(fixed.before)} a ${formatAmount(fixed.now)}`);
    const sentence = changes.join(' y ');
    return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} (indexación de la tarifa)${effect(amount)}`;
  },
  /** The m³ above the limit before and now, with the price of each m³ (null without any). */
  sobreconsumo: (
    month: string,
    before: { volume: number; price: number | null },
    now: { volume: number; price: number | null },
    amount: number,
  ) => {
    if (now.volume > 0 && now.price !== null)
      return `Tuvo ${m3(now.volume)} sobre el límite de sobreconsumo, a ${formatAmount(now.price)} el m³ (en ${longMonth(month)}, ${before.volume > 0 ? m3(before.volume) : 'ninguno'})${effect(amount)}`;
    if (before.volume > 0 && before.price !== null)
      return `No tuvo m³ sobre el límite de sobreconsumo, y en ${longMonth(month)} tuvo ${m3(before.volume)} a ${formatAmount(before.price)} el m³${effect(amount)}`;
    return `El cargo por sobreconsumo cambió respecto de ${longMonth(month)}${effect(amount)}`;
  },
  subsidio: (month: string, before: number, now: number, amount: number) => {
    if (began(before)) return `Comenzó a recibir un subsidio al consumo de ${formatAmount(now)}${effect(amount)}`;
    if (ended(now))
      return `Terminó el subsidio de ${formatAmount(before)} que recibía en ${longMonth(month)}${effect(amount)}`;
    return `Su subsidio pasó de ${formatAmount(before)} en ${longMonth(month)} a ${formatAmount(now)}${effect(amount)}`;
  },
  convenio: (month: string, before: number, now: number, amount: number) => {
    if (began(before))
      return `Esta boleta incluye la cuota de un convenio de pago, de ${formatAmount(now)}${effect(amount)}`;
    if (ended(now))
      return `Esta boleta ya no incluye la cuota de convenio de ${formatAmount(before)} que tuvo la de ${longMonth(month)}${effect(amount)}`;
    return `La cuota de su convenio de pago pasó de ${formatAmount(before)} en ${longMonth(month)} a ${formatAmount(now)}${effect(amount)}`;
  },
  'otros-cargos': (month: string, before: number, now: number, amount: number) =>
    `Los otros cargos de la boleta pasaron de ${formatAmount(before)} en ${longMonth(month)} a ${formatAmount(now)}${effect(amount)}`,
  compensacion: (month: string, before: number, now: number, amount: number) => {
    if (began(before)) return `Se le abonó una compensación de ${formatAmount(now)}${effect(amount)}`;
    if (ended(now))
      return `La boleta de ${longMonth(month)} tuvo abonada una compensación de ${formatAmount(before)}, que esta no tiene${effect(amount)}`;
    return `La compensación abonada pasó de ${formatAmount(before)} en ${longMonth(month)} a ${formatAmount(now)}${effect(amount)}`;
  },
};
