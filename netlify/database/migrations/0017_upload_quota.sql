-- Upload abuse limits (src/server/upload-quota.ts, src/server/chunked-uploads.ts).

-- Each day (Chile's) a random salt; a client is counted under sha256(salt || address), never its
-- address. A past day is deleted with its counters, after which nothing ties them to an address.
CREATE TABLE upload_quota_days (
  day date PRIMARY KEY,
  salt text NOT NULL
);

CREATE TABLE upload_usage (
  day date NOT NULL REFERENCES upload_quota_days (day) ON DELETE CASCADE,
  client text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (day, client)
);

-- The sha256 of each chunk written, by index (1-based): a chunk is written once, and completion
-- joins exactly these bytes.
ALTER TABLE uploads ADD COLUMN chunk_sha256 text[] NOT NULL DEFAULT '{}';

-- completing: one completion has claimed the upload and is joining its chunks.
ALTER TABLE uploads DROP CONSTRAINT uploads_status_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_status_check
  CHECK (status IN ('receiving', 'completing', 'complete', 'attached'));
