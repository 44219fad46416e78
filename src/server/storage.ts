import { getStore } from '@netlify/blobs';
import type { UploadPurpose } from '../shared/uploads.ts';
import { seal, unseal } from './encryption.ts';

/**
 * Uploaded files in Netlify Blobs, emulated locally by @netlify/dev. The store is never public:
 * CVs and denuncia attachments only reach the utility by mail (design.md, "Uploads"); files
 * staff publish are served one by one by GET /api/files/{id}/{name}.
 */
export const uploadStore = () => getStore({ name: 'uploads', consistency: 'strong' });

export type UploadStore = ReturnType<typeof uploadStore>;

export const fileKey = (uploadId: string) => `files/${uploadId}`;
export const chunkKey = (uploadId: string, index: number) => `chunks/${uploadId}/${String(index).padStart(4, '0')}`;
export const chunkPrefix = (uploadId: string) => `chunks/${uploadId}/`;

/**
 * Denuncias' files are sealed in storage (issue 16, encryption.ts), chunks and whole files alike,
 * each bound to its key: a blob-store listing or copy alone reveals nothing. Other purposes are
 * stored as they came.
 */
const isSealed = (purpose: UploadPurpose) => purpose === 'denuncia';

export async function putBytes(store: UploadStore, key: string, purpose: UploadPurpose, bytes: Uint8Array) {
  const stored = isSealed(purpose) ? await seal(bytes, `uploads:${key}`) : bytes;
  // A copy of exactly these bytes: a Buffer may be a view of a larger shared pool.
  await store.set(key, new Uint8Array(stored).buffer);
}

export async function getBytes(
  store: UploadStore,
  key: string,
  purpose: UploadPurpose,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const data = await store.get(key, { type: 'arrayBuffer' });
  if (!data) return undefined;
  return isSealed(purpose)
    ? new Uint8Array(await unseal(new Uint8Array(data), `uploads:${key}`))
    : new Uint8Array(data);
}
