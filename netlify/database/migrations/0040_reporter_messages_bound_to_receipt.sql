-- A reporter's message is written in the batch that finds its denuncia by the receipt code's hash
-- (docs/performance.md, "Database round trips"): its body is sealed before that batch tells the
-- reference, so it is bound to the hash instead, which is as much its denuncia's alone (UNIQUE,
-- written once by the submission, never changed). This says which binding a body has; older
-- bodies, and every one compliance writes, stay bound to the reference.
ALTER TABLE denuncia_messages ADD COLUMN bound_to_receipt boolean NOT NULL DEFAULT false;
