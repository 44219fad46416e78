-- Retention of personal data (Ley 21.719): the hourly clean-up of src/server/retention.ts deletes
-- what /privacidad says, when it says.

-- A delivered mail's copy is emptied (recipient, reply address, subject, body, attachment) when its
-- period ends, or once delivered for a denuncia; the row stays, with its reference and dates, as the
-- record that the mail was delivered.
ALTER TABLE outbox ADD COLUMN redacted_at timestamptz;
CREATE INDEX outbox_to_redact ON outbox (sent_at) WHERE status = 'sent' AND redacted_at IS NULL;
-- A submission is deleted only once every mail of its reference is delivered.
CREATE INDEX outbox_reference ON outbox (reference);

-- A denuncia attachment's bytes leave storage once its mail is delivered (the compliance mailbox
-- has the file); the row stays in the denuncia's record: name, size, type and SHA-256.
ALTER TABLE uploads ADD COLUMN bytes_deleted_at timestamptz;

-- Expired submissions are found by age (bills by bills_newest).
CREATE INDEX contact_messages_age ON contact_messages (created_at);
CREATE INDEX complaints_age ON complaints (created_at);
CREATE INDEX job_applications_age ON job_applications (created_at);
CREATE INDEX motorhome_registrations_age ON motorhome_registrations (created_at);
