import { periodName } from '../time/billing-period.ts';

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
export const complaintAboutBill = (period: string) => `Reclamo por la boleta de ${periodName(period)}: `;
