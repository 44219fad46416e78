import { randomUUID } from 'node:crypto';
import { CHUNK_SIZE, checkFile, uploadMessages, type UploadPurpose } from '../../shared/uploads/schema.ts';
import type { Database, Statement } from '../db/index.ts';
import { rolledBack } from '../db/refusals.ts';
import { Conflict } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { chunkAttemptKey, chunkKey, chunkPrefix, fileKey, getBytes, putBytes, type UploadStore } from './store.ts';
import { chunkDigest, describeFile, readDescription, sha256 } from './metadata.ts';
import { clientCharge, hasPool, poolCharge, poolFull, quotaRefusal, refuseUnlessRoom, roomVerdict } from './quota.ts';
import { checkBytes, fileRefused } from './files.ts';

/**
 * A file over the platform's request limit, in CHUNK_SIZE pieces (design.md, "Uploads"): started
 * with its declared size, each chunk written once (its hash recorded by index, a different
 * second write refused), then completed by exactly one request, which claims the upload before
 * joining the chunks, so the bytes stored are always those whose hash is recorded, and counts the
 * checked file toward its pool (uploads/quota.ts): chunks never count there. `client` is the
 * sender's address (Netlify's `context.ip`), for a CV's per-client limit. A denuncia's name, size
 * and hashes are stored only sealed or keyed (uploads/metadata.ts).
 */

interface ReceivingRow {
  purpose: UploadPurpose;
  file_name: string;
  declared_size: number | null;
  sealed_size: string | null;
}

const chunkCount = (size: number) => Math.ceil(size / CHUNK_SIZE);

/** Starts a chunked upload; answers its id. */
export async function startUpload(
  db: Database,
  client: string,
  purpose: UploadPurpose,
  fileName: string,
  size: number,
): Promise<string> {
  const problem = checkFile(purpose, fileName, size);
  if (problem) throw fileRefused(problem);
  const id = randomUUID();
  const described = await describeFile(purpose, id, { fileName, size });
  const row = [id, purpose, described.file_name, described.declared_size, described.sealed_size];
  if (!hasPool(purpose)) {
    await db.query(
      'INSERT INTO uploads (id, purpose, file_name, declared_size, sealed_size) VALUES ($1, $2, $3, $4, $5)',
      row,
    );
    return id;
  }
  // Told before any byte travels that the file will not fit today; stored only where it fits, in one round trip.
  const room = roomVerdict(purpose, client, size);
  const [verdict] = await db.query<{ pool_full: boolean; client_full: boolean; retry_after: number }>(
    `WITH verdict AS (${room.text}),
     started AS (
       INSERT INTO uploads (id, purpose, file_name, declared_size, sealed_size)
       SELECT $6, $7, $8, $9, $10 FROM verdict WHERE NOT pool_full AND NOT client_full
     )
     SELECT * FROM verdict`,
    [...room.params!, ...row],
  );
  refuseUnlessRoom(purpose, verdict!);
  return id;
}

/** A chunk's fate as its batch's last statement reads it: `ours` when this request's claim holds. */
interface ChunkState {
  written: string | null;
  ours: boolean;
}

/**
 * Stores chunk `index` of an upload; every chunk but the last is exactly CHUNK_SIZE bytes. Two
 * round trips: the upload's row (its purpose, which says how the bytes are stored, and its size,
 * sealed for a denuncia, which says what the chunk must be), then, once the bytes are stored under
 * a key of this attempt's own, one batch that claims the index with the chunk's hash and key and
 * charges a CV's client for it (uploads/quota.ts), the charge refusing the claim with it. The same
 * bytes again (a retry) are accepted without being counted twice, other bytes are refused (a
 * Conflict); bytes no claim took are deleted, the others by uploads-cleanup
 * (uploads/unreferenced.ts) after a crash.
 */
export async function storeChunk(
  db: Database,
  store: UploadStore,
  client: string,
  id: string,
  index: number,
  bytes: Uint8Array,
): Promise<void> {
  const [upload] = isUuid(id)
    ? await db.query<ReceivingRow>(
        `SELECT purpose, file_name, declared_size, sealed_size FROM uploads WHERE id = $1 AND status = 'receiving'`,
        [id],
      )
    : [];
  if (!upload) throw fileRefused(uploadMessages.unknownUpload);
  const { size } = await readDescription(id, upload);
  const chunks = chunkCount(size);
  const expected = index === chunks - 1 ? size - CHUNK_SIZE * (chunks - 1) : CHUNK_SIZE;
  if (!Number.isInteger(index) || index < 0 || index >= chunks || bytes.byteLength !== expected)
    throw fileRefused(uploadMessages.incomplete);

  const digest = await chunkDigest(upload.purpose, bytes);
  const key = chunkAttemptKey(id, index);
  await putBytes(store, key, upload.purpose, bytes);
  // Postgres arrays count from 1.
  const at = [id, index + 1];
  let state: ChunkState | undefined;
  try {
    const written = await db.batch([
      {
        text: `UPDATE uploads SET chunk_sha256[$2] = $3, chunk_keys[$2] = $4
               WHERE id = $1 AND status = 'receiving' AND chunk_sha256[$2] IS NULL`,
        params: [...at, digest, key],
      },
      // Counted only if claimed by this request: a retry of bytes claimed before is not.
      ...clientCharge(upload.purpose, client, bytes.byteLength, {
        text: 'EXISTS (SELECT 1 FROM uploads WHERE id = $4 AND chunk_keys[$5] = $6)',
        params: [...at, key],
      }),
      {
        text: 'SELECT chunk_sha256[$2] AS written, chunk_keys[$2] IS NOT DISTINCT FROM $3 AS ours FROM uploads WHERE id = $1',
        params: [...at, key],
      },
    ]);
    [state] = written.at(-1) as ChunkState[];
  } catch (error) {
    // Refused, the claim with it (a full quota): no claim holds these bytes. After any other
    // failure the claim may have been made: they stay, for uploads-cleanup once unclaimed.
    if (rolledBack(error)) await store.delete(key);
    throw quotaRefusal(upload.purpose, error) ?? error;
  }
  // Bytes no claim holds: another chunk's claimed first, or a retry's copy of bytes claimed before.
  if (!state?.ours) await store.delete(key);
  if (state?.ours || state?.written === digest) return;
  if (state?.written && state.written !== digest) throw new Conflict(uploadMessages.chunkRewritten, 'file');
  // Completed or deleted since it was read above.
  throw fileRefused(uploadMessages.unknownUpload);
}

interface ClaimedRow extends ReceivingRow {
  chunk_sha256: string[];
  chunk_keys: (string | null)[];
}

/**
 * Joins the chunks, checks the whole file, counts it toward its pool and marks the upload
 * complete, in two round trips. The upload is claimed first (receiving → completing, in one
 * statement, which answers what joining needs: which bytes, how stored, what size): a concurrent
 * completion finds it claimed (a Conflict), and no chunk is accepted meanwhile. The joined file is
 * checked and stored, then one statement counts it and completes the upload, or, the pool full,
 * gives it back uncounted, chunks kept, to be completed another day: the bytes stored stay, as
 * the next completion stores the same ones (the chunks' hashes are recorded), and no row calls
 * them complete. Any other failure gives the upload back too, in a round trip of its own.
 */
export async function completeUpload(
  db: Database,
  store: UploadStore,
  id: string,
): Promise<{ sha256: string; size: number }> {
  const [claim] = isUuid(id)
    ? await db.query<Partial<ClaimedRow> & { known: boolean }>(
        `WITH claimed AS (
           UPDATE uploads SET status = 'completing' WHERE id = $1 AND status = 'receiving'
           RETURNING purpose, file_name, declared_size, sealed_size, chunk_sha256,
             -- By index from 1, as the hashes: a chunk claimed before migration 0042 has none.
             ARRAY(SELECT chunk_keys[i] FROM generate_series(1, cardinality(chunk_sha256)) i) AS chunk_keys
         )
         SELECT claimed.*, EXISTS (SELECT 1 FROM uploads WHERE id = $1) AS known FROM (SELECT) AS one LEFT JOIN claimed ON true`,
        [id],
      )
    : [];
  if (!claim?.purpose) {
    throw claim?.known
      ? new Conflict(uploadMessages.alreadyCompleted, 'file')
      : fileRefused(uploadMessages.unknownUpload);
  }
  const upload = claim as ClaimedRow;
  let room: { fits: boolean; retry_after: number } | undefined;
  let checked: { sha256: string; size: number };
  try {
    const { fileName, size } = await readDescription(id, upload);
    const chunks = chunkCount(size);
    const parts: Uint8Array[] = [];
    for (let index = 0; index < chunks; index++) {
      const part = await getBytes(store, upload.chunk_keys[index] ?? chunkKey(id, index), upload.purpose);
      // Only the bytes whose hash the chunk's write recorded.
      if (!part || (await chunkDigest(upload.purpose, part)) !== upload.chunk_sha256[index])
        throw fileRefused(uploadMessages.incomplete);
      parts.push(part);
    }
    const bytes = Buffer.concat(parts);
    if (bytes.byteLength !== size) throw fileRefused(uploadMessages.incomplete);
    const contentType = await checkBytes(upload.purpose, fileName, bytes);
    checked = { sha256: sha256(bytes), size };
    const described = await describeFile(upload.purpose, id, { fileName, size, sha256: checked.sha256, contentType });
    // Stored before the statement that calls it complete: a crash between leaves an upload
    // claimed, deleted after a day with its bytes (deleteStaleUploads).
    await putBytes(store, fileKey(id), upload.purpose, bytes);
    // Counted only now that it is whole, checked and stored (uploads/quota.ts); chunks never count.
    const completion = (roomSql: string, first: number): Statement => ({
      text: `WITH room AS (${roomSql}),
             completed AS (
               UPDATE uploads SET status = CASE WHEN fits THEN 'complete' ELSE 'receiving' END,
                 pool_day = CASE WHEN fits THEN today END,
                 content_type = CASE WHEN fits THEN $${first + 1}::text END,
                 sha256 = CASE WHEN fits THEN $${first + 2}::text END,
                 chunk_sha256 = CASE WHEN fits THEN '{}' ELSE chunk_sha256 END,
                 chunk_keys = CASE WHEN fits THEN '{}' ELSE chunk_keys END
               FROM room WHERE id = $${first} AND status = 'completing'
             )
             SELECT fits, retry_after FROM room`,
      params: [id, described.content_type, described.sha256],
    });
    const statements = hasPool(upload.purpose)
      ? poolCharge(upload.purpose, size, (roomSql) => completion(roomSql, 4))
      : [completion('SELECT true AS fits, NULL::date AS today, 0 AS retry_after', 1)];
    [room] = (await db.batch(statements)).at(-1) as { fits: boolean; retry_after: number }[];
  } catch (error) {
    await db.query(`UPDATE uploads SET status = 'receiving', pool_day = NULL WHERE id = $1 AND status = 'completing'`, [
      id,
    ]);
    throw error;
  }
  if (!room!.fits) throw poolFull(upload.purpose, room!.retry_after);
  // Every attempt's bytes, claimed or not; left behind, uploads-cleanup deletes them.
  const { blobs } = await store.list({ prefix: chunkPrefix(id) });
  await Promise.all(blobs.map((blob) => store.delete(blob.key)));
  return checked;
}
