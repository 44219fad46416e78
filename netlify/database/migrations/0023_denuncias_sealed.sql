-- Denuncias encrypted at rest (src/server/encryption.ts): a denuncia's free texts and the
-- reporter's identity are stored sealed (AES-256-GCM) from now on. `sealed` tells them apart from
-- the rows stored before, whose texts are still in the clear.
ALTER TABLE denuncias ADD COLUMN sealed boolean NOT NULL DEFAULT false;
