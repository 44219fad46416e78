-- Demo billing data for local mode (issue spec): 100001 owes, 100002 owes nothing; any other
-- service number does not exist.
INSERT INTO accounts (service_number, balance, install_address, expiration_date, doc_url) VALUES
  ('100001', 18990, 'Av. General Baquedano 1240, Coyhaique', CURRENT_DATE + 12, '/documentos/boletas/boleta-ejemplo.pdf'),
  ('100002', 0, 'Calle Prat 455, Puerto Aysén', NULL, '/documentos/boletas/boleta-ejemplo.pdf');
