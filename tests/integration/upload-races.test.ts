import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeUpload, startUpload, storeChunk } from '../../src/server/uploads/chunks.ts';
import type { Database } from '../../src/server/db/index.ts';
import { Refusal } from '../../src/server/errors.ts';
import { statusOf as refusalStatus } from '../../src/server/http.ts';
import { fileKey, getBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { receiveFile, storeAndAttach, withReceivedFile } from '../../src/server/uploads/files.ts';
import type { UploadPurpose } from '../../src/shared/uploads/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { pdfBytes, pngBytes, sha256 } from '../helpers/files.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * The uploads' check-then-act steps raced on a real PostgreSQL, each
 * competitor in its own session (READ COMMITTED, as Neon), the blob store local.
 */
useLocalEnvironment();
let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
}, 120_000);
afterAll(() => postgres?.stop());
afterEach(() => {
  delete process.env.UPLOAD_DAILY_BYTES_PER_CLIENT;
  delete process.env.UPLOAD_DAILY_BYTES_TOTAL;
  delete process.env.UPLOAD_DAILY_DENUNCIA_FILES;
});

const ROUNDS = 20;
const bytesOf = (purpose: UploadPurpose, size: number) => (purpose === 'cv' ? pdfBytes(size) : pngBytes(size));

/** A one-chunk upload with its chunk stored, ready to complete. */
async function ready(purpose: UploadPurpose, bytes: Uint8Array<ArrayBuffer>, client: string): Promise<string> {
  const id = await startUpload(postgres.db, client, purpose, purpose === 'cv' ? 'cv.pdf' : 'foto.png', bytes.length);
  await storeChunk(postgres.db, uploadStore(), client, id, 0, bytes);
  return id;
}

const statusOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 200 : result.reason instanceof Refusal ? refusalStatus(result.reason) : 500;

describe.each(['cv', 'denuncia'] as const)('completions of a %s file racing each other', (purpose) => {
  it('of one upload give one outcome: one completion, one stored file, counted once', async () => {
    const competitors: Database[] = Array.from({ length: 4 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = bytesOf(purpose, 1_000 + round);
      const id = await ready(purpose, bytes, `198.51.100.${round}`);
      const results = await Promise.allSettled(competitors.map((db) => completeUpload(db, uploadStore(), id)));

      expect(results.map(statusOf).sort()).toEqual([200, 409, 409, 409]);
      const winner = results.find((result) => result.status === 'fulfilled');
      expect(winner?.value).toEqual({ sha256: sha256(bytes), size: bytes.length });
      expect(sha256((await getBytes(uploadStore(), fileKey(id), purpose))!)).toBe(sha256(bytes));
      const [row] = await postgres.db.query<{ status: string; counted: boolean }>(
        'SELECT status, pool_day IS NOT NULL AS counted FROM uploads WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ status: 'complete', counted: true });
    }
  });

  it("of different uploads never pass the pool's daily limit", async () => {
    const room = 3;
    const size = 1_000;
    givePoolRoom(purpose, room, size);
    const competitors: Database[] = Array.from({ length: 6 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      // Each round a new day: what the round before counted no longer does.
      await postgres.db.query('UPDATE uploads SET pool_day = NULL');
      const ids = await Promise.all(
        competitors.map((_, index) => ready(purpose, bytesOf(purpose, size), `203.0.113.${index}`)),
      );
      const results = await Promise.allSettled(
        competitors.map((db, index) => completeUpload(db, uploadStore(), ids[index]!)),
      );

      expect(results.map(statusOf).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      expect(await countedFiles(purpose)).toBe(room);
    }
  });
});

/** Room in the daily pool of `purpose` for `files` files of `size` bytes: the CV pool counts bytes, the denuncias' files. */
function givePoolRoom(purpose: UploadPurpose, files: number, size: number) {
  if (purpose === 'cv') process.env.UPLOAD_DAILY_BYTES_TOTAL = String(files * size);
  else process.env.UPLOAD_DAILY_DENUNCIA_FILES = String(files);
}

/** How many files of `purpose` count toward their pool's day. */
async function countedFiles(purpose: UploadPurpose) {
  const [counted] = await postgres.db.query<{ files: number }>(
    `SELECT count(*)::int AS files FROM uploads WHERE pool_day IS NOT NULL AND purpose = $1`,
    [purpose],
  );
  return counted!.files;
}

describe("a CV sender's chunks racing each other", () => {
  it("never pass the sender's daily limit", async () => {
    const size = 1_000;
    process.env.UPLOAD_DAILY_BYTES_PER_CLIENT = String(3 * size);
    const competitors: Database[] = Array.from({ length: 6 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      const client = `192.0.2.${round}`;
      const ids = await Promise.all(competitors.map(() => startUpload(postgres.db, client, 'cv', 'cv.pdf', size)));
      const results = await Promise.allSettled(
        competitors.map((db, index) => storeChunk(db, uploadStore(), client, ids[index]!, 0, pdfBytes(size))),
      );

      expect(results.map(statusOf).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    }
  });
});

/** Files sent inline, each stored and attached by its own batch on its own session, at once. */
async function sendInline(purpose: UploadPurpose, competitors: Database[], clientOf: (index: number) => string) {
  const files = await Promise.all(
    competitors.map(async (_, index) => {
      const fileName = purpose === 'cv' ? 'cv.pdf' : 'foto.png';
      const form = { fields: {}, file: { fileName, bytes: bytesOf(purpose, 1_000), tooLarge: false } };
      return (await receiveFile(uploadStore(), purpose, form, clientOf(index)))!;
    }),
  );
  const results = await Promise.allSettled(
    competitors.map((db, index) =>
      withReceivedFile(uploadStore(), files[index], () => db.batch(storeAndAttach(files[index]!))),
    ),
  );
  return { files, results };
}

describe.each(['cv', 'denuncia'] as const)('%s files sent inline racing each other', (purpose) => {
  it("never pass the pool's daily limit; a refused one leaves no row and no bytes", async () => {
    const room = 3;
    givePoolRoom(purpose, room, 1_000);
    const competitors: Database[] = Array.from({ length: 6 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      await postgres.db.query('UPDATE uploads SET pool_day = NULL');
      const { files, results } = await sendInline(purpose, competitors, (index) => `198.18.${round}.${index}`);

      expect(results.map(statusOf).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      expect(await countedFiles(purpose)).toBe(room);
      const refused = files.filter((_, index) => results[index]!.status === 'rejected').map((file) => file.id);
      expect(await postgres.db.query('SELECT id FROM uploads WHERE id = ANY($1::uuid[])', [refused])).toEqual([]);
      for (const id of refused) expect(await getBytes(uploadStore(), fileKey(id), purpose)).toBeUndefined();
    }
  });
});

describe("a CV sender's inline files racing each other", () => {
  it("never pass the sender's daily limit", async () => {
    process.env.UPLOAD_DAILY_BYTES_PER_CLIENT = String(3 * 1_000);
    const competitors: Database[] = Array.from({ length: 6 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      const { results } = await sendInline('cv', competitors, () => `198.19.0.${round}`);
      expect(results.map(statusOf).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    }
  });
});

describe('writes of one chunk racing each other', () => {
  it('claim it once: the same bytes are accepted, other bytes refused, one copy kept and counted once', async () => {
    const size = 1_000;
    const competitors: Database[] = Array.from({ length: 6 }, () => postgres.connect());
    for (let round = 0; round < ROUNDS; round++) {
      const client = `198.20.0.${round}`;
      const id = await startUpload(postgres.db, client, 'cv', 'cv.pdf', size);
      const first = pdfBytes(size);
      const other = pdfBytes(size);
      other[500] = other[500]! ^ 0xff;
      const results = await Promise.allSettled(
        competitors.map((db, index) => storeChunk(db, uploadStore(), client, id, 0, index % 2 ? other : first)),
      );

      // Whichever bytes claimed the index first are accepted, every time they are sent; the others are not.
      const statuses = results.map(statusOf);
      const won = statuses[0] === 200 ? first : other;
      expect(statuses).toEqual(statuses[0] === 200 ? [200, 409, 200, 409, 200, 409] : [409, 200, 409, 200, 409, 200]);
      expect((await uploadStore().list({ prefix: `chunks/${id}/` })).blobs).toHaveLength(1);
      const [usage] = await postgres.db.query<{ bytes: string }>(
        `SELECT sum(bytes)::text AS bytes FROM upload_usage u JOIN upload_quota_days k ON k.day = u.day
         WHERE u.client = encode(sha256(convert_to(k.salt || $1::text, 'UTF8')), 'hex')`,
        [client],
      );
      expect(usage!.bytes).toBe(String(size));
      expect(await completeUpload(postgres.db, uploadStore(), id)).toEqual({ sha256: sha256(won), size });
    }
  });
});
