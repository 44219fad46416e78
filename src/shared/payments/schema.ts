import * as z from 'zod/mini';
import { fieldMessages, optionalEmail, optionalText } from '../fields.ts';
import { paymentMessages } from './texts.ts';

/** Bills and payments (spec §2 Payment and bills, §3, §5, §7, §8, §9). */

export { paymentMessages, formatAmount, paymentMethods, paymentTypeLabel, type PaymentMethod } from './texts.ts';

/** The service number, without its check digit (spec §2 /pago, /boleta). */
export const serviceNumber = z
  .string({ error: paymentMessages.serviceNumber })
  .check(
    z.trim(),
    z.minLength(1, paymentMessages.serviceNumber),
    z.regex(/^\d{1,12}$/, 'Ingrese solo los dígitos del número de servicio, sin dígito verificador.'),
  );

/** POST /api/ticket (spec §7). */
export const TicketRequestSchema = z.object({ service_number: serviceNumber });

/** What /boleta shows for a service number (spec §3 Balance lookup result). */
export const BalanceSchema = z.object({
  /** The debt, in pesos. */
  saldo: z.number(),
  install_address: z.string(),
  /** YYYY-MM-DD; null when nothing is due. */
  expiration_date: z.nullable(z.string()),
  /** The bill document, when the billing system exported one. */
  doc_url: z.nullable(z.string()),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** POST /api/ticket's answer for a known service; an unknown one is a failure with its message. */
export const BalanceAnswerSchema = z.object({ success: z.literal(true), message: z.string(), data: BalanceSchema });
export type BalanceAnswer = z.infer<typeof BalanceAnswerSchema>;

/**
 * The bill request (spec §3) of POST /api/bills/new. Spec §5 asks only the method and, for
 * Webpay, the service number; the amount is never the browser's (the debt is read on the server).
 */
export const BillRequestSchema = z
  .object({
    /** Spec §5: checked first. Only `webpay-plus` creates a bill; `servipag` is a redirect. */
    paymentOption: z.enum(['webpay-plus', 'servipag'], { error: paymentMessages.chooseMethod }),
    /** The service number without its check digit. */
    serviceNumber,
    /** The payer's given name (optional). */
    name: optionalText(80),
    /** The payer's surname (optional). */
    surname: optionalText(80),
    /** Where the receipt is mailed; optional, since the receipt on screen is always printable. */
    email: optionalEmail(80),
    /** Spec §3: `boleta` (receipt) by default, or `factura` (tax invoice, with the fields below). */
    billingType: z._default(z.enum(['boleta', 'factura'], { error: fieldMessages.invalidType }), 'boleta'),
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
  .check(
    z.superRefine((value, ctx) => {
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
    }),
  );

export type BillRequest = z.infer<typeof BillRequestSchema>;

/** GET /api/tbk-payments/{id} and GET /api/bills/{id} (spec §7): what the receipt shows. */
export const TbkPaymentSchema = z.object({
  id: z.string(),
  bill_id: z.string(),
  status: z.string(),
  amount: z.nullable(z.number()),
  payment_type_code: z.nullable(z.string()),
  authorization_code: z.nullable(z.string()),
  transaction_date: z.nullable(z.string()),
  card_number: z.nullable(z.string()),
  installments_number: z.number(),
});
/** Spec §3: "A stored bill has a price". */
export const BillSchema = z.object({
  id: z.string(),
  service_number: z.string(),
  /** The amount charged, in pesos: the whole debt when the bill was created. */
  price: z.number(),
  status: z.string(),
  paid_at: z.nullable(z.string()),
});
export type TbkPayment = z.infer<typeof TbkPaymentSchema>;
export type Bill = z.infer<typeof BillSchema>;
/** What /tbk-final's receipt shows (spec §2): the card payment record, and its bill's service and price. */
export type Receipt = Pick<
  TbkPayment,
  'amount' | 'payment_type_code' | 'authorization_code' | 'transaction_date' | 'card_number' | 'installments_number'
> &
  Pick<Bill, 'service_number' | 'price'>;

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

/**
 * What /pago reads of that 201: only what spec §8 makes it act on. `paymentData.success`, then
 * Webpay's address and token, or the provider's message to show: an answer that carries those and
 * nothing else must still reach Webpay or show its message, not the generic error.
 */
export const BillNextStepSchema = z.object({
  paymentData: z.union([
    z.object({ success: z.literal(true), data: z.object({ tbk_url: z.string(), token: z.string() }) }),
    z.object({ success: z.literal(false), data: z.object({ errorMessage: z.string() }) }),
  ]),
});
