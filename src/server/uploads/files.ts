import { randomUUID } from 'node:crypto';
import {
  checkFile,
  csvPurposes,
  extensionOf,
  tooLargeMessage,
  uploadMessages,
  type UploadPurpose,
} from '../../shared/uploads/schema.ts';
import type { Database, Statement } from '../db/index.ts';
import { refusalOf, rolledBack } from '../db/refusals.ts';
import { deadlineIn, type Deadline } from '../deadline.ts';
import { Invalid } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Multipart } from './multipart.ts';
import { chunkPrefix, fileKey, putBytes, type UploadStore } from './store.ts';
import { describeFile, readDescription, sha256 } from './metadata.ts';
import { clientCharge, hasPool, poolCharge, quotaRefusal, refuseUnlessFits } from './quota.ts';

/**
 * Uploads: a file arrives inline with its form or in chunks (src/shared/uploads/schema.ts,
 * src/server/uploads/chunks.ts), is checked by its bytes, counted against the daily limits
 * (src/server/uploads/quota.ts), stored whole under files/<id>, and attached to one submission or
 * published (src/server/uploads/published.ts). A denuncia's is described only sealed
 * (uploads/metadata.ts). A file never attached is deleted by the scheduled `uploads-cleanup`
 * function, and stops counting then.
 */

/** A file refused: the form shows the message at its file field. */
export const fileRefused = (message: string) => new Invalid(message, 'file');

// What each CV extension must be by its bytes: a Word .doc is an OLE compound file.
const CV_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/x-cfb',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const UNKNOWN_TYPE = 'application/octet-stream';

export async function checkBytes(purpose: UploadPurpose, fileName: string, bytes: Uint8Array): Promise<string> {
  // file-type and its tokenizers are imported by the first file sniffed, not with the functions that carry them.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime ?? UNKNOWN_TYPE;
  if (purpose === 'cv' && CV_TYPES[extensionOf(fileName)] !== sniffed) throw fileRefused(uploadMessages.cvType);
  // Text has no magic number: anything recognised (an Excel workbook renamed .csv) is not a CSV.
  if (csvPurposes.includes(purpose) && sniffed !== UNKNOWN_TYPE) throw fileRefused(uploadMessages.accountsNotCsv);
  return sniffed;
}

/**
 * A file a submission stores: `stores`, the statements that count and record a file sent inline
 * (none for a chunked upload, complete already), go first in the submission's batch, then
 * `attachUpload` (`storeAndAttach`), so that one round trip stores the file with its submission
 * or nothing at all.
 */
export interface ReceivedFile {
  id: string;
  purpose: UploadPurpose;
  stores: Statement[];
  /** Its bytes were stored by this request, under an id no row names until its batch commits. */
  inline: boolean;
}

/**
 * A file that came inline with its form, checked, then its bytes stored first, under a fresh id
 * that nothing references yet (the database is not asked before them: the request keeps to one round trip). Its row comes in
 * the submission's batch, after its charges (uploads/quota.ts), which refuse that whole batch when
 * they find no room; a crash before it leaves only bytes no row names, which uploads-cleanup
 * deletes (uploads/unreferenced.ts).
 */
async function storeInlineFile(
  store: UploadStore,
  purpose: UploadPurpose,
  client: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<ReceivedFile> {
  const problem = checkFile(purpose, fileName, bytes.byteLength);
  if (problem) throw fileRefused(problem);
  const contentType = await checkBytes(purpose, fileName, bytes);
  const id = randomUUID();
  const size = bytes.byteLength;
  const described = await describeFile(purpose, id, { fileName, size, sha256: sha256(bytes), contentType });
  await putBytes(store, fileKey(id), purpose, bytes);
  const columns = [
    described.file_name,
    described.declared_size,
    described.sealed_size,
    described.sha256,
    described.content_type,
  ];
  const stores = hasPool(purpose)
    ? [
        ...clientCharge(purpose, client, size),
        ...poolCharge(purpose, size, (room) => ({
          text: `WITH room AS (${room}),
                 stored AS (
                   INSERT INTO uploads (id, purpose, status, file_name, declared_size, sealed_size, sha256, content_type, pool_day)
                   SELECT $4::uuid, $1, 'complete', $5, $6::integer, $7, $8, $9, today FROM room WHERE fits
                 )
                 ${refuseUnlessFits}`,
          params: [id, ...columns],
        })),
      ]
    : [
        {
          text: `INSERT INTO uploads (id, purpose, status, file_name, declared_size, sealed_size, sha256, content_type)
                 VALUES ($1, $2, 'complete', $3, $4, $5, $6, $7)`,
          params: [id, purpose, ...columns],
        },
      ];
  return { id, purpose, stores, inline: true };
}

/** Why a batch's attachment refused it (db/refusals.ts). */
const UNAVAILABLE = 'upload:unavailable';

/**
 * The statement that attaches an upload, in its submission's batch before the rows that name it:
 * only a complete upload of its purpose, not attached yet, else the whole batch is refused (the
 * form's message, `withReceivedFile`), so one upload is never attached twice.
 */
export const attachUpload = ({ id, purpose }: ReceivedFile): Statement => ({
  text: `WITH attached AS (
           UPDATE uploads SET status = 'attached' WHERE id = $1 AND purpose = $2 AND status = 'complete' RETURNING id
         )
         SELECT refuse('${UNAVAILABLE}') WHERE NOT EXISTS (SELECT 1 FROM attached)`,
  params: [id, purpose],
});

/** What a submission's batch begins with: the file stored, if it came inline, and attached. */
export const storeAndAttach = (file: ReceivedFile): Statement[] => [...file.stores, attachUpload(file)];

/**
 * Runs the submission whose batch stores or attaches `file`. A refusal of its statements answers
 * as before: a full quota (429), an upload not attachable (400). Bytes this request stored for a
 * batch the database refused are deleted; after any other failure (the answer lost, perhaps after
 * the commit) they stay, and uploads-cleanup deletes them later if no row names them.
 */
export async function withReceivedFile<T>(
  store: UploadStore,
  file: ReceivedFile | undefined,
  submit: () => Promise<T>,
): Promise<T> {
  try {
    return await submit();
  } catch (error) {
    if (!file) throw error;
    // A failed deletion leaves them to the clean-up, as a crash would.
    if (file.inline && rolledBack(error)) await store.delete(fileKey(file.id)).catch(() => undefined);
    if (refusalOf(error)?.reason === UNAVAILABLE) throw fileRefused(uploadMessages.unknownUpload);
    throw quotaRefusal(file.purpose, error) ?? error;
  }
}

/** Checks a referenced upload can be attached: complete, of this purpose, not used yet. */
async function findAttachable(
  db: Database,
  id: string,
  purpose: UploadPurpose,
): Promise<{ id: string; fileName: string }> {
  const [row] = isUuid(id)
    ? await db.query<{ id: string; file_name: string; declared_size: number | null; sealed_size: string | null }>(
        `SELECT id, file_name, declared_size, sealed_size FROM uploads WHERE id = $1 AND purpose = $2 AND status = 'complete'`,
        [id, purpose],
      )
    : [];
  if (!row) throw fileRefused(uploadMessages.unknownUpload);
  return { id: row.id, fileName: (await readDescription(row.id, row)).fileName };
}

/**
 * Deletes an upload never attached, bytes first: if deleting them fails, the row stays and the
 * clean-up tries again.
 */
export async function discardUpload(db: Database, store: UploadStore, id: string): Promise<void> {
  const { blobs } = await store.list({ prefix: chunkPrefix(id) });
  await Promise.all([...blobs.map((blob) => store.delete(blob.key)), store.delete(fileKey(id))]);
  await db.query(`DELETE FROM uploads WHERE id = $1 AND status <> 'attached'`, [id]);
}

/** One clean-up run's bounds: a scheduled function has 30 seconds on Netlify (deadline.ts). */
export interface CleanupBounds {
  olderThan?: string;
  limit?: number;
  /** No upload is started once it has passed. */
  deadline?: Deadline;
}

/**
 * Deletes uploads never attached to a submission, with their bytes, oldest first: at most `limit`
 * and no new one once `deadline` has passed; a backlog is finished by the next runs.
 */
export async function deleteStaleUploads(
  db: Database,
  store: UploadStore,
  { olderThan = '24 hours', limit = 200, deadline = deadlineIn(20_000) }: CleanupBounds = {},
): Promise<number> {
  const stale = await db.query<{ id: string }>(
    `SELECT id FROM uploads WHERE status <> 'attached' AND created_at < now() - $1::interval ORDER BY created_at LIMIT $2`,
    [olderThan, limit],
  );
  let deleted = 0;
  for (const { id } of stale) {
    if (deadline.passed()) break;
    await discardUpload(db, store, id);
    deleted += 1;
  }
  return deleted;
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

const inlineFile = (form: Multipart) => (form.file && form.file.bytes.byteLength > 0 ? form.file : undefined);

/**
 * The file a multipart form brings: inline as its `file` part (its bytes stored now, its row by
 * the submission's batch), or as the `uploadId` of a chunked upload, which that batch checks as it
 * attaches it. Undefined when there is none. `client` is the sender's address (Netlify's
 * `context.ip`), for the daily quota.
 */
export async function receiveFile(
  store: UploadStore,
  purpose: UploadPurpose,
  form: Multipart,
  client: string,
): Promise<ReceivedFile | undefined> {
  const file = inlineFile(form);
  if (file) {
    if (file.tooLarge) throw fileRefused(tooLargeMessage(purpose));
    const fileName = file.fileName || form.fields.fileName || 'adjunto';
    return storeInlineFile(store, purpose, client, fileName, file.bytes);
  }
  const { uploadId } = form.fields;
  if (!uploadId) return undefined;
  if (!isUuid(uploadId)) throw fileRefused(uploadMessages.unknownUpload);
  return { id: uploadId, purpose, stores: [], inline: false };
}
