-- Cuánto duró y qué le corresponde (docs/features/outages.md, "Real times"): when the water
-- actually stopped and came back, which may differ from the announced window (starts_at, ends_at),
-- and whether the SISS declared the outage force majeure (the resolution's reference), which takes
-- it out of Ley 19.496 art. 25 A's compensation. The cause class is read from `kind` (programado,
-- emergencia → imprevisto) unless that reference is set. Outages closed before this migration keep
-- NULL real times: a guessed duration is worse than none.
ALTER TABLE outages
  ADD COLUMN supply_stopped_at timestamptz,
  ADD COLUMN supply_restored_at timestamptz,
  ADD COLUMN force_majeure_resolution text CHECK (force_majeure_resolution <> ''),
  ADD CONSTRAINT outages_restored_after_stopped CHECK (
    supply_restored_at IS NULL OR (supply_stopped_at IS NOT NULL AND supply_restored_at > supply_stopped_at)
  );
CREATE INDEX outages_history ON outages (town, supply_stopped_at) WHERE supply_stopped_at IS NOT NULL;

-- The previous bill of each service, from the billing import's optional columns: with both, a
-- customer is told an estimate in pesos of art. 25 A's compensation ("10 veces el promedio diario
-- facturado en la boleta anterior").
ALTER TABLE accounts
  ADD COLUMN previous_bill_amount integer CHECK (previous_bill_amount >= 0),
  ADD COLUMN previous_bill_days integer CHECK (previous_bill_days BETWEEN 1 AND 366),
  ADD CONSTRAINT accounts_previous_bill_whole CHECK ((previous_bill_amount IS NULL) = (previous_bill_days IS NULL));
