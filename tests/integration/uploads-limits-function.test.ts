import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import job from '../../netlify/functions/jobs.ts';
import uploads from '../../netlify/functions/uploads.ts';
import uploadsCleanup from '../../netlify/functions/uploads-cleanup.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
import { unsealText } from '../../src/server/encryption.ts';
import { fileKey, getBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { multipart, pdfBytes, pngBytes, sha256 } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/**
 * Uploads' limits: daily limits (a CV client's bytes, the CV pool and denuncia
 * evidence's own pool, counting only completed, checked files), chunks written once, completion
 * claimed by one request. The races are in upload-races.test.ts, on a real PostgreSQL.
 */
const environment = useAdminEnvironment();
const db = () => environment.database.db;

const clientQuota = 'Se alcanzó el límite diario de archivos enviados desde esta conexión. Intente nuevamente mañana.';
const totalQuota = 'El sitio alcanzó su límite diario de archivos recibidos. Intente nuevamente mañana.';
const denunciaQuota =
  'El canal de denuncias alcanzó su límite diario de archivos adjuntos. Intente adjuntarlo nuevamente mañana; puede enviar ahora su denuncia o mensaje sin el archivo.';

/** A Functions context whose client address (Netlify's `context.ip`) is `ip`. */
const from = (ip: string, params: Record<string, string> = {}) => ({ ...testContext(params).context, ip });

const start = (ip: string, body: unknown, headers: Record<string, string> = {}) =>
  uploads(postJson('/api/uploads', body, { headers: { 'content-type': 'application/json', ...headers } }), from(ip));
const putChunk = (ip: string, id: string, index: number, bytes: Uint8Array<ArrayBuffer>) =>
  uploads(
    new Request(`http://localhost/api/uploads/${id}/chunks/${index}`, { method: 'PUT', body: bytes }),
    from(ip, { id, index: String(index) }),
  );
const complete = (id: string) =>
  uploads(new Request(`http://localhost/api/uploads/${id}/complete`, { method: 'POST' }), from('127.0.0.1', { id }));

async function started(ip: string, size: number, purpose = 'cv') {
  const response = await start(ip, { purpose, fileName: purpose === 'cv' ? 'prueba.pdf' : 'prueba.png', size });
  expect(response.status).toBe(201);
  return (await response.json()).data.uploadId as string;
}

/** Sends every chunk of `bytes` from `ip`; answers each chunk's status. */
async function sendChunks(ip: string, id: string, bytes: Uint8Array<ArrayBuffer>) {
  const statuses: number[] = [];
  for (let index = 0; index * CHUNK_SIZE < bytes.byteLength; index++)
    statuses.push((await putChunk(ip, id, index, bytes.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE))).status);
  return statuses;
}

async function expectQuotaRefusal(response: Response, message: string) {
  expect(response.status).toBe(429);
  // Until midnight in Chile: at most a day (25 hours on the night clocks go back).
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(25 * 3600);
  expect(await response.json()).toEqual({ success: false, error: message, message, errors: { file: message } });
}

/** The chunks in the store of upload `id`, by key. */
const chunksOf = async (id: string) =>
  (await uploadStore().list({ prefix: `chunks/${id}/` })).blobs.map((blob) => blob.key);

/** The whole files in the store, by key. */
const storedFiles = async () => (await uploadStore().list({ prefix: 'files/' })).blobs.map((blob) => blob.key).sort();

const usage = () => db().query<{ client: string; bytes: string }>('SELECT client, bytes::text FROM upload_usage');

beforeEach(async () => {
  await db().query('DELETE FROM upload_quota_days');
});

afterEach(() => {
  delete process.env.UPLOAD_DAILY_BYTES_PER_CLIENT;
  delete process.env.UPLOAD_DAILY_BYTES_TOTAL;
  delete process.env.UPLOAD_DAILY_DENUNCIA_FILES;
});

beforeEach(async () => {
  // Each test its own day's pools: what earlier tests completed no longer counts.
  await db().query('UPDATE uploads SET pool_day = NULL');
});

/** A job application with a 3 MB CV inline, as `fileName`, from the address `ip`. */
async function applyWithInlineCv(fileName: string, ip: string) {
  const { context, settle } = testContext();
  const response = await job(
    multipart(
      '/api/job',
      { name: 'Camila Ríos', email: 'camila@example.com', rut: '12.345.678-5' },
      { name: fileName, bytes: pdfBytes(3_000_000) },
    ),
    { ...context, ip },
  );
  await settle();
  return response;
}

describe("the daily quota of one CV sender's address", () => {
  beforeEach(() => {
    process.env.UPLOAD_DAILY_BYTES_PER_CLIENT = '8000000';
  });

  it('refuses, when it starts, an upload that cannot fit, and counts and stores nothing for it', async () => {
    const uploadRows = () => db().query('SELECT count(*)::int AS n FROM uploads');
    const before = await uploadRows();
    await expectQuotaRefusal(
      await start('203.0.113.1', { purpose: 'cv', fileName: 'cv.pdf', size: 8_000_001 }),
      clientQuota,
    );
    expect(await usage()).toEqual([]);
    // The check and the upload's row are one statement: a refused start leaves no row.
    expect(await uploadRows()).toEqual(before);
  });

  it('counts the chunks stored and refuses (429) a chunk past it, whatever the uploads started', async () => {
    const first = await started('203.0.113.2', 5_000_000);
    // Both start: nothing is stored yet, and a start reserves nothing.
    const second = await started('203.0.113.2', 5_000_000);
    expect(await sendChunks('203.0.113.2', first, pdfBytes(5_000_000))).toEqual([200, 200]);

    await expectQuotaRefusal(await putChunk('203.0.113.2', second, 0, pdfBytes(CHUNK_SIZE)), clientQuota);
    // Its bytes, stored before the claim the charge refused, are deleted with it.
    expect(await chunksOf(second)).toEqual([]);
    await expectQuotaRefusal(
      await start('203.0.113.2', { purpose: 'cv', fileName: 'otro.pdf', size: 3_000_001 }),
      clientQuota,
    );
    expect((await usage()).map((row) => row.bytes)).toEqual(['5000000']);

    // Another address has its own quota; the refused chunk left its index free.
    expect(await sendChunks('203.0.113.3', second, pdfBytes(5_000_000))).toEqual([200, 200]);
    expect((await complete(second)).status).toBe(200);
  });

  it('counts a file sent inline with its form', async () => {
    const send = (name: string) => applyWithInlineCv(name, '203.0.113.4');
    expect((await send('cv-1.pdf')).status).toBe(200);
    expect((await send('cv-2.pdf')).status).toBe(200);
    const before = [await db().query('SELECT count(*)::int AS n FROM job_applications'), await storedFiles()];
    await expectQuotaRefusal(await send('cv-3.pdf'), clientQuota);
    // Its bytes, stored before the batch that the charge refused, are deleted with it.
    expect([await db().query('SELECT count(*)::int AS n FROM job_applications'), await storedFiles()]).toEqual(before);
  });

  it('keeps no address: each client is a salted hash, and past days are deleted by the hourly clean-up', async () => {
    await sendChunks('203.0.113.5', await started('203.0.113.5', 1_000), pdfBytes(1_000));
    await sendChunks('203.0.113.6', await started('203.0.113.6', 1_000), pdfBytes(1_000));
    const rows = await usage();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.client).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db().query('SELECT * FROM upload_quota_days NATURAL JOIN upload_usage'))).not.toMatch(
      /203\.0\.113/,
    );

    await db().query(`INSERT INTO upload_quota_days (day, salt) VALUES (current_date - 2, 'sal')`);
    await db().query(`INSERT INTO upload_usage (day, client, bytes) VALUES (current_date - 2, 'antiguo', 1000)`);
    expect((await uploadsCleanup()).status).toBe(204);
    expect(await db().query('SELECT day FROM upload_quota_days')).toHaveLength(1);
    expect(await usage()).toEqual(rows);
  });
});

describe('denuncia uploads', () => {
  beforeEach(() => {
    process.env.UPLOAD_DAILY_BYTES_PER_CLIENT = '8000000';
  });

  it('are counted against no client address at all, chunks, completions and refusals alike', async () => {
    const bytes = pngBytes(9_000_000);
    const id = await started('203.0.113.20', bytes.byteLength, 'denuncia');
    // Over the CV sender's limit of 8 MB: a denuncia's sender has none.
    expect(await sendChunks('203.0.113.20', id, bytes)).toEqual([200, 200, 200]);
    expect((await complete(id)).status).toBe(200);
    expect(await usage()).toEqual([]);
    expect(await db().query('SELECT * FROM upload_quota_days')).toEqual([]);
  });
});

describe('the daily pool of CVs from everyone', () => {
  beforeEach(() => {
    process.env.UPLOAD_DAILY_BYTES_TOTAL = '6000000';
  });

  it('counts only completed, checked files: chunks never completed and refused files leave it to everyone', async () => {
    // A client sends chunks it never completes, and a file that is not a CV.
    expect(await sendChunks('198.51.100.1', await started('198.51.100.1', 5_000_000), pdfBytes(5_000_000))).toEqual([
      200, 200,
    ]);
    const notCv = await started('198.51.100.1', 5_000_000);
    await sendChunks('198.51.100.1', notCv, pngBytes(5_000_000));
    expect((await complete(notCv)).status).toBe(400);

    const cv = await started('198.51.100.2', 5_000_000);
    expect(await sendChunks('198.51.100.2', cv, pdfBytes(5_000_000))).toEqual([200, 200]);
    expect((await complete(cv)).status).toBe(200);
  });

  it('refuses (429) a CV that no longer fits, at its start and at its completion, chunks kept for another day', async () => {
    const late = await started('198.51.100.3', 1_000_001);
    await sendChunks('198.51.100.3', late, pdfBytes(1_000_001));
    const first = await started('198.51.100.4', 5_000_000);
    await sendChunks('198.51.100.4', first, pdfBytes(5_000_000));
    expect((await complete(first)).status).toBe(200);

    await expectQuotaRefusal(
      await start('198.51.100.5', { purpose: 'cv', fileName: 'cv.pdf', size: 1_000_001 }),
      totalQuota,
    );
    await expectQuotaRefusal(await complete(late), totalQuota);
    // Given back whole: completed once there is room again.
    process.env.UPLOAD_DAILY_BYTES_TOTAL = '7000000';
    expect((await complete(late)).status).toBe(200);
  });

  it('stops counting a completed file never attached once the clean-up deletes it', async () => {
    const abandoned = await started('198.51.100.6', 5_000_000);
    await sendChunks('198.51.100.6', abandoned, pdfBytes(5_000_000));
    expect((await complete(abandoned)).status).toBe(200);
    await expectQuotaRefusal(
      await start('198.51.100.7', { purpose: 'cv', fileName: 'cv.pdf', size: 2_000_000 }),
      totalQuota,
    );

    await db().query(`UPDATE uploads SET created_at = now() - interval '2 days' WHERE id = $1`, [abandoned]);
    expect((await uploadsCleanup()).status).toBe(204);
    expect((await start('198.51.100.7', { purpose: 'cv', fileName: 'cv.pdf', size: 2_000_000 })).status).toBe(201);
  });

  it('counts a CV sent inline with its form', async () => {
    const send = (name: string) => applyWithInlineCv(name, `198.51.100.${name.length}`);
    expect((await send('cv-1.pdf')).status).toBe(200);
    expect((await send('cv-22.pdf')).status).toBe(200);
    const uploadsNow = async () => [await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()];
    const before = await uploadsNow();
    await expectQuotaRefusal(await send('cv-333.pdf'), totalQuota);
    // A refused inline file is not kept: neither its row nor its bytes.
    expect(await uploadsNow()).toEqual(before);
  });

  it('does not count the files staff publish', async () => {
    const admin = await signedInAdmin(db(), 'Ana Staff', 'ana.staff@example.com');
    const response = await start(
      '198.51.100.9',
      { purpose: 'publication', fileName: 'memoria.pdf', size: 20_000_000 },
      { authorization: `Bearer ${admin.token}` },
    );
    expect(response.status).toBe(201);
    const id = (await response.json()).data.uploadId as string;
    expect(await sendChunks('198.51.100.9', id, pdfBytes(20_000_000))).toEqual([200, 200, 200, 200, 200]);
    expect((await complete(id)).status).toBe(200);
    expect(await usage()).toEqual([]);
    expect((await start('198.51.100.9', { purpose: 'cv', fileName: 'cv.pdf', size: 6_000_000 })).status).toBe(201);
  });

  it('is refused as a setting when it is not a whole number of bytes (503)', async () => {
    process.env.UPLOAD_DAILY_BYTES_TOTAL = '5 GB';
    const response = await start('198.51.100.10', { purpose: 'cv', fileName: 'a.pdf', size: 10 });
    expect(response.status).toBe(503);
  });
});

describe("denuncia evidence's own daily pool", () => {
  beforeEach(() => {
    process.env.UPLOAD_DAILY_DENUNCIA_FILES = '2';
    process.env.UPLOAD_DAILY_BYTES_TOTAL = '6000000';
  });

  const denunciaFile = async (ip: string) => {
    const id = await started(ip, 5_000, 'denuncia');
    await sendChunks(ip, id, pngBytes(5_000));
    return id;
  };

  it('counts completed files from everyone, apart from the CVs, and refuses (429) past it', async () => {
    // Chunks never completed do not count.
    await putChunk('192.0.2.50', await started('192.0.2.50', 5_000, 'denuncia'), 0, pngBytes(5_000));
    const late = await denunciaFile('192.0.2.51');
    expect((await complete(await denunciaFile('192.0.2.52'))).status).toBe(200);
    expect((await complete(await denunciaFile('192.0.2.53'))).status).toBe(200);

    await expectQuotaRefusal(
      await start('192.0.2.54', { purpose: 'denuncia', fileName: 'foto.png', size: 5_000 }),
      denunciaQuota,
    );
    await expectQuotaRefusal(await complete(late), denunciaQuota);

    // The CVs' pool is another: the full one takes none of its room, nor it of this one's.
    const cv = await started('192.0.2.55', 5_000_000);
    await sendChunks('192.0.2.55', cv, pdfBytes(5_000_000));
    expect((await complete(cv)).status).toBe(200);
  });

  it('does not fill with CVs', async () => {
    process.env.UPLOAD_DAILY_BYTES_TOTAL = '1000';
    const cv = await started('192.0.2.56', 1_000);
    await sendChunks('192.0.2.56', cv, pdfBytes(1_000));
    expect((await complete(cv)).status).toBe(200);
    expect((await complete(await denunciaFile('192.0.2.57'))).status).toBe(200);
  });

  it('is refused as a setting when it is not a whole number of files (503)', async () => {
    process.env.UPLOAD_DAILY_DENUNCIA_FILES = 'cien';
    const response = await start('192.0.2.58', { purpose: 'denuncia', fileName: 'a.png', size: 10 });
    expect(response.status).toBe(503);
  });
});

describe('a chunk once written', () => {
  it.each([
    ['a CV', 'cv', pdfBytes],
    ["a denuncia's file", 'denuncia', pngBytes],
  ] as const)(
    'of %s is kept: a different second write is refused (409), the same bytes again are accepted once',
    async (_case, purpose, bytesOf) => {
      const bytes = bytesOf(CHUNK_SIZE + 10);
      const id = await started('192.0.2.1', bytes.byteLength, purpose);
      expect(await sendChunks('192.0.2.1', id, bytes)).toEqual([200, 200]);

      const other = bytesOf(CHUNK_SIZE);
      other[100] = other[100]! ^ 0xff;
      const refused = await putChunk('192.0.2.1', id, 0, other);
      expect(refused.status).toBe(409);
      const message = 'Esta parte del archivo ya se había recibido con otro contenido. Por favor adjúntelo nuevamente.';
      expect(await refused.json()).toEqual({ success: false, error: message, message, errors: { file: message } });

      // A retry of the same bytes (its answer lost on the way) is neither stored nor counted again.
      expect((await putChunk('192.0.2.1', id, 0, bytes.slice(0, CHUNK_SIZE))).status).toBe(200);
      // Each index keeps the bytes it was claimed with, and only those.
      expect(await chunksOf(id)).toHaveLength(2);
      // A CV's chunks count for its sender; a denuncia's for no one.
      expect((await usage()).map((row) => row.bytes)).toEqual(purpose === 'cv' ? [String(bytes.byteLength)] : []);

      const completed = await complete(id);
      expect(await completed.json()).toEqual({
        success: true,
        data: { sha256: sha256(bytes), size: bytes.byteLength },
      });
      expect(sha256((await getBytes(uploadStore(), fileKey(id), purpose))!)).toBe(sha256(bytes));
    },
  );

  it('is no longer accepted once the upload is completed', async () => {
    const bytes = pngBytes(1_000);
    const id = await started('192.0.2.2', bytes.byteLength, 'denuncia');
    await sendChunks('192.0.2.2', id, bytes);
    expect((await complete(id)).status).toBe(200);
    expect((await putChunk('192.0.2.2', id, 0, bytes)).status).toBe(400);
  });
});

describe('completion', () => {
  it('is claimed by one of several concurrent requests; the file stored is the one whose hash is recorded', async () => {
    const bytes = pngBytes(2 * CHUNK_SIZE + 1_000);
    const id = await started('192.0.2.3', bytes.byteLength, 'denuncia');
    await sendChunks('192.0.2.3', id, bytes);

    const answers = await Promise.all(Array.from({ length: 5 }, () => complete(id)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(await winner.json()).toEqual({ success: true, data: { sha256: sha256(bytes), size: bytes.byteLength } });
    for (const answer of answers.filter((other) => other.status === 409))
      expect((await answer.json()).error).toBe('Este archivo ya se recibió completo.');

    const [row] = await db().query<{ status: string; sha256: string }>(
      'SELECT status, sha256 FROM uploads WHERE id = $1',
      [id],
    );
    expect(row!.status).toBe('complete');
    expect(await unsealText(row!.sha256, `uploads.sha256:${id}`)).toBe(sha256(bytes));
    expect(sha256((await getBytes(uploadStore(), fileKey(id), 'denuncia'))!)).toBe(sha256(bytes));
    expect((await uploadStore().list({ prefix: `chunks/${id}/` })).blobs).toEqual([]);
  });

  it('that fails gives the upload back: the missing chunk is sent and the file completed', async () => {
    const bytes = pngBytes(CHUNK_SIZE + 10);
    const id = await started('192.0.2.4', bytes.byteLength, 'denuncia');
    expect((await putChunk('192.0.2.4', id, 1, bytes.slice(CHUNK_SIZE))).status).toBe(200);
    expect((await complete(id)).status).toBe(400);
    expect((await putChunk('192.0.2.4', id, 0, bytes.slice(0, CHUNK_SIZE))).status).toBe(200);
    expect((await complete(id)).status).toBe(200);
    expect(sha256((await getBytes(uploadStore(), fileKey(id), 'denuncia'))!)).toBe(sha256(bytes));
  });

  it('of an unknown upload is a 400, as before', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'no-es-un-id']) {
      const response = await complete(id);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe(
        'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
      );
    }
  });
});
