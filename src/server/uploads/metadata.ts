import { createHash, createHmac } from 'node:crypto';
import type { UploadPurpose } from '../../shared/uploads/schema.ts';
import { config } from '../config.ts';
import { sealText, unsealText } from '../encryption.ts';

/**
 * What the uploads table says about a file. A denuncia's file says nothing in the
 * clear: its name, size and hash are sealed (encryption.ts), each bound to its column and upload,
 * since the file arrives before its denuncia exists (the same binding as its bytes in uploads/store.ts);
 * its content type is not kept, and its chunks are told apart by a hash keyed with the denuncias
 * key. Other purposes are stored as they came. A denuncia row with a `declared_size` was stored
 * before migration 0031 and is read in the clear until denuncias/seal-legacy.ts seals it.
 */

export const isSealedPurpose = (purpose: UploadPurpose) => purpose === 'denuncia';

const context = (column: string, id: string) => `uploads.${column}:${id}`;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The columns that describe a file as it is stored: name, size and (once checked) its hash and type. */
export interface StoredDescription {
  file_name: string;
  declared_size: number | null;
  sealed_size: string | null;
  sha256: string | null;
  content_type: string | null;
}

export async function describeFile(
  purpose: UploadPurpose,
  id: string,
  file: { fileName: string; size: number; sha256?: string; contentType?: string },
): Promise<StoredDescription> {
  const fileName = file.fileName.slice(0, 200);
  if (!isSealedPurpose(purpose))
    return {
      file_name: fileName,
      declared_size: file.size,
      sealed_size: null,
      sha256: file.sha256 ?? null,
      content_type: file.contentType ?? null,
    };
  return {
    file_name: await sealText(fileName, context('file_name', id)),
    declared_size: null,
    sealed_size: await sealText(String(file.size), context('sealed_size', id)),
    sha256: file.sha256 ? await sealText(file.sha256, context('sha256', id)) : null,
    content_type: null,
  };
}

/** A file's name and size as the uploads row holds them, unsealed. */
export async function readDescription(
  id: string,
  row: { file_name: string; declared_size: number | string | null; sealed_size: string | null },
): Promise<{ fileName: string; size: number }> {
  // Stored in the clear: not a denuncia's, or one from before 0031 that seal-legacy.ts will seal.
  if (row.declared_size !== null) return { fileName: row.file_name, size: Number(row.declared_size) };
  return {
    fileName: await unsealText(row.file_name, context('file_name', id)),
    size: Number(await unsealText(row.sealed_size ?? '', context('sealed_size', id))),
  };
}

/**
 * The hash a chunk is recorded under, to refuse a different second write of its index and to join
 * only the bytes written: a denuncia's is keyed, so it says nothing about the bytes without the key.
 */
export const chunkDigest = async (purpose: UploadPurpose, bytes: Uint8Array): Promise<string> =>
  isSealedPurpose(purpose)
    ? createHmac('sha256', await config.denunciasKey())
        .update('uploads.chunk:')
        .update(bytes)
        .digest('hex')
    : sha256(bytes);
