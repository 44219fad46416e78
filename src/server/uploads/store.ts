import { randomBytes } from 'node:crypto';
import type { UploadPurpose } from '../../shared/uploads/schema.ts';
import { contextStore, contextStoreName } from '../blob-stores.ts';
import { seal, unseal } from '../encryption.ts';

/** The uploads' store of a deploy context (blob-stores.ts): `uploads`, or `uploads-<context>`. */
export const uploadStoreName = (deployContext: string | undefined, local: boolean): string =>
  contextStoreName('uploads', deployContext, local);

/**
 * Uploaded files in Netlify Blobs, emulated locally by @netlify/dev, in the store of the deploy
 * context serving the request. The store is never public: CVs and denuncia attachments only reach
 * the utility by mail (design.md, "Uploads"); files staff publish are served one by one by
 * GET /api/files/{id}/{name}.
 */
export const uploadStore = () => contextStore('uploads');

export type UploadStore = ReturnType<typeof uploadStore>;

export const fileKey = (uploadId: string) => `files/${uploadId}`;
/** Where a chunk claimed before migration 0042 is; a later one is under one of `chunkAttemptKey`. */
export const chunkKey = (uploadId: string, index: number) => `chunks/${uploadId}/${String(index).padStart(4, '0')}`;
/** A key of one attempt to write a chunk, which no other attempt shares (its claim records it). */
export const chunkAttemptKey = (uploadId: string, index: number) =>
  `${chunkKey(uploadId, index)}-${randomBytes(8).toString('hex')}`;
export const chunkPrefix = (uploadId: string) => `chunks/${uploadId}/`;
/** Where a rights export's ZIP is kept; uploads-cleanup deletes one no row names (uploads/unreferenced.ts). */
export const EXPORTS_PREFIX = 'exports/';
export const exportKey = (exportId: string) => `${EXPORTS_PREFIX}${exportId}`;

/**
 * What the store keeps: uploads of each purpose, and the ZIPs of rights exports (exports/{id},
 * src/server/rights/export.ts), which only the server writes: no visitor uploads one.
 */
export type StoredPurpose = UploadPurpose | 'export';

/**
 * Denuncias' files are sealed in storage (encryption.ts), chunks and whole files alike,
 * each bound to its key: a blob-store listing or copy alone reveals nothing. Other purposes are
 * stored as they came.
 */
const isSealed = (purpose: StoredPurpose) => purpose === 'denuncia';

/**
 * Each blob says when it was stored (`storedAt`, ms since the epoch): bytes are stored before the
 * row that names them, and uploads-cleanup deletes only those no row has named for long.
 */
export async function putBytes(store: UploadStore, key: string, purpose: StoredPurpose, bytes: Uint8Array) {
  const stored = isSealed(purpose) ? await seal(bytes, `uploads:${key}`) : bytes;
  // A copy of exactly these bytes: a Buffer may be a view of a larger shared pool.
  await store.set(key, new Uint8Array(stored).buffer, { metadata: { storedAt: Date.now() } });
}

export async function getBytes(
  store: UploadStore,
  key: string,
  purpose: StoredPurpose,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const data = await store.get(key, { type: 'arrayBuffer' });
  if (!data) return undefined;
  return isSealed(purpose)
    ? new Uint8Array(await unseal(new Uint8Array(data), `uploads:${key}`))
    : new Uint8Array(data);
}
