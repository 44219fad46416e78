/**
 * What pages show of bills and payments (spec §2 Payment and bills, §4, §8, §9): the spec's
 * messages, the payment methods' names and amounts (dates: time/format.ts). A module without zod, apart from
 * payments/schema.ts's schemas, so /pago and /boleta load zod only once the visitor starts on the form;
 * payments/schema.ts exports all of it too.
 */

export const paymentMessages = {
  chooseMethod: 'Debe seleccionar un medio de pago',
  serviceNumber: 'Debe ingresar un Número de Servicio',
  noDebt: 'El número de servicio indicado no presenta deuda',
  unknownService: 'El numero de servicio no existe',
  /** With the utility's contact e-mail (content/site.json `contactEmail`). */
  otherError: (contactEmail: string) =>
    `Ha ocurrido un error. Por favor póngase en contacto con nostros a través de ${contactEmail}`,
  balanceFailed: 'No se pudo cargar la información',
  webpayUnavailable: 'No fue posible iniciar el pago con Webpay. Por favor intente más tarde.',
  rejected: 'El pago no se pudo efectuar. Por favor intente nuevamente.',
  cancelled: 'El pago fue anulado. Ningún cobro se realizó.',
  /** GET /api/bills/{billId} and GET /api/tbk-payments/{tbkPaymentId}: no such bill or card payment. */
  billNotFound: 'Cuenta no encontrada.',
  paymentNotFound: 'Pago no encontrado.',
} as const;

/** Spec §4: Webpay is the card payment; Servipag is the bill payment portal the visitor is sent to. */
export const paymentMethods = {
  'webpay-plus': 'Tarjeta de débito, crédito o prepago (Webpay)',
  servipag: 'Servipag (portal de pago de cuentas)',
} as const;
export type PaymentMethod = keyof typeof paymentMethods;

/** Spec §9: dot thousands separator and a $ sign. */
export const formatAmount = (amount: number): string =>
  `$${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 }).format(amount)}`;

/** Spec §9: payment type codes, and VP (prepaid) as Webpay names it; any other code is shown as credit. */
export function paymentTypeLabel(code: string | null): string {
  const labels: Record<string, string> = {
    VN: 'Crédito',
    VD: 'Débito',
    VC: 'Crédito en cuotas',
    SI: 'Crédito 3 cuotas sin interés',
    S2: 'Crédito 2 cuotas sin interés',
    NC: 'Crédito cuotas sin interés',
    VP: 'Prepago',
  };
  return labels[code ?? ''] ?? 'Crédito';
}
