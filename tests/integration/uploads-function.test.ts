import { afterEach, describe, expect, it, vi } from 'vitest';
import uploads from '../../netlify/functions/uploads.ts';
import uploadsCleanup from '../../netlify/functions/uploads-cleanup.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { unsealText } from '../../src/server/encryption.ts';
import { chunkKey, fileKey, getBytes, putBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { deleteStaleUploads, readUpload, receiveFile } from '../../src/server/uploads/files.ts';
import { steppingClock } from '../helpers/clock.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { pdfBytes, pngBytes, sha256 } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();

const start = (body: unknown) => uploads(postJson('/api/uploads', body), testContext().context);
const putChunk = (id: string, index: number, bytes: Uint8Array<ArrayBuffer>) =>
  uploads(
    new Request(`http://localhost/api/uploads/${id}/chunks/${index}`, { method: 'PUT', body: bytes }),
    testContext({ id, index: String(index) }).context,
  );
const complete = (id: string) =>
  uploads(new Request(`http://localhost/api/uploads/${id}/complete`, { method: 'POST' }), testContext({ id }).context);

async function startUpload(purpose: string, fileName: string, size: number) {
  const response = await start({ purpose, fileName, size });
  expect(response.status).toBe(201);
  return (await response.json()).data.uploadId as string;
}

async function upload(purpose: string, fileName: string, bytes: Uint8Array) {
  const id = await startUpload(purpose, fileName, bytes.byteLength);
  for (let index = 0; index * CHUNK_SIZE < bytes.byteLength; index++) {
    expect((await putChunk(id, index, bytes.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE))).status).toBe(200);
  }
  return { id, completed: await complete(id) };
}

describe('chunked uploads', () => {
  it("take a 9.9 MB file in three chunks and store it intact, a denuncia's sealed", async () => {
    const bytes = pngBytes(9_900_000);
    const { id, completed } = await upload('denuncia', 'foto.png', bytes);
    expect(completed.status).toBe(200);
    expect(await completed.json()).toEqual({ success: true, data: { sha256: sha256(bytes), size: 9_900_000 } });
    expect(sha256((await getBytes(uploadStore(), fileKey(id), 'denuncia'))!)).toBe(sha256(bytes));
    // What the store holds is not the file: no run of its bytes is there.
    const stored = Buffer.from((await readUpload(uploadStore(), id))!);
    expect(stored.includes(Buffer.from(bytes.subarray(1_000_000, 1_004_096)))).toBe(false);
    // Nor does its row say what it is: no type, and its name, size and hash sealed.
    const [row] = await environment.database.db.query<Record<string, unknown>>(
      'SELECT status, content_type, file_name, declared_size, sealed_size, sha256, chunk_sha256 FROM uploads WHERE id = $1',
      [id],
    );
    expect(row).toEqual({
      status: 'complete',
      content_type: null,
      file_name: expect.stringMatching(/^v1\./),
      declared_size: null,
      sealed_size: expect.stringMatching(/^v1\./),
      sha256: expect.stringMatching(/^v1\./),
      chunk_sha256: [],
    });
    expect(await unsealText(row!.file_name as string, `uploads.file_name:${id}`)).toBe('foto.png');
    expect(await unsealText(row!.sealed_size as string, `uploads.sealed_size:${id}`)).toBe('9900000');
    expect((await uploadStore().list({ prefix: `chunks/${id}/` })).blobs).toEqual([]);
  });

  it.each([
    [
      'a file over 10 MB',
      { purpose: 'denuncia', fileName: 'video.mp4', size: 10_000_001 },
      'El tamaño máximo del archivo a subir es de 10 MB',
    ],
    [
      'a CV that is not .pdf or .doc',
      { purpose: 'cv', fileName: 'cv.exe', size: 5_000_000 },
      'Sólo se permiten archivos .pdf o .doc',
    ],
    ['an empty file', { purpose: 'denuncia', fileName: 'nada.txt', size: 0 }, 'Revise los datos del formulario.'],
    ['an unknown purpose', { purpose: 'otro', fileName: 'a.pdf', size: 10 }, 'Revise los datos del formulario.'],
    ['a size that is text', { purpose: 'cv', fileName: 'a.pdf', size: '5 MB' }, 'Revise los datos del formulario.'],
  ])('refuse to start %s', async (_case, body, message) => {
    const response = await start(body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
  });

  it('accept exactly 10,000,000 bytes', async () => {
    expect((await start({ purpose: 'denuncia', fileName: 'limite.mp4', size: 10_000_000 })).status).toBe(201);
  });

  it("record a denuncia chunk's hash keyed, a CV's as it is", async () => {
    const chunk = pngBytes(3_000);
    const denuncia = await startUpload('denuncia', 'a.png', chunk.byteLength);
    const cv = await startUpload('cv', 'a.pdf', chunk.byteLength);
    for (const id of [denuncia, cv]) expect((await putChunk(id, 0, chunk)).status).toBe(200);
    const rows = await environment.database.db.query<{ id: string; chunk_sha256: string[] }>(
      'SELECT id, chunk_sha256 FROM uploads WHERE id = ANY($1::uuid[])',
      [[denuncia, cv]],
    );
    const recorded = Object.fromEntries(rows.map((row) => [row.id, row.chunk_sha256]));
    expect(recorded[cv]).toEqual([sha256(chunk)]);
    expect(recorded[denuncia]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(recorded[denuncia]).not.toEqual([sha256(chunk)]);
  });

  it('refuse a chunk of the wrong size or out of range', async () => {
    const id = await startUpload('denuncia', 'a.png', CHUNK_SIZE + 10);
    expect((await putChunk(id, 0, new Uint8Array(100))).status).toBe(400);
    expect((await putChunk(id, 2, new Uint8Array(10))).status).toBe(400);
    expect((await putChunk('00000000-0000-0000-0000-000000000000', 0, new Uint8Array(10))).status).toBe(400);
  });

  it('refuse to complete a file with a missing chunk', async () => {
    const id = await startUpload('denuncia', 'a.png', CHUNK_SIZE + 10);
    await putChunk(id, 1, new Uint8Array(10));
    const response = await complete(id);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('El archivo no llegó completo. Por favor adjúntelo nuevamente.');
  });

  it('refuse a CV whose bytes are not a PDF or Word document, whatever its name', async () => {
    const { completed } = await upload('cv', 'cv.pdf', pngBytes(CHUNK_SIZE + 5));
    expect(completed.status).toBe(400);
    expect((await completed.json()).error).toBe('Sólo se permiten archivos .pdf o .doc');
  });

  it('accept a large PDF CV', async () => {
    const { completed } = await upload('cv', 'CV Ana.pdf', pdfBytes(CHUNK_SIZE + 5));
    expect(completed.status).toBe(200);
  });
});

describe('the scheduled uploads-cleanup function', () => {
  it('deletes uploads never attached after a day, with their bytes, and keeps attached ones', async () => {
    const { id: stale } = await upload('denuncia', 'vieja.png', pngBytes(3_000));
    const { id: attached } = await upload('denuncia', 'usada.png', pngBytes(3_000));
    const { id: recent } = await upload('denuncia', 'nueva.png', pngBytes(3_000));
    await environment.database.db.query(
      `UPDATE uploads SET created_at = now() - interval '2 days' WHERE id = ANY($1::uuid[])`,
      [[stale, attached]],
    );
    await environment.database.db.query(`UPDATE uploads SET status = 'attached' WHERE id = $1`, [attached]);

    expect((await uploadsCleanup()).status).toBe(204);

    const ids = (await environment.database.db.query<{ id: string }>('SELECT id FROM uploads')).map((row) => row.id);
    expect(ids).not.toContain(stale);
    expect(ids).toEqual(expect.arrayContaining([attached, recent]));
    expect(await readUpload(uploadStore(), stale)).toBeUndefined();
    expect(await readUpload(uploadStore(), attached)).toBeDefined();
  });

  it('works through a backlog larger than one run within its bounds; repeated runs finish it', async () => {
    const { db } = environment.database;
    await db.query('DELETE FROM uploads');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await upload('denuncia', `vieja-${i}.png`, pngBytes(1_000))).id);
    await db.query(`UPDATE uploads SET created_at = now() - interval '2 days'`);
    const left = async () => (await db.query('SELECT id FROM uploads')).length;

    // At most `limit` a run.
    expect(await deleteStaleUploads(db, uploadStore(), { limit: 2 })).toBe(2);
    expect(await left()).toBe(3);
    // No new one once its deadline has passed: a fake clock that moves 10 s at each look.
    const deadline = deadlineIn(25_000, steppingClock(10_000));
    expect(await deleteStaleUploads(db, uploadStore(), { deadline })).toBe(2);
    expect(await left()).toBe(1);
    expect(await deleteStaleUploads(db, uploadStore())).toBe(1);
    expect(await deleteStaleUploads(db, uploadStore())).toBe(0);
    for (const id of ids) expect(await readUpload(uploadStore(), id)).toBeUndefined();
  });
});

describe('bytes no upload names', () => {
  afterEach(() => vi.useRealTimers());

  /** Runs the scheduled clean-up `minutes` after now. */
  async function cleanUpIn(minutes: number) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + minutes * 60_000 });
    expect((await uploadsCleanup()).status).toBe(204);
    vi.useRealTimers();
  }
  const stored = async (key: string) => (await uploadStore().getMetadata(key)) !== null;

  it("of an inline file whose submission's batch never ran (a crash) are deleted an hour after they were stored", async () => {
    // What a crash between the two leaves: the bytes stored, the batch that names them never run.
    const form = { fields: {}, file: { fileName: 'cv.pdf', bytes: pdfBytes(), tooLarge: false } };
    const orphan = (await receiveFile(uploadStore(), 'cv', form, '192.0.2.40'))!;
    expect(await stored(fileKey(orphan.id))).toBe(true);
    const { id: named } = await upload('cv', 'nombrado.pdf', pdfBytes());

    // Within the hour a request may still be about to run its batch.
    await cleanUpIn(59);
    expect(await stored(fileKey(orphan.id))).toBe(true);
    await cleanUpIn(61);
    expect(await stored(fileKey(orphan.id))).toBe(false);
    expect(await stored(fileKey(named))).toBe(true);
  });

  it("are a completed upload's chunks left behind, while a receiving upload's stay", async () => {
    const { id: completed } = await upload('denuncia', 'foto.png', pngBytes(3_000));
    // As a completion that stopped after its statement leaves them.
    await putBytes(uploadStore(), chunkKey(completed, 0), 'denuncia', pngBytes(3_000));
    const receiving = await startUpload('denuncia', 'otra.png', 3_000);
    expect((await putChunk(receiving, 0, pngBytes(3_000))).status).toBe(200);
    const receivingChunks = async () => (await uploadStore().list({ prefix: `chunks/${receiving}/` })).blobs.length;
    expect(await receivingChunks()).toBe(1);

    await cleanUpIn(61);
    expect(await stored(chunkKey(completed, 0))).toBe(false);
    expect(await receivingChunks()).toBe(1);
    expect((await complete(receiving)).status).toBe(200);
  });
});
