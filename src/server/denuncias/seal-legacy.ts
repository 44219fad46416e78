import type { Database } from '../db/index.ts';
import type { Deadline } from '../deadline.ts';
import { sealText, unseal } from '../encryption.ts';
import { fileKey, putBytes, type UploadStore } from '../uploads/store.ts';
import { describeFile } from '../uploads/metadata.ts';
import { SEALED_COLUMNS } from './report.ts';

/**
 * Denuncias whose texts are readable (`sealed = false`), sealed by the hourly clean-up like a new
 * one: the same columns, each bound to its column and reference, and the attachment's bytes if they
 * are still stored. Bytes first: if sealing them fails, the row stays as it was for the next run; a
 * run cut short after the bytes finds them already sealed.
 *
 * Not only for rows from before migration 0023: every deploy preview's copy of production writes
 * its denuncias back as readable fakes (scripts/lib/preview-anonymisation.ts), since production's
 * key never reaches a preview, and this pass seals them with the preview's own key so the desk
 * reads them as it reads production's. The same holds for the file descriptions below.
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

/** Answers how many it sealed: none is started once `deadline` has passed. */
export async function sealLegacyDenuncias(
  db: Database,
  store: UploadStore,
  limit: number,
  deadline: Deadline,
): Promise<number> {
  const rows = await db.query<LegacyRow>(
    `SELECT d.id, d.reference, ${SEALED_COLUMNS.map((column) => `d.${column}`).join(', ')},
       CASE WHEN u.bytes_deleted_at IS NULL THEN u.id END AS upload_id
     FROM denuncias d LEFT JOIN uploads u ON u.id = d.attachment_upload_id
     WHERE NOT d.sealed ORDER BY d.id LIMIT $1`,
    [limit],
  );
  let sealedRows = 0;
  for (const row of rows) {
    if (deadline.passed()) break;
    if (row.upload_id) await sealStoredFile(store, row.upload_id);
    const sealed = await Promise.all(
      SEALED_COLUMNS.map((column) => sealText(row[column], `denuncias.${column}:${row.reference}`)),
    );
    await db.query(
      `UPDATE denuncias SET ${SEALED_COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ')}, sealed = true
       WHERE id = $1 AND NOT sealed`,
      [row.id, ...sealed],
    );
    sealedRows += 1;
  }
  return sealedRows;
}

/**
 * Denuncia files described in the clear before migration 0031 (a `declared_size`): their name,
 * size and hash sealed like a new one's (uploads/metadata.ts), their content type and chunk hashes
 * dropped. Answers how many it sealed.
 */
export async function sealLegacyFileDescriptions(db: Database, limit: number): Promise<number> {
  const rows = await db.query<{ id: string; file_name: string; declared_size: number; sha256: string | null }>(
    `SELECT id::text AS id, file_name, declared_size, sha256 FROM uploads
     WHERE purpose = 'denuncia' AND declared_size IS NOT NULL ORDER BY created_at LIMIT $1`,
    [limit],
  );
  for (const row of rows) {
    const sealed = await describeFile('denuncia', row.id, {
      fileName: row.file_name,
      size: row.declared_size,
      ...(row.sha256 ? { sha256: row.sha256 } : {}),
    });
    await db.query(
      `UPDATE uploads SET file_name = $2, declared_size = NULL, sealed_size = $3, sha256 = $4, content_type = NULL,
         chunk_sha256 = '{}'
       WHERE id = $1 AND declared_size IS NOT NULL`,
      [row.id, sealed.file_name, sealed.sealed_size, sealed.sha256],
    );
  }
  return rows.length;
}
