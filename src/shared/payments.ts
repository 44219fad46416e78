import * as z from 'zod/mini';
import { TbkPaymentSchema } from './billing.ts';
import { pageNumber } from './fields.ts';

/**
 * Pagos Webpay (issue 6): the card payments staff review. Every bill created for Webpay is one
 * row, with its card payment record once Webpay answered.
 */

export const billStatuses = {
  paid: 'Pagado',
  rejected: 'Rechazado',
  cancelled: 'Anulado',
  failed: 'Fallido',
  pending: 'Pendiente',
  committing: 'En proceso',
  // Issue 12: the reconciliation's outcomes.
  abandoned: 'Abandonado',
  refund_pending: 'Reembolso pendiente',
  refunded: 'Reembolsado',
} as const;
export type BillStatus = keyof typeof billStatuses;
const BillStatusSchema = z.enum(Object.keys(billStatuses) as [BillStatus, ...BillStatus[]]);

export const PAYMENTS_PAGE_SIZE = 20;

const isoDate = z.iso.date({ error: 'Ingrese una fecha válida.' });

/**
 * GET /api/admin/payments and /api/admin/payments/export: the filters, as query parameters.
 * `from` and `to` are calendar days in Chile's time, both included.
 */
export const PaymentFiltersSchema = z
  .object({
    from: z._default(z.union([z.literal(''), isoDate]), ''),
    to: z._default(z.union([z.literal(''), isoDate]), ''),
    status: z._default(z.union([z.literal(''), BillStatusSchema], { error: 'Estado no válido.' }), ''),
    serviceNumber: z._default(
      z.string().check(z.trim(), z.maxLength(12, 'Máximo 12 caracteres.'), z.regex(/^\d*$/, 'Ingrese solo dígitos.')),
      '',
    ),
    /** `si`: only the bills that need attention (see `needs_attention`). */
    attention: z._default(z.union([z.literal(''), z.literal('si')], { error: 'Valor no válido.' }), ''),
    page: pageNumber(),
  })
  .check(
    z.refine((value) => !value.from || !value.to || value.from <= value.to, {
      path: ['to'],
      message: 'La fecha final debe ser posterior a la inicial.',
    }),
  );
export type PaymentFilters = z.infer<typeof PaymentFiltersSchema>;

/** One row of the list and of the CSV. */
export const PaymentRowSchema = z.extend(
  z.pick(TbkPaymentSchema, {
    authorization_code: true,
    card_number: true,
    payment_type_code: true,
    transaction_date: true,
  }),
  {
    bill_id: z.string(),
    created_at: z.string(),
    service_number: z.string(),
    amount: z.number(),
    status: BillStatusSchema,
    email: z.string(),
    // Null while Webpay has not answered: the bill has no card payment record yet.
    installments_number: z.nullable(z.number()),
    /**
     * Its outcome is unknown (never returned from Webpay, or Webpay gave no clear answer) or its
     * refund is pending or failed: the reconciliation is on it, and staff can check it.
     */
    needs_attention: z.boolean(),
  },
);
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

/** GET /api/admin/payments: data. */
export const PaymentPageSchema = z.object({
  payments: z.array(PaymentRowSchema),
  total: z.number(),
  /** Of every Webpay bill, whatever the filters: how many need attention. */
  attentionTotal: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /api/admin/payments/{billId}: data. The bill as staff review it (no Webpay token). */
export const PaymentDetailSchema = z.object({
  bill: z.object({
    id: z.string(),
    created_at: z.string(),
    service_number: z.string(),
    amount: z.number(),
    status: BillStatusSchema,
    email: z.string(),
    billing_type: z.enum(['boleta', 'factura']),
    company: z.string(),
    rut: z.string(),
    activity: z.string(),
    billing_address: z.string(),
    billing_commune: z.string(),
    billing_city: z.string(),
    payment_method: z.string(),
    buy_order: z.string(),
    paid_at: z.nullable(z.string()),
    needs_attention: z.boolean(),
    /** Failed refunds so far; they are retried with growing delays, at most an hour apart. */
    refund_attempts: z.number(),
    /** Webpay's last unclear answer (no answer in time, a 5xx, a failed refund), as it came. */
    webpay_error: z.nullable(z.string()),
  }),
  tbkPayment: z.nullable(
    z.extend(TbkPaymentSchema, {
      response_code: z.nullable(z.number()),
      buy_order: z.nullable(z.string()),
      created_at: z.string(),
    }),
  ),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

export const paymentAdminMessages = { notFound: 'Pago no encontrado.' } as const;

/**
 * What "Verificar estado en Webpay" (POST /api/admin/payments/{billId}/verify) came to, in the
 * words staff read and the audit log keeps.
 */
export const verificationMessages = {
  recorded: 'Webpay confirmó el pago: quedó registrado como pagado.',
  rejected: 'Webpay informa que el banco rechazó el pago: la cuenta quedó como rechazada.',
  cancelled: 'La deuda ya estaba pagada: la transacción no se confirmó y no se cobró nada.',
  failed: 'Webpay no registra un pago autorizado: la cuenta quedó como fallida. No se cobró nada.',
  abandoned: 'Webpay ya no permite confirmar la transacción: la cuenta quedó como abandonada. No se cobró nada.',
  refunded: 'El pago autorizado no correspondía a esta cuenta y fue reembolsado.',
  'refund-failed': 'El reembolso falló: se reintentará automáticamente.',
  waiting: 'El cliente aún no termina en Webpay: se verificará de nuevo.',
  unknown: 'Webpay no respondió con claridad: se verificará de nuevo en el próximo minuto.',
  busy: 'La cuenta se está procesando en este momento: intente de nuevo en unos minutos.',
  settled: 'La cuenta ya tiene su resultado: no hay nada que verificar.',
} as const;

/** POST /api/admin/payments/{billId}/verify: data. */
export const PaymentVerificationSchema = z.object({
  message: z.string(),
  payment: PaymentDetailSchema,
});
