-- Issue 30: a request makes one round trip, so a write that must not happen without room (a file's
-- daily quota) or without what it names (a complete upload to attach) is refused by a statement of
-- its own batch, which rolls back what the statements before it wrote: `SELECT refuse(reason,
-- detail) … WHERE <no room>`. The reason is the error's message, the detail what the answer needs
-- (the seconds until the quota's day ends); src/server/db/refusals.ts reads them. Its own SQLSTATE,
-- so that no other error is taken for a refusal.
CREATE FUNCTION refuse(reason text, detail text DEFAULT '') RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'AYR01', MESSAGE = reason, DETAIL = detail;
END
$$;
