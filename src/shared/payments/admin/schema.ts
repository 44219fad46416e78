import * as z from 'zod/mini';
import { TbkPaymentSchema } from '../schema.ts';
import { isoDate, pageNumber } from '../../fields.ts';
import { pageShape } from '../../paged-list.ts';

/**
 * Pagos Webpay: the card payments staff review. Every bill created for Webpay is one
 * row, with its card payment record once Webpay answered.
 */

export const billStatuses = {
  paid: 'Pagado',
  rejected: 'Rechazado',
  cancelled: 'Anulado',
  failed: 'Fallido',
  pending: 'Pendiente',
  committing: 'En proceso',
  // The reconciliation's outcomes.
  abandoned: 'Abandonado',
  refund_pending: 'Reembolso pendiente',
  refunded: 'Reembolsado',
  // What the reconciliation can no longer settle, and how a person settled it.
  requires_person: 'Requiere gestión manual',
  settled_by_staff: 'Resuelto manualmente',
} as const;
export type BillStatus = keyof typeof billStatuses;
const BillStatusSchema = z.enum(Object.keys(billStatuses) as [BillStatus, ...BillStatus[]]);

export const PAYMENTS_PAGE_SIZE = 20;

const day = isoDate('Ingrese una fecha válida.');

/**
 * GET /api/admin/payments and /api/admin/payments/export: the filters, as query parameters.
 * `from` and `to` are calendar days in Chile's time, both included.
 */
export const PaymentFiltersSchema = z
  .object({
    from: z._default(z.union([z.literal(''), day]), ''),
    to: z._default(z.union([z.literal(''), day]), ''),
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
     * refund is pending or failed: the reconciliation is on it, and staff can check it. Or it
     * requires a person (`requires_person`): staff settle it by hand.
     */
    needs_attention: z.boolean(),
  },
);
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

/** Why the reconciliation handed a bill to a person. */
export const personReasons = {
  'unknown-outcome': 'Webpay no informó el resultado dentro de los 7 días en que guarda el estado de una transacción.',
  'refund-expired': 'El reembolso seguía fallando 90 días después del pago, el plazo de Transbank para anular.',
} as const;
export type PersonReason = keyof typeof personReasons;

/** How staff settled by hand a bill that required a person. */
export const manualSettlements = {
  'refunded-by-hand': 'Reembolsado manualmente',
  'payment-confirmed': 'Pago confirmado',
  'no-charge': 'Sin cargo',
} as const;
export type ManualSettlementKind = keyof typeof manualSettlements;

export const MANUAL_NOTE_MAX = 1000;

/** POST /api/admin/payments/{billId}/settle: how a bill that required a person was settled. */
export const ManualSettlementSchema = z.object({
  settlement: z.enum(Object.keys(manualSettlements) as [ManualSettlementKind, ...ManualSettlementKind[]], {
    error: 'Elija cómo se resolvió el pago.',
  }),
  note: z
    .string({ error: 'Escriba una nota que explique la resolución.' })
    .check(
      z.trim(),
      z.minLength(1, 'Escriba una nota que explique la resolución.'),
      z.maxLength(MANUAL_NOTE_MAX, `Máximo ${MANUAL_NOTE_MAX} caracteres.`),
    ),
});
export type ManualSettlement = z.infer<typeof ManualSettlementSchema>;

/** Webpay's operations, as staff read them beside its answers. */
export const webpayOperations = {
  commit: 'Confirmación (commit)',
  status: 'Consulta de estado (status)',
  refund: 'Reembolso (refund)',
} as const;

/** One of Webpay's answers about a bill, as stored (never the card number). */
export const WebpayAnswerSchema = z.object({
  at: z.string(),
  operation: z.enum(Object.keys(webpayOperations) as [keyof typeof webpayOperations]),
  /** Webpay's JSON answer, or `{ error }`: its refusal or no answer in time. */
  answer: z.record(z.string(), z.unknown()),
});

/**
 * A bill the reconciliation handed to a person: everything staff need to settle it by hand with
 * Transbank (its token and buy order find the transaction in Transbank's portal).
 */
export const ManualCaseSchema = z.object({
  reason: z.enum(Object.keys(personReasons) as [PersonReason, ...PersonReason[]]),
  since: z.string(),
  token: z.nullable(z.string()),
  /** The last answers Webpay gave about it, oldest first. */
  answers: z.array(WebpayAnswerSchema),
  settlement: z.nullable(
    z.object({
      kind: z.enum(Object.keys(manualSettlements) as [ManualSettlementKind, ...ManualSettlementKind[]]),
      note: z.string(),
      at: z.string(),
      by: z.string(),
    }),
  ),
});
export type ManualCase = z.infer<typeof ManualCaseSchema>;

/** The bills requiring a person, listed above Pagos Webpay whatever its filters. */
export const PersonCaseSchema = z.object({
  bill_id: z.string(),
  created_at: z.string(),
  service_number: z.string(),
  amount: z.number(),
  buy_order: z.string(),
  /** The card record's amount: what Webpay authorized (or still holds, after a partial refund). */
  charged_amount: z.nullable(z.number()),
  transaction_date: z.nullable(z.string()),
  refund_attempts: z.number(),
  webpay_error: z.nullable(z.string()),
  manual: ManualCaseSchema,
});
export type PersonCase = z.infer<typeof PersonCaseSchema>;

/** GET /api/admin/payments: data. */
export const PaymentPageSchema = z.object({
  payments: z.array(PaymentRowSchema),
  ...pageShape,
  /** Of every Webpay bill, whatever the filters: how many need attention. */
  attentionTotal: z.number(),
  /** Every bill that requires a person, oldest first, whatever the filters. */
  requiringPerson: z.array(PersonCaseSchema),
});

/**
 * GET /api/admin/payments/{billId}: data. The bill as staff review it; its Webpay token only once it
 * requires a person (`manual`), who needs it to find the transaction with Transbank.
 */
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
  /** Set once the bill requires a person (status `requires_person` or `settled_by_staff`). */
  manual: z.nullable(ManualCaseSchema),
  tbkPayment: z.nullable(
    z.extend(TbkPaymentSchema, {
      response_code: z.nullable(z.number()),
      buy_order: z.nullable(z.string()),
      created_at: z.string(),
    }),
  ),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

export const paymentAdminMessages = {
  notFound: 'Pago no encontrado.',
  notRequiringPerson: 'Este pago no requiere una resolución manual.',
  alreadySettled: 'Este pago ya fue resuelto manualmente.',
} as const;

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
  'requires-person':
    'Este pago ya no puede resolverse automáticamente: quedó en la lista de pagos que requieren gestión manual.',
} as const;

/** POST /api/admin/payments/{billId}/settle: data. */
export const ManualSettlementAnswerSchema = z.object({ payment: PaymentDetailSchema });

/** POST /api/admin/payments/{billId}/verify: data. */
export const PaymentVerificationSchema = z.object({
  message: z.string(),
  payment: PaymentDetailSchema,
});
