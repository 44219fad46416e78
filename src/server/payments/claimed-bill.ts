import type { BillStatus } from '../../shared/payments/admin/schema.ts';

/** A bill this process claimed (status `committing`, `claimed_at` now) to talk to Webpay about. */
export interface ClaimedBill {
  id: string;
  service_number: string;
  amount: number;
  email: string;
  buy_order: string;
  token: string;
  /** Seconds since the bill was created. */
  age: number;
  /** Whether the bill's debt was still owed when it was claimed. */
  owed: boolean;
}

/**
 * What a claim (an UPDATE of `bills` to `committing`) returns: the debt is read in the claim's own
 * statement, so the claim and what confirming needs are one round trip.
 */
export const CLAIMED_COLUMNS = `id, service_number, amount, email, buy_order, token,
  extract(epoch FROM now() - created_at)::int AS age,
  EXISTS (SELECT 1 FROM accounts WHERE accounts.service_number = bills.service_number AND balance >= bills.amount) AS owed`;

export type Settlement =
  /** Paid: recorded by this process or, a moment earlier, by another one settling the same bill. */
  | { kind: 'recorded'; tbkPaymentId: string }
  | { kind: 'closed'; status: Extract<BillStatus, 'rejected' | 'cancelled' | 'failed' | 'abandoned'> }
  | { kind: 'refunded' }
  | { kind: 'refund-failed' }
  /**
   * Past what the reconciliation can settle (Webpay's 7-day status window, Transbank's 90-day
   * refund window): the bill is `requires_person`, listed for staff to settle by hand.
   */
  | { kind: 'requires-person' }
  /** The customer has not finished at Webpay yet: the bill is pending again. */
  | { kind: 'waiting' }
  /** Webpay gave no clear answer: the bill stays `committing` and is asked about again. */
  | { kind: 'unknown' };
