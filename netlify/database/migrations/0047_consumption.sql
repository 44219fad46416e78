-- Mi consumo (docs/features/consumption.md). The accounts export may name the holder (their RUT,
-- normalised by the import to digits and check digit without dots: 12345678-5) and how to reach
-- them; /consumo asks for the RUT because consumption shows when a home stands empty.
ALTER TABLE accounts
  ADD COLUMN holder_rut text CHECK (holder_rut ~ '^[0-9]{1,8}-[0-9K]$'),
  ADD COLUMN contact_email text,
  ADD COLUMN contact_phone text;

-- The readings export: one row per service and billing period, the last 24 kept per service. An
-- import naming a period already kept replaces it. Charges are whole pesos; the subsidy and a
-- compensation lower the total, every other charge raises it, and the total is their sum (the
-- import leaves out a line that says otherwise; the check keeps any other writer honest).
CREATE TABLE consumption_periods (
  service_number text NOT NULL REFERENCES accounts (service_number) ON DELETE CASCADE,
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  read_from date NOT NULL,
  read_to date NOT NULL CHECK (read_to >= read_from),
  reading_from integer NOT NULL CHECK (reading_from >= 0),
  reading_to integer NOT NULL CHECK (reading_to >= 0),
  consumption_m3 integer NOT NULL CHECK (consumption_m3 >= 0),
  reading_type text NOT NULL CHECK (reading_type IN ('real', 'estimada', 'cliente')),
  overconsumption_m3 integer NOT NULL CHECK (overconsumption_m3 BETWEEN 0 AND consumption_m3),
  fixed_charge integer NOT NULL CHECK (fixed_charge >= 0),
  water_charge integer NOT NULL CHECK (water_charge >= 0),
  sewer_charge integer NOT NULL CHECK (sewer_charge >= 0),
  treatment_charge integer NOT NULL CHECK (treatment_charge >= 0),
  overconsumption_charge integer NOT NULL CHECK (overconsumption_charge >= 0),
  subsidy_amount integer NOT NULL CHECK (subsidy_amount >= 0),
  agreement_instalment integer NOT NULL CHECK (agreement_instalment >= 0),
  other_charges integer NOT NULL CHECK (other_charges >= 0),
  compensation integer NOT NULL CHECK (compensation >= 0),
  total integer NOT NULL,
  due_date date NOT NULL,
  doc_url text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service_number, period),
  CHECK (total = fixed_charge + water_charge + sewer_charge + treatment_charge + overconsumption_charge
                 - subsidy_amount + agreement_instalment + other_charges - compensation)
);

-- The readings export reaches the import as a chunked upload of its own purpose (docs/features/consumption.md).
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
  CHECK (purpose IN ('cv', 'denuncia', 'publication', 'accounts', 'readings'));

-- The readings import's audit row (entity 'readings'), and staff's look at a service's consumption at
-- Cuentas, an access (entity 'consumption', netlify/functions/admin-consumption.ts).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail', 'case', 'case_settings', 'outage', 'outage_town', 'rights_request', 'advisory', 'readings', 'consumption')
);
