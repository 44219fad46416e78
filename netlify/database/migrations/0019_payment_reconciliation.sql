-- Webpay reconciliation (src/server/payments/reconcile.ts): every bill whose outcome is
-- unknown is settled by a scheduled function and by staff from Pagos Webpay.

-- abandoned: the customer never came back and Webpay can no longer confirm it (nothing charged);
-- refund_pending: authorized but it must not stand (another amount or order, a debt already
-- paid), its refund not yet done or failed; refunded: that refund done.
ALTER TABLE bills DROP CONSTRAINT bills_status_check;
ALTER TABLE bills ADD CONSTRAINT bills_status_check CHECK (
  status IN ('pending', 'committing', 'paid', 'rejected', 'cancelled', 'failed', 'abandoned', 'refund_pending', 'refunded')
);

-- When a return or a reconciliation last claimed the bill to talk to Webpay: a claim older than
-- its lease belongs to a process that died, and the next reconciliation takes it over.
ALTER TABLE bills ADD COLUMN claimed_at timestamptz;
-- Refunds that failed are retried with growing delays and shown to staff.
ALTER TABLE bills ADD COLUMN refund_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE bills ADD COLUMN next_refund_at timestamptz;
-- Webpay's last unclear answer about the bill (a timeout, a 5xx, a failed refund), for staff.
ALTER TABLE bills ADD COLUMN webpay_error text;

-- The reconciliation and the attention list read only the unsettled bills.
CREATE INDEX bills_unsettled ON bills (created_at) WHERE status IN ('pending', 'committing', 'refund_pending');
