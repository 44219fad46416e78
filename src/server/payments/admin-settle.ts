import { manualSettlements, type ManualSettlement, type PaymentDetail } from '../../shared/payments/admin/schema.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import { findPayment } from './admin-list.ts';

/**
 * A bill that requires a person, settled by hand: staff record how (refunded by hand,
 * payment confirmed, no charge) and why, and the bill leaves the attention list. Nothing else
 * changes: a confirmed payment is applied to the debt in the billing system, whose next export
 * the accounts import brings in. The change and its audit row (an update of the payment) are one
 * statement, conditional on `requires_person`, so of two staff settling one bill only one does.
 */

export type ManualSettlementOutcome =
  | { kind: 'settled'; payment: PaymentDetail }
  | { kind: 'not-found' }
  /** Not (or no longer) waiting for a person: already settled, or never handed to one. */
  | { kind: 'not-requiring-person'; alreadySettled: boolean };

export async function settleByHand(
  db: Database,
  admin: SignedInAdmin,
  billId: string,
  { settlement, note }: ManualSettlement,
): Promise<ManualSettlementOutcome> {
  if (!isUuid(billId)) return { kind: 'not-found' };
  const [settled] = await changeAndAudit<{ id: string }>(db, {
    change: `UPDATE bills SET status = 'settled_by_staff', settlement = $2, settlement_note = $3, settled_at = now(),
               settled_by = $5
             WHERE id = $1 AND payment_method = 'webpay-plus' AND status = 'requires_person'
             RETURNING id, buy_order, service_number`,
    params: [billId, settlement, note, manualSettlements[settlement], admin.email],
    admin,
    action: 'update',
    entity: 'payment',
    entityId: 'id',
    summary: `format('Orden %s, servicio %s: resuelto manualmente (%s). Nota: %s', buy_order, service_number, $4::text, $3::text)`,
  });
  const payment = await findPayment(db, billId);
  if (!payment) return { kind: 'not-found' };
  if (!settled) return { kind: 'not-requiring-person', alreadySettled: payment.bill.status === 'settled_by_staff' };
  return { kind: 'settled', payment };
}
