import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  CHUNK_SIZE,
  checkFile,
  extensionOf,
  tooLargeMessage,
  uploadMessages,
  type UploadPurpose,
} from '../shared/uploads.ts';
import type { Database, Statement } from './db/index.ts';
import { ClientError } from './errors.ts';
import { isUuid } from './ids.ts';
import type { Multipart } from './multipart.ts';
import { chunkKey, chunkPrefix, fileKey, type UploadStore } from './storage.ts';

/**
 * Uploads: a file arrives inline with its form or in chunks (src/shared/uploads.ts), is checked
 * by its bytes, stored whole under files/<id>, and attached to one submission or published
 * (src/server/published-files.ts). A file never attached is deleted by the scheduled
 * `uploads-cleanup` function.
 */

/** A file refused (400): the form shows the message at its file field. */
export const fileRefused = (message: string) => new ClientError(400, message, 'file');

// What each CV extension must be by its bytes: a Word .doc is an OLE compound file.
const CV_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/x-cfb',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const UNKNOWN_TYPE = 'application/octet-stream';

async function checkBytes(purpose: UploadPurpose, fileName: string, bytes: Uint8Array): Promise<string> {
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime ?? UNKNOWN_TYPE;
  if (purpose === 'cv' && CV_TYPES[extensionOf(fileName)] !== sniffed) throw fileRefused(uploadMessages.cvType);
  // Text has no magic number: anything recognised (an Excel workbook renamed .csv) is not a CSV.
  if (purpose === 'accounts' && sniffed !== UNKNOWN_TYPE) throw fileRefused(uploadMessages.accountsNotCsv);
  return sniffed;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Starts a chunked upload; answers its id. */
export async function startUpload(
  db: Database,
  purpose: UploadPurpose,
  fileName: string,
  size: number,
): Promise<string> {
  const problem = checkFile(purpose, fileName, size);
  if (problem) throw fileRefused(problem);
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO uploads (purpose, file_name, declared_size) VALUES ($1, $2, $3) RETURNING id',
    [purpose, fileName.slice(0, 200), size],
  );
  return row!.id;
}

interface UploadRow {
  id: string;
  purpose: UploadPurpose;
  file_name: string;
  declared_size: number;
  status: string;
}

const findReceiving = async (db: Database, id: string) =>
  (
    await db.query<UploadRow>(
      `SELECT id, purpose, file_name, declared_size, status FROM uploads WHERE id = $1 AND status = 'receiving'`,
      [id],
    )
  )[0];

/** Stores chunk `index` of an upload; every chunk but the last is exactly CHUNK_SIZE bytes. */
export async function storeChunk(
  db: Database,
  store: UploadStore,
  id: string,
  index: number,
  bytes: Uint8Array,
): Promise<void> {
  const upload = await findReceiving(db, id);
  if (!upload) throw fileRefused(uploadMessages.unknownUpload);
  const chunks = Math.ceil(upload.declared_size / CHUNK_SIZE);
  const expected = index === chunks - 1 ? upload.declared_size - CHUNK_SIZE * (chunks - 1) : CHUNK_SIZE;
  if (!Number.isInteger(index) || index < 0 || index >= chunks || bytes.byteLength !== expected)
    throw fileRefused(uploadMessages.incomplete);
  await store.set(chunkKey(id, index), bytes.slice().buffer);
}

/** Joins the chunks, checks the whole file and marks the upload complete. */
export async function completeUpload(
  db: Database,
  store: UploadStore,
  id: string,
): Promise<{ sha256: string; size: number }> {
  const upload = await findReceiving(db, id);
  if (!upload) throw fileRefused(uploadMessages.unknownUpload);
  const chunks = Math.ceil(upload.declared_size / CHUNK_SIZE);
  const parts: Uint8Array[] = [];
  for (let index = 0; index < chunks; index++) {
    const part = await store.get(chunkKey(id, index), { type: 'arrayBuffer' });
    if (!part) throw fileRefused(uploadMessages.incomplete);
    parts.push(new Uint8Array(part));
  }
  const bytes = Buffer.concat(parts);
  if (bytes.byteLength !== upload.declared_size) throw fileRefused(uploadMessages.incomplete);
  const contentType = await checkBytes(upload.purpose, upload.file_name, bytes);
  const digest = sha256(bytes);
  await store.set(
    fileKey(id),
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  await Promise.all(Array.from({ length: chunks }, (_, index) => store.delete(chunkKey(id, index))));
  await db.query(
    `UPDATE uploads SET status = 'complete', content_type = $2, sha256 = $3 WHERE id = $1 AND status = 'receiving'`,
    [id, contentType, digest],
  );
  return { sha256: digest, size: bytes.byteLength };
}

/** A file that came inline with its form: checked and stored like a completed upload. */
async function storeInlineFile(
  db: Database,
  store: UploadStore,
  purpose: UploadPurpose,
  fileName: string,
  bytes: Uint8Array,
): Promise<string> {
  const problem = checkFile(purpose, fileName, bytes.byteLength);
  if (problem) throw fileRefused(problem);
  const contentType = await checkBytes(purpose, fileName, bytes);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256) VALUES ($1, $2, $3, 'complete', $4, $5) RETURNING id`,
    [purpose, fileName.slice(0, 200), bytes.byteLength, contentType, sha256(bytes)],
  );
  await store.set(fileKey(row!.id), bytes.slice().buffer);
  return row!.id;
}

/** Checks a referenced upload can be attached: complete, of this purpose, not used yet. */
async function findAttachable(
  db: Database,
  id: string,
  purpose: UploadPurpose,
): Promise<{ id: string; fileName: string }> {
  const [row] = isUuid(id)
    ? await db.query<{ id: string; file_name: string }>(
        `SELECT id, file_name FROM uploads WHERE id = $1 AND purpose = $2 AND status = 'complete'`,
        [id, purpose],
      )
    : [];
  if (!row) throw fileRefused(uploadMessages.unknownUpload);
  return { id: row.id, fileName: row.file_name };
}

/** The statement that attaches an upload, run in the same batch as its submission. */
export const attachUpload = (id: string): Statement => ({
  text: `UPDATE uploads SET status = 'attached' WHERE id = $1`,
  params: [id],
});

/**
 * Deletes an upload never attached, bytes first: if deleting them fails, the row stays and the
 * clean-up tries again.
 */
export async function discardUpload(db: Database, store: UploadStore, id: string): Promise<void> {
  const { blobs } = await store.list({ prefix: chunkPrefix(id) });
  await Promise.all([...blobs.map((blob) => store.delete(blob.key)), store.delete(fileKey(id))]);
  await db.query(`DELETE FROM uploads WHERE id = $1 AND status <> 'attached'`, [id]);
}

/** Deletes uploads never attached to a submission, with their bytes. */
export async function deleteStaleUploads(db: Database, store: UploadStore, olderThan = '24 hours'): Promise<number> {
  const stale = await db.query<{ id: string }>(
    `SELECT id FROM uploads WHERE status <> 'attached' AND created_at < now() - $1::interval`,
    [olderThan],
  );
  for (const { id } of stale) await discardUpload(db, store, id);
  return stale.length;
}

/** The bytes of a completed upload of this purpose, which no submission has claimed. */
export async function readCompletedUpload(
  db: Database,
  store: UploadStore,
  id: string,
  purpose: UploadPurpose,
): Promise<Uint8Array<ArrayBuffer>> {
  const { id: found } = await findAttachable(db, id, purpose);
  const bytes = await readUpload(store, found);
  if (!bytes) throw fileRefused(uploadMessages.unknownUpload);
  return bytes;
}

export async function readUpload(store: UploadStore, id: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const data = await store.get(fileKey(id), { type: 'arrayBuffer' });
  return data ? new Uint8Array(data) : undefined;
}

/** An upload's bytes as a stream, so a large file is served without holding it in memory. */
export const streamUpload = async (store: UploadStore, id: string): Promise<ReadableStream | null> =>
  store.get(fileKey(id), { type: 'stream' });

/**
 * The file a multipart form brings: inline as its `file` part, or as the `uploadId` of a
 * chunked upload. Answers the stored upload to attach, or undefined when there is none.
 */
export async function receiveFile(
  db: Database,
  store: UploadStore,
  purpose: UploadPurpose,
  form: Multipart,
): Promise<{ id: string; fileName: string } | undefined> {
  if (form.file && form.file.bytes.byteLength > 0) {
    if (form.file.tooLarge) throw fileRefused(tooLargeMessage(purpose));
    const fileName = form.file.fileName || form.fields.fileName || 'adjunto';
    return { id: await storeInlineFile(db, store, purpose, fileName, form.file.bytes), fileName };
  }
  if (form.fields.uploadId) return findAttachable(db, form.fields.uploadId, purpose);
  return undefined;
}
