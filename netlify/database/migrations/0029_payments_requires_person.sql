-- A bill the reconciliation can no longer settle goes to a person (src/server/payments/).
-- requires_person: its outcome still unknown after the 7 days Webpay keeps a transaction's status,
-- or its refund still failing 90 days after the payment (Transbank's refund window); final for the
-- reconciliation. settled_by_staff: a person settled it by hand and recorded how.
ALTER TABLE bills DROP CONSTRAINT bills_status_check;
ALTER TABLE bills ADD CONSTRAINT bills_status_check CHECK (
  status IN ('pending', 'committing', 'paid', 'rejected', 'cancelled', 'failed', 'abandoned', 'refund_pending', 'refunded',
             'requires_person', 'settled_by_staff')
);

-- Why the bill went to a person, and when.
ALTER TABLE bills ADD COLUMN person_reason text CHECK (person_reason IN ('unknown-outcome', 'refund-expired'));
ALTER TABLE bills ADD COLUMN person_since timestamptz;
-- Webpay's last answers about the bill (commit, status, refund; at most 6, oldest first), as
-- Webpay gave them but without the card number: what staff read to settle it by hand.
ALTER TABLE bills ADD COLUMN webpay_answers jsonb NOT NULL DEFAULT '[]';
-- How a person settled it (audited as an update of the payment), with their note.
ALTER TABLE bills ADD COLUMN settlement text CHECK (settlement IN ('refunded-by-hand', 'payment-confirmed', 'no-charge'));
ALTER TABLE bills ADD COLUMN settlement_note text;
ALTER TABLE bills ADD COLUMN settled_at timestamptz;
ALTER TABLE bills ADD COLUMN settled_by text;
ALTER TABLE bills ADD CONSTRAINT bills_person_check CHECK (
  (status <> 'requires_person' OR (person_reason IS NOT NULL AND person_since IS NOT NULL))
  AND (status <> 'settled_by_staff' OR (settlement IS NOT NULL AND settlement_note <> '' AND settled_at IS NOT NULL))
);

-- The attention list reads the bills that require a person too.
DROP INDEX bills_unsettled;
CREATE INDEX bills_unsettled ON bills (created_at)
  WHERE status IN ('pending', 'committing', 'refund_pending', 'requires_person');
