import { billStatuses, verificationMessages, type PaymentDetail } from '../../shared/payments/admin/schema.ts';
import { recordAccess } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { findPayment } from './admin-list.ts';
import { reconcileBill, type Reconciliation } from './reconcile.ts';
import type { WebpayClient } from './webpay-client.ts';

/** What staff read after "Verificar estado en Webpay". */
function messageOf(outcome: Reconciliation): string {
  switch (outcome.kind) {
    case 'closed':
      return verificationMessages[outcome.status];
    case 'settled':
      return outcome.status === 'requires_person'
        ? verificationMessages['requires-person']
        : `${verificationMessages.settled} Estado: ${billStatuses[outcome.status]}.`;
    case 'not-found':
      return verificationMessages.unknown;
    default:
      return verificationMessages[outcome.kind];
  }
}

/**
 * "Verificar estado en Webpay": the reconciliation of one bill, at once, and its
 * audit row (action `verify`) saying what it came to. The row is written after the outcome, so
 * it carries it; a fault midway (the database) logs nothing, and the bill stays for the
 * scheduled reconciliation. Undefined for a bill that is not a Webpay payment.
 */
export async function verifyPayment(
  db: Database,
  webpay: WebpayClient,
  admin: SignedInAdmin,
  billId: string,
): Promise<{ message: string; payment: PaymentDetail } | undefined> {
  const before = await findPayment(db, billId);
  if (!before) return undefined;
  const message = messageOf(await reconcileBill(db, webpay, billId, { force: true }));
  await recordAccess(db, {
    admin,
    action: 'verify',
    entity: 'payment',
    entityId: billId,
    summary: `Orden ${before.bill.buy_order}, servicio ${before.bill.service_number}: ${message}`,
  });
  return { message, payment: (await findPayment(db, billId))! };
}
