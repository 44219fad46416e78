-- Issue 30: a chunk's bytes are stored before the statement that claims its index, each attempt
-- under a key of its own (chunks/{upload}/{index}-{attempt}: src/server/storage.ts), so that a
-- second write of an index never overwrites the bytes claimed first; the claim records, by index
-- (1-based, as chunk_sha256), the key of the bytes it covers. A chunk claimed before has none and
-- is under chunks/{upload}/{index}.
ALTER TABLE uploads ADD COLUMN chunk_keys text[] NOT NULL DEFAULT '{}';
