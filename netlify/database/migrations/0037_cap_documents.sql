-- A CAP message's document as first served (src/server/cap/store.ts): a message is never changed
-- once an aggregator may hold it; a later correction reaches them in the next Update.
ALTER TABLE advisory_notices ADD COLUMN cap_document text;
ALTER TABLE outage_notices ADD COLUMN cap_document text;
