-- Billing (spec §3): each service's debt as the billing system exports it, the bills customers
-- create to pay it online, and the card payment record of each Webpay transaction.
CREATE TABLE accounts (
  service_number text PRIMARY KEY,
  -- Pesos; 0 when nothing is owed.
  balance integer NOT NULL CHECK (balance >= 0),
  install_address text NOT NULL,
  expiration_date date,
  doc_url text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bills (
  -- Unguessable: the id is in the result page's URL.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_number text NOT NULL REFERENCES accounts (service_number),
  amount integer NOT NULL CHECK (amount > 0),
  email text NOT NULL,
  billing_type text NOT NULL CHECK (billing_type IN ('boleta', 'factura')),
  company text NOT NULL DEFAULT '',
  rut text NOT NULL DEFAULT '',
  activity text NOT NULL DEFAULT '',
  billing_address text NOT NULL DEFAULT '',
  billing_commune text NOT NULL DEFAULT '',
  billing_city text NOT NULL DEFAULT '',
  payment_method text NOT NULL,
  -- pending: sent to Webpay; committing: its return is being handled; then one final state.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'committing', 'paid', 'rejected', 'cancelled', 'failed')),
  buy_order text NOT NULL UNIQUE CHECK (length(buy_order) <= 26),
  session_id text NOT NULL CHECK (length(session_id) <= 61),
  token text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);

CREATE TABLE tbk_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bill_id uuid NOT NULL UNIQUE REFERENCES bills (id),
  status text NOT NULL,
  response_code integer,
  amount integer,
  buy_order text,
  payment_type_code text,
  authorization_code text,
  transaction_date timestamptz,
  -- Last digits only (spec §3).
  card_number text CHECK (card_number ~ '^[0-9]{0,4}$'),
  installments_number integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
