-- Sign-in throttling by e-mail and client address: a stranger's failures from another
-- client never lock the owner out. Rows older than a day are pruned when a failure is written.
ALTER TABLE login_failures ADD COLUMN client text NOT NULL DEFAULT '';
DROP INDEX login_failures_recent;
CREATE INDEX login_failures_recent ON login_failures (client, failed_at);
CREATE INDEX login_failures_age ON login_failures (failed_at);
