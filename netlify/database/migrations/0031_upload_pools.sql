-- Uploads (src/server/uploads.ts, src/server/upload-quota.ts).

-- A denuncia's file says nothing in the clear: its name and hash are sealed texts in file_name and
-- sha256 (encryption.ts, bound to their column and upload), its size a sealed text in sealed_size
-- with declared_size NULL, and no content type is kept. Rows stored before are sealed by the
-- hourly clean-up (src/server/denuncias/seal-legacy.ts): a denuncia row with a declared_size is
-- one still to seal.
ALTER TABLE uploads ALTER COLUMN declared_size DROP NOT NULL;
ALTER TABLE uploads ADD COLUMN sealed_size text;
ALTER TABLE uploads ADD CONSTRAINT uploads_size_known CHECK (declared_size IS NOT NULL OR sealed_size IS NOT NULL);

-- The day (Aysén's) a completed, content-checked file was counted toward its pool: the pools' daily
-- totals are the sums of these rows, so an abandoned file stops counting when the clean-up
-- deletes it, and chunks never count.
ALTER TABLE uploads ADD COLUMN pool_day date;
CREATE INDEX uploads_pool ON uploads (pool_day, purpose) WHERE pool_day IS NOT NULL;

-- A chunk's hash is needed only until the upload is completed.
UPDATE uploads SET chunk_sha256 = '{}' WHERE status IN ('complete', 'attached') AND chunk_sha256 <> '{}';

-- The trail is never deleted: a download keeps who, when and which denuncia, not which file.
UPDATE compliance_trail SET summary = 'Descargó un adjunto' WHERE action = 'download';
