import { z } from 'zod';
import { fieldMessages, optionalEmail, optionalText } from './fields.ts';
import { site } from './site.ts';

/** Bills and payments (spec §2 Payment and bills, §3, §5, §7, §8, §9). */

export const billingMessages = {
  chooseMethod: 'Debe seleccionar un medio de pago',
  serviceNumber: 'Debe ingresar un Número de Servicio',
  noDebt: 'El número de servicio indicado no presenta deuda',
  unknownService: 'El numero de servicio no existe',
  otherError: `Ha ocurrido un error. Por favor póngase en contacto con nostros a través de ${site.contactEmail}`,
  balanceFailed: 'No se pudo cargar la información',
  webpayUnavailable: 'No fue posible iniciar el pago con Webpay. Por favor intente más tarde.',
  rejected: 'El pago no se pudo efectuar. Por favor intente nuevamente.',
  cancelled: 'El pago fue anulado. Ningún cobro se realizó.',
} as const;

/** The service number, without its check digit (spec §2 /pago, /boleta). */
export const serviceNumber = z
  .string({ error: billingMessages.serviceNumber })
  .trim()
  .min(1, billingMessages.serviceNumber)
  .regex(/^\d{1,12}$/, 'Ingrese solo los dígitos del número de servicio, sin dígito verificador.');

/** POST /api/ticket (spec §7). */
export const TicketRequestSchema = z.object({ service_number: serviceNumber });

/** What /boleta shows for a service number (spec §3 Balance lookup result). */
export const BalanceSchema = z.object({
  /** The debt, in pesos. */
  saldo: z.number(),
  install_address: z.string(),
  /** YYYY-MM-DD; null when nothing is due. */
  expiration_date: z.string().nullable(),
  /** The bill document, when the billing system exported one. */
  doc_url: z.string().nullable(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** POST /api/ticket's answer for a known service; an unknown one is a failure with its message. */
export const BalanceAnswerSchema = z.object({ success: z.literal(true), message: z.string(), data: BalanceSchema });
export type BalanceAnswer = z.infer<typeof BalanceAnswerSchema>;

/** Spec §4: Webpay is the card payment; Servipag is the bill payment portal the visitor is sent to. */
export const paymentMethods = {
  'webpay-plus': 'Tarjeta de débito, crédito o prepago (Webpay)',
  servipag: 'Servipag (portal de pago de cuentas)',
} as const;
export type PaymentMethod = keyof typeof paymentMethods;

/**
 * The bill request (spec §3) of POST /api/bills/new. Spec §5 asks only the method and, for
 * Webpay, the service number; the amount is never the browser's (the debt is read on the server).
 */
export const BillRequestSchema = z
  .object({
    /** Spec §5: checked first. Only `webpay-plus` creates a bill; `servipag` is a redirect. */
    paymentOption: z.enum(['webpay-plus', 'servipag'], { error: billingMessages.chooseMethod }),
    /** The service number without its check digit. */
    serviceNumber,
    /** The payer's given name (optional). */
    name: optionalText(80),
    /** The payer's surname (optional). */
    surname: optionalText(80),
    /** Where the receipt is mailed; optional, since the receipt on screen is always printable. */
    email: optionalEmail(80),
    /** Spec §3: `boleta` (receipt) by default, or `factura` (tax invoice, with the fields below). */
    billingType: z.enum(['boleta', 'factura'], { error: fieldMessages.invalidType }).default('boleta'),
    /** Factura: the company's legal name (razón social). */
    company: optionalText(120),
    /** Factura: the company's RUT. */
    rut: optionalText(12),
    /** Factura: the company's line of business (giro). */
    activity: optionalText(120),
    /** Factura: where the invoice is addressed. */
    billingAddress: optionalText(150),
    billingCommune: optionalText(80),
    billingCity: optionalText(80),
  })
  .superRefine((value, ctx) => {
    // A factura needs the company's data (Chilean tax invoice).
    if (value.billingType !== 'factura') return;
    for (const [field, message] of [
      ['company', 'Ingrese la razón social.'],
      ['rut', 'Ingrese el RUT de la empresa.'],
      ['activity', 'Ingrese el giro.'],
      ['billingAddress', 'Ingrese la dirección de facturación.'],
      ['billingCommune', 'Ingrese la comuna.'],
      ['billingCity', 'Ingrese la ciudad.'],
    ] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

export type BillRequest = z.infer<typeof BillRequestSchema>;

/** Spec §9: dot thousands separator and a $ sign. */
export const formatAmount = (amount: number): string =>
  `$${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 }).format(amount)}`;

export { formatDateTime } from './chile-time.ts';

export const formatDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

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

/** GET /api/tbk-payments/{id} and GET /api/bills/{id} (spec §7): what the receipt shows. */
export const TbkPaymentSchema = z.object({
  id: z.string(),
  bill_id: z.string(),
  status: z.string(),
  amount: z.number().nullable(),
  payment_type_code: z.string().nullable(),
  authorization_code: z.string().nullable(),
  transaction_date: z.string().nullable(),
  card_number: z.string().nullable(),
  installments_number: z.number(),
});
/** Spec §3: "A stored bill has a price". */
export const BillSchema = z.object({
  id: z.string(),
  service_number: z.string(),
  /** The amount charged, in pesos: the whole debt when the bill was created. */
  price: z.number(),
  status: z.string(),
  paid_at: z.string().nullable(),
});
export type TbkPayment = z.infer<typeof TbkPaymentSchema>;
export type Bill = z.infer<typeof BillSchema>;

/** GET /api/tbk-payments/{tbkPaymentId}: `data.tbkPayment` (spec §7). */
export const TbkPaymentAnswerSchema = z.object({ success: z.literal(true), tbkPayment: TbkPaymentSchema });
export type TbkPaymentAnswer = z.infer<typeof TbkPaymentAnswerSchema>;
/** GET /api/bills/{billId}: `data.bill` (spec §7). */
export const BillAnswerSchema = z.object({ success: z.literal(true), bill: BillSchema });
export type BillAnswer = z.infer<typeof BillAnswerSchema>;

/** Spec §3 Bill response: `paymentData`, with Webpay's address and token or the error to show. */
// A plain union: discriminatedUnion would add its own code to /pago's bundle for two options.
export const PaymentDataSchema = z.union([
  z.object({
    success: z.literal(true),
    data: z.object({ payment_method: z.literal('webpay-plus'), tbk_url: z.string(), token: z.string() }),
  }),
  z.object({
    success: z.literal(false),
    data: z.object({ payment_method: z.literal('webpay-plus'), errorMessage: z.string() }),
  }),
]);
export type PaymentData = z.infer<typeof PaymentDataSchema>;

/** POST /api/bills/new's 201 (spec §7): the bill and what the browser does next. */
export const CreatedBillAnswerSchema = z.object({
  success: z.boolean(),
  billId: z.string(),
  paymentData: PaymentDataSchema,
});
export type CreatedBillAnswer = z.infer<typeof CreatedBillAnswerSchema>;
