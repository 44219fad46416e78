-- A bulk mail's one-click unsubscription (RFC 8058), which Gmail and Yahoo require of bulk senders
-- since 2024: the https address its List-Unsubscribe header names, the mail's own token in it
-- (src/server/mail/mail.ts). NULL for a mail that is no subscription's (a case's, a receipt's).
-- Emptied with the rest of a delivered mail (EMPTY_MAIL).
ALTER TABLE outbox ADD COLUMN list_unsubscribe text CHECK (list_unsubscribe ~ '^https?://');
