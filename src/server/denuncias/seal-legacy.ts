import type { Database } from '../db/index.ts';
import { sealText, unseal } from '../encryption.ts';
import { fileKey, putBytes, type UploadStore } from '../storage.ts';
import { SEALED_COLUMNS } from './report.ts';

/**
 * Denuncias stored before their texts were sealed (migration 0023 `sealed = false`), sealed by the
 * hourly clean-up like a new one: the same columns, each bound to its column and reference, and
 * the attachment's bytes if they are still stored. Bytes first: if sealing them fails, the row
 * stays as it was for the next run; a run cut short after the bytes finds them already sealed.
 */

type LegacyRow = Record<(typeof SEALED_COLUMNS)[number], string> & {
  id: string;
  reference: string;
  upload_id: string | null;
};

async function sealStoredFile(store: UploadStore, uploadId: string): Promise<void> {
  const key = fileKey(uploadId);
  const data = await store.get(key, { type: 'arrayBuffer' });
  if (!data) return;
  const sealedAlready = await unseal(new Uint8Array(data), `uploads:${key}`).then(
    () => true,
    () => false,
  );
  if (!sealedAlready) await putBytes(store, key, 'denuncia', new Uint8Array(data));
}

export async function sealLegacyDenuncias(db: Database, store: UploadStore, limit: number): Promise<number> {
  const rows = await db.query<LegacyRow>(
    `SELECT d.id, d.reference, ${SEALED_COLUMNS.map((column) => `d.${column}`).join(', ')},
       CASE WHEN u.bytes_deleted_at IS NULL THEN u.id END AS upload_id
     FROM denuncias d LEFT JOIN uploads u ON u.id = d.attachment_upload_id
     WHERE NOT d.sealed ORDER BY d.id LIMIT $1`,
    [limit],
  );
  for (const row of rows) {
    if (row.upload_id) await sealStoredFile(store, row.upload_id);
    const sealed = await Promise.all(
      SEALED_COLUMNS.map((column) => sealText(row[column], `denuncias.${column}:${row.reference}`)),
    );
    await db.query(
      `UPDATE denuncias SET ${SEALED_COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ')}, sealed = true
       WHERE id = $1 AND NOT sealed`,
      [row.id, ...sealed],
    );
  }
  return rows.length;
}
