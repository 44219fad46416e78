-- Mi consumo's demo (docs/features/consumption.md): 24 monthly periods of each demo service, the
-- last one the last month closed before today, so the demo never ages. 100001 (holder RUT
-- 12.345.678-5, in Coyhaique) shows every cause of "¿Por qué cambió mi boleta?"; 100002 has a flat
-- history and no RUT on file, so /consumo finds it for no one.
UPDATE accounts
SET holder_rut = '12345678-5',
    contact_email = 'titular.100001@example.com',
    contact_phone = '+56912345678',
    locality = 'coyhaique'
WHERE service_number = '100001';

-- Period i (0 the oldest, 23 the last) of each service, read from its month's first day to its last.
-- 100001, by i: an agreement's instalment from 5 to 10; the tariff indexed once, at 12 (price per m³
-- and fixed charge); the subsidy ending at 14; other charges at 16 alone; an estimated reading at
-- 18 (low) settled by the real one at 19; a summer overconsumption every January and February (the
-- m³ above 20); at 23, the month of a Coyhaique outage, a leak's 48 m³, more than twice the average
-- of the six real readings before it (at most 18.3 m³, with two summers among them) and a
-- compensation credited.
WITH periods AS (
  SELECT
    service.number AS service_number,
    service.number = '100002' AS flat,
    i,
    (date_trunc('month', CURRENT_DATE) - make_interval(months => 24 - i))::date AS read_from
  FROM (VALUES ('100001'), ('100002')) AS service (number)
  CROSS JOIN generate_series(0, 23) AS i
),
used AS (
  SELECT
    *,
    (read_from + interval '1 month' - interval '1 day')::date AS read_to,
    CASE
      WHEN flat THEN 10
      WHEN i = 23 THEN 48
      WHEN i = 18 THEN 9
      WHEN i = 19 THEN 17
      WHEN extract(month FROM read_from) IN (1, 2) THEN 27
      WHEN extract(month FROM read_from) IN (6, 7, 8) THEN 11
      ELSE 13
    END AS m3,
    NOT flat AND i >= 12 AS indexed
  FROM periods
),
metered AS (
  SELECT
    *,
    CASE WHEN extract(month FROM read_from) IN (1, 2) THEN greatest(m3 - 20, 0) ELSE 0 END AS over_m3,
    CASE WHEN flat THEN 4310 ELSE 1520 END
      + coalesce(sum(m3) OVER (PARTITION BY service_number ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
      AS reading_from
  FROM used
),
charged AS (
  SELECT
    *,
    CASE WHEN indexed THEN 1190 ELSE 1150 END AS fixed_charge,
    (m3 - over_m3) * CASE WHEN indexed THEN 545 ELSE 520 END AS water_charge,
    (m3 - over_m3) * CASE WHEN indexed THEN 325 ELSE 310 END AS sewer_charge,
    (m3 - over_m3) * CASE WHEN indexed THEN 157 ELSE 150 END AS treatment_charge,
    over_m3 * CASE WHEN indexed THEN 1580 ELSE 1510 END AS overconsumption_charge,
    CASE WHEN NOT flat AND i < 14 THEN 4500 ELSE 0 END AS subsidy_amount,
    CASE WHEN NOT flat AND i BETWEEN 5 AND 10 THEN 6500 ELSE 0 END AS agreement_instalment,
    CASE WHEN NOT flat AND i = 16 THEN 3200 ELSE 0 END AS other_charges,
    CASE WHEN NOT flat AND i = 23 THEN 2400 ELSE 0 END AS compensation
  FROM metered
)
INSERT INTO consumption_periods (
  service_number, period, read_from, read_to, reading_from, reading_to, consumption_m3, reading_type,
  overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge, overconsumption_charge,
  subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date, doc_url
)
SELECT
  service_number, to_char(read_from, 'YYYY-MM'), read_from, read_to, reading_from, reading_from + m3, m3,
  CASE WHEN NOT flat AND i = 18 THEN 'estimada' ELSE 'real' END,
  over_m3, fixed_charge, water_charge, sewer_charge, treatment_charge, overconsumption_charge,
  subsidy_amount, agreement_instalment, other_charges, compensation,
  fixed_charge + water_charge + sewer_charge + treatment_charge + overconsumption_charge
    - subsidy_amount + agreement_instalment + other_charges - compensation,
  read_to + 20, '/documentos/boletas/boleta-ejemplo.pdf'
FROM charged;

-- The Coyhaique outage of 100001's last period: an emergency on its third day, restored the same
-- afternoon, so /consumo shows it beside the bill with the SISS's advice (air in the pipes).
INSERT INTO outages (kind, town, sectors, starts_at, ends_at, cause, status, published_at, closed_at,
                     supply_stopped_at, supply_restored_at)
SELECT 'emergencia', 'coyhaique', 'Villa Los Ñires', start, start + interval '6 hours', 'Rotura de matriz',
       'restablecido', start, start + interval '6 hours', start, start + interval '6 hours'
FROM (SELECT (date_trunc('month', CURRENT_DATE) - interval '1 month' + interval '2 days 13 hours')::timestamp
               AT TIME ZONE 'UTC' AS start) AS outage;
