import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import denuncias from '../../netlify/functions/denuncias.ts';
import * as seguimiento from '../../netlify/functions/denuncias-follow-up.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { FIRST_WAIT_SECONDS, LONGEST_WAIT_SECONDS } from '../../src/server/throttle/throttle.ts';
import { RECEIPT_THROTTLE } from '../../src/server/throttle/uses.ts';
import { refusalOf } from '../../src/server/db/refusals.ts';
import {
  messageStatements,
  REPORTER_MESSAGE_REFUSED,
  reporterMessageStatements,
} from '../../src/server/denuncias/messages.ts';
import { storeAndAttach } from '../../src/server/uploads/files.ts';
import { receiptHash } from '../../src/server/denuncias/receipt.ts';
import { fileKey, getBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { receiptGroups } from '../../src/shared/denuncias/case/schema.ts';
import { denunciaFollowUpMessages as texts } from '../../src/shared/denuncias/follow-up/schema.ts';
import { uploadMessages } from '../../src/shared/uploads/schema.ts';
import { chunkedUpload } from '../helpers/uploads.ts';
import { blobStoreDump, databaseDump, useLocalEnvironment } from '../helpers/database.ts';
import { multipart, pngBytes } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';

// The slow hash, watched: a throttled request must refuse before paying for it.
vi.mock('../../src/server/denuncias/receipt.ts', async (original) => {
  const actual = await original<typeof import('../../src/server/denuncias/receipt.ts')>();
  return { ...actual, receiptHash: vi.fn(actual.receiptHash) };
});

const { receiptHash: actualReceiptHash } = await vi.importActual<
  typeof import('../../src/server/denuncias/receipt.ts')
>('../../src/server/denuncias/receipt.ts');

/** /denuncias/seguimiento's API: the receipt code opens the denuncia, nothing else does. */

const environment = useLocalEnvironment();
const db = () => environment.database.db;

const NARRATIVE = 'El jefe de bodega vende materiales de la empresa a un contratista.';
const EMAIL = 'testigo.reservado@correo.cl';
let reference: string;
let receipt: string;

async function sendDenuncia(email = EMAIL) {
  const request = multipart('/api/denuncias', {
    denunciaRelacion: 'Trabajador',
    denunciaLugar: 'Plantas',
    denunciaType: 'Apropiación indebida',
    email,
    denunciaText: NARRATIVE,
  });
  request.headers.set('x-local-now', '2026-11-30T15:00:00Z');
  const { context, settle } = testContext();
  const response = await denuncias(request, context);
  await settle();
  return (await response.json()).data as { reference: string; receipt: string };
}

beforeEach(async () => {
  for (const table of ['denuncia_messages', 'denuncias', 'receipt_failures', 'outbox'])
    await db().query(`DELETE FROM ${table}`);
  vi.mocked(receiptHash).mockImplementation(actualReceiptHash);
  ({ reference, receipt } = await sendDenuncia());
  vi.mocked(receiptHash).mockClear();
});

/** Calls the function from the client at `ip`. */
async function call(request: Request, ip = '203.0.113.7') {
  const { context, settle } = testContext();
  const response = await seguimiento.default(request, { ...context, ip });
  await settle();
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

const open = (code: string, ip?: string) => call(postJson('/api/denuncias/seguimiento', { receipt: code }), ip);
const reply = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array<ArrayBuffer> }, ip?: string) =>
  call(multipart('/api/denuncias/seguimiento/mensajes', fields, file), ip);
const notice = (body: unknown) => call(postJson('/api/denuncias/seguimiento/aviso', body));
const storedFiles = async () => (await uploadStore().list({ prefix: 'files/' })).blobs.map((blob) => blob.key).sort();

async function complianceMessage(author: 'compliance' | 'note', body: string) {
  const admin = await createAdmin(db(), {
    name: 'Carla Cumplimiento',
    email: `carla.${Math.random()}@example.com`,
    password: 'contraseña-de-prueba',
    roles: ['cumplimiento'],
  });
  await db().batch(
    await messageStatements({
      reference,
      author,
      body,
      admin: { id: admin.id, email: admin.email, roles: ['cumplimiento'], name: admin.name },
    }),
  );
}

describe('POST /api/denuncias/seguimiento', () => {
  it('opens the denuncia with its code, as typed in groups with spaces or dashes: Recibida, its date, no messages, never cached', async () => {
    for (const typed of [receipt, receiptGroups(receipt), ` ${receiptGroups(receipt).replaceAll(' ', '-')} `]) {
      const { status, cache, body } = await open(typed);
      expect(status).toBe(200);
      expect(cache).toBe('no-store');
      expect(body).toEqual({
        success: true,
        data: {
          denuncia: {
            reference,
            status: 'recibida',
            receivedAt: '2026-11-30T15:00:00Z',
            closedAt: null,
            messages: [],
            canNotify: true,
            notify: false,
          },
        },
      });
    }
  });

  it("shows the reporter's and compliance's messages, never an internal note or who in compliance wrote", async () => {
    await complianceMessage('compliance', '¿Puede indicar en qué turno ocurre?');
    await complianceMessage('note', 'Nota interna: revisar cámaras.');
    const { body } = await open(receipt);
    expect(body.data.denuncia.messages).toEqual([
      {
        author: 'compliance',
        body: '¿Puede indicar en qué turno ocurre?',
        attachment: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/Nota interna|Carla|adminName/);
    // Nor what the reporter wrote in the form, nor their e-mail.
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`${NARRATIVE}|${EMAIL}`));
  });

  it('answers one message for an unknown code and a malformed one, alike', async () => {
    const answers = [
      await open('0000000000000000'),
      await open('1234'),
      await open(`${receipt}9`),
      await open('abcd-efgh-ijkl-mnop'),
    ];
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 404, cache: 'no-store', body: { success: false, error: texts.notFound } });
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  });

  it('asks for the code when it is missing; anything but POST is refused', async () => {
    expect(await open('  ')).toMatchObject({
      status: 400,
      body: { errors: { receipt: 'Ingrese su código de recibo.' } },
    });
    const get = await seguimiento.default(
      new Request('http://localhost/api/denuncias/seguimiento'),
      testContext().context,
    );
    expect(get.status).toBe(405);
  });

  const FREE = RECEIPT_THROTTLE.free;
  const wrong = (attempt: number) => String(attempt).padStart(16, '7');
  /** Moves the client rows' last attempt `seconds` into the past: the wait as if it had passed. */
  const age = (seconds: number) =>
    db().query(`UPDATE receipt_failures SET failed_at = failed_at - make_interval(secs => $1)`, [seconds]);

  it(`after ${FREE} failed codes a client waits ${FIRST_WAIT_SECONDS} s, even with the right code and without a hash; another client does not`, async () => {
    for (let attempt = 0; attempt < FREE; attempt++) expect((await open(wrong(attempt))).status).toBe(404);
    vi.mocked(receiptHash).mockClear();
    const refused = await open(receipt);
    expect(refused).toMatchObject({ status: 429, cache: 'no-store' });
    const seconds = Number(refused.retryAfter);
    expect(seconds).toBeGreaterThan(FIRST_WAIT_SECONDS - 3);
    expect(seconds).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
    expect(refused.body.error).toBe(texts.throttled(seconds));
    expect(refused.body.error).toMatch(
      /^Demasiados intentos con códigos incorrectos desde esta conexión\. Espere 1?\d segundos e intente nuevamente\.$/,
    );
    expect(receiptHash).not.toHaveBeenCalled();
    expect((await open(receipt, '198.51.100.9')).status).toBe(200);
    // The address is never stored: only its keyed hash, and no row for a client without failures.
    const clients = await db().query<{ client: string; failures: number }>(
      'SELECT client, failures FROM receipt_failures',
    );
    expect(clients).toEqual([{ client: expect.stringMatching(/^[0-9a-f]{64}$/), failures: FREE }]);
    expect(await databaseDump(db())).not.toContain('203.0.113.7');
  });

  it('the wait doubles with each further failure, up to 15 minutes, and the right code opens once it has passed', async () => {
    for (let attempt = 0; attempt < FREE; attempt++) await open(wrong(attempt));
    for (const wait of [15, 30, 60, 120, 240, 480, 900, 900]) {
      const refused = await open(receipt);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(wait - 3);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(wait);
      await age(wait);
      expect((await open(wrong(wait))).status).toBe(404);
    }
    expect(texts.throttled(900)).toBe(
      'Demasiados intentos con códigos incorrectos desde esta conexión. Espere 15 minutos e intente nuevamente.',
    );
    // However long the run, the wait stays 15 minutes (no overflow of the doubling).
    await db().query('UPDATE receipt_failures SET failures = 100000');
    expect((await open(receipt)).retryAfter).toMatch(/^(89\d|900)$/);
    await age(LONGEST_WAIT_SECONDS);
    expect((await open(receipt)).status).toBe(200);
    // The right code handed its attempt back: the run is as it was.
    expect(await db().query('SELECT failures FROM receipt_failures')).toEqual([{ failures: 100000 }]);
  });

  it('an IPv6 client is its /64: new addresses in it share its wait, another /64 does not', async () => {
    for (let attempt = 0; attempt < FREE; attempt++)
      expect((await open(wrong(attempt), `2001:db8:aa:bb::${attempt + 1}`)).status).toBe(404);
    expect((await open(receipt, '2001:db8:aa:bb:1234:5678:9abc:def0')).status).toBe(429);
    expect((await open(receipt, '2001:DB8:AA:BB::FFFF')).status).toBe(429);
    expect((await open(receipt, '2001:db8:aa:bc::1')).status).toBe(200);
    expect(await db().query('SELECT failures FROM receipt_failures')).toEqual([{ failures: FREE }]);
    // An IPv4 address seen through a dual-stack socket is that IPv4 client.
    for (let attempt = 0; attempt < FREE; attempt++) await open(wrong(attempt), '192.0.2.80');
    expect((await open(receipt, '::ffff:192.0.2.80')).status).toBe(429);
  });

  it('a distributed guess: 320 wrong codes from 32 addresses, then the right code from another address opens', async () => {
    // The flood's codes are well formed and wrong; their hash is made fast here (and matches nothing).
    vi.mocked(receiptHash).mockResolvedValue('no-denuncia-has-this-hash');
    const statuses: number[] = [];
    for (let client = 1; client <= 32; client++)
      for (let attempt = 0; attempt < 10; attempt++)
        statuses.push((await open(wrong(client * 100 + attempt), `198.51.100.${client}`)).status);
    // The first 29 clients had their free attempts; the 30th's first failure put the brake on, so
    // it and the next two, which had not failed before, had their first code checked, then waited.
    const brake = RECEIPT_THROTTLE.brake!;
    const checked = (brake - 1) * FREE + (32 - brake + 1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(checked);
    expect(statuses.filter((status) => status === 429)).toHaveLength(320 - checked);
    expect(receiptHash).toHaveBeenCalledTimes(checked);
    vi.mocked(receiptHash).mockImplementation(actualReceiptHash);

    expect(await open(receipt, '192.0.2.44')).toMatchObject({
      status: 200,
      body: { data: { denuncia: { reference } } },
    });
    expect(await open(receipt, '2001:db8:77::1')).toMatchObject({ status: 200 });
    // A client that failed waits a whole 15 minutes while the brake is on, even from its first failure.
    expect((await open(wrong(1), '192.0.2.45')).status).toBe(404);
    const braked = await open(receipt, '192.0.2.45');
    expect(braked).toMatchObject({ status: 429 });
    expect(Number(braked.retryAfter)).toBeGreaterThan(LONGEST_WAIT_SECONDS - 3);
    expect(braked.body.error).toBe(texts.throttledEveryone(Number(braked.retryAfter)));
    expect(texts.throttledEveryone(900)).toBe(
      'El seguimiento de denuncias está recibiendo muchos intentos con códigos incorrectos y, por seguridad, desde esta conexión solo se puede probar un código cada 15 minutos. Espere 15 minutos e intente nuevamente.',
    );
    // Once it has waited, its right code opens, brake or not.
    await age(LONGEST_WAIT_SECONDS);
    expect((await open(receipt, '192.0.2.45')).status).toBe(200);
  });

  it('a right code does not count as a failure; failures past a day are pruned as a new one is written', async () => {
    for (let attempt = 0; attempt < RECEIPT_THROTTLE.free + 2; attempt++)
      expect((await open(receipt)).status).toBe(200);
    expect(await db().query('SELECT client FROM receipt_failures')).toEqual([]);
    await db().query(`INSERT INTO receipt_failures (client, failed_at) VALUES ('old', now() - interval '25 hours')`);
    await open('0000000000000000');
    expect(await db().query('SELECT client FROM receipt_failures')).toEqual([
      { client: expect.not.stringMatching(/^old$/) },
    ]);
  });
});

/** A reply refused for its code: no message, no mail to staff, and the attempt counted once. */
async function expectNothingWrittenOneFailure() {
  expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
  expect(await db().query(`SELECT id FROM outbox WHERE subject = 'Nuevo mensaje de un denunciante'`)).toEqual([]);
  expect(await db().query('SELECT failures FROM receipt_failures')).toEqual([{ failures: 1 }]);
}

describe('POST /api/denuncias/seguimiento/mensajes', () => {
  it("adds the reporter's message and its file, both sealed; the compliance mailbox hears of it without content", async () => {
    const evidence = pngBytes(30_000);
    const text = 'Ocurre los viernes en el turno de noche.';
    const { status, cache, body } = await reply({ receipt, body: text }, { name: 'bodega.png', bytes: evidence });
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(body.message).toBe('Mensaje enviado.');
    expect(body.data.denuncia.messages).toEqual([
      {
        author: 'reporter',
        body: text,
        attachment: { fileName: 'bodega.png', size: 30_000 },
        createdAt: expect.any(String),
      },
    ]);

    const [stored] = await db().query<{ body: string; upload: string }>(
      'SELECT body, attachment_upload_id AS upload FROM denuncia_messages',
    );
    expect(stored!.body).toMatch(/^v1\./);
    expect(await databaseDump(db())).not.toContain(text);
    const blobs = await blobStoreDump(environment.blobsDir);
    expect(blobs.includes(Buffer.from(evidence.subarray(0, 4_096)))).toBe(false);
    expect(await getBytes(uploadStore(), fileKey(stored!.upload), 'denuncia')).toEqual(evidence);
    const [upload] = await db().query<{ status: string }>('SELECT status FROM uploads WHERE id = $1', [stored!.upload]);
    expect(upload!.status).toBe('attached');

    const mails = await db().query<{ recipient: string; subject: string; body: string }>(
      `SELECT recipient, subject, body FROM outbox WHERE reference = $1 AND subject = 'Nuevo mensaje de un denunciante'`,
      [reference],
    );
    expect(mails).toEqual([
      {
        recipient: 'denuncias@example.com',
        subject: 'Nuevo mensaje de un denunciante',
        body: expect.stringContaining(`/admin/denuncias/${reference}`),
      },
    ]);
    expect(mails[0]!.body).not.toMatch(/viernes|bodega/);
  });

  it("without a file, writes the message and the mailbox's notice with the lookup, the body bound to its denuncia by the code's hash", async () => {
    const [before] = await db().query<{ updated: string }>('SELECT updated_at::text AS updated FROM denuncias');
    const { status, body } = await reply({ receipt, body: 'Lo vi otra vez el lunes.' });
    expect(status).toBe(200);
    expect(body.data.denuncia.messages).toEqual([
      { author: 'reporter', body: 'Lo vi otra vez el lunes.', attachment: null, createdAt: expect.any(String) },
    ]);
    const [after] = await db().query<{ updated: string }>('SELECT updated_at::text AS updated FROM denuncias');
    expect(after).not.toEqual(before);
    const [mail] = await db().query<{ reference: string; body: string }>(
      `SELECT reference, body FROM outbox WHERE subject = 'Nuevo mensaje de un denunciante'`,
    );
    expect(mail).toEqual({ reference, body: expect.stringMatching(new RegExp(`/admin/denuncias/${reference}$`)) });
    expect(mail!.body).not.toContain('lunes');

    // Copied into another denuncia, under either binding, the body does not open.
    const other = await sendDenuncia();
    await db().query(
      `INSERT INTO denuncia_messages (denuncia_id, author, body, bound_to_receipt)
       SELECT d.id, m.author, m.body, copy.bound FROM denuncia_messages m, denuncias d, (VALUES (true), (false)) copy (bound)
       WHERE d.reference = $1`,
      [other.reference],
    );
    expect((await open(other.receipt)).status).toBe(500);
    expect((await open(receipt)).body.data.denuncia.messages).toHaveLength(1);
  });

  it('takes the file of a chunked upload of purpose denuncia, as the denuncia form sends a large one', async () => {
    const evidence = pngBytes(5_000);
    const { id: uploadId, completed } = await chunkedUpload('audio.png', evidence, 'denuncia');
    expect(completed.status).toBe(200);

    const { status, body } = await reply({ receipt, body: 'Adjunto la grabación.', uploadId, fileName: 'audio.png' });
    expect(status).toBe(200);
    expect(body.data.denuncia.messages[0].attachment).toEqual({ fileName: 'audio.png', size: 5_000 });
    expect(await getBytes(uploadStore(), fileKey(uploadId), 'denuncia')).toEqual(evidence);
  });

  it('a closed denuncia takes no more messages', async () => {
    await db().query(`UPDATE denuncias SET status = 'cerrada', closed_at = now() WHERE reference = $1`, [reference]);
    expect(await reply({ receipt, body: 'Un dato más.' })).toMatchObject({
      status: 409,
      cache: 'no-store',
      body: { error: texts.closed },
    });
    expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
    expect(await db().query(`SELECT id FROM outbox WHERE subject = 'Nuevo mensaje de un denunciante'`)).toEqual([]);
  });

  it("the message's statements write nothing for a closed denuncia's code: with a file they refuse its batch, the file unattached", async () => {
    const { id: uploadId, completed } = await chunkedUpload('audio.png', pngBytes(1_000), 'denuncia');
    expect(completed.status).toBe(200);
    await db().query(`UPDATE denuncias SET status = 'cerrada', closed_at = now() WHERE reference = $1`, [reference]);
    const notice = { to: 'denuncias@example.com', subject: 'Nuevo mensaje de un denunciante', textBeforeReference: '' };
    const receiptHash = await actualReceiptHash(receipt);
    await db().batch(await reporterMessageStatements({ receiptHash, body: 'Tarde.' }, notice));
    // What the lookup of a message with a file saw open, closed before its batch.
    const refused = await db()
      .batch([
        ...storeAndAttach({ id: uploadId, purpose: 'denuncia', stores: [], inline: false }),
        ...(await reporterMessageStatements({ receiptHash, body: 'Tarde.', attachmentUploadId: uploadId }, notice)),
      ])
      .catch((error: unknown) => refusalOf(error)?.reason);
    expect(refused).toBe(REPORTER_MESSAGE_REFUSED);
    expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
    expect(await db().query(`SELECT id FROM outbox WHERE subject = 'Nuevo mensaje de un denunciante'`)).toEqual([]);
    expect(await db().query('SELECT status FROM uploads WHERE id = $1', [uploadId])).toEqual([{ status: 'complete' }]);
  });

  it('a wrong code without a file writes nothing either: no message, no mail', async () => {
    expect(await reply({ receipt: '1111222233334444', body: 'Hola.' })).toMatchObject({
      status: 404,
      body: { error: texts.notFound },
    });
    await expectNothingWrittenOneFailure();
  });

  it('a wrong code keeps nothing, not even the file: no upload row, no bytes; the one message, the attempt counted', async () => {
    const before = [await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()];
    expect(
      await reply({ receipt: '1111222233334444', body: 'Hola.' }, { name: 'x.png', bytes: pngBytes(2_000) }),
    ).toMatchObject({ status: 404, body: { error: texts.notFound } });
    expect([await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()]).toEqual(before);
    await expectNothingWrittenOneFailure();
  });

  it("a closed denuncia's code with a file: closed, nothing kept, and a right code, so its attempt is not counted", async () => {
    await db().query(`UPDATE denuncias SET status = 'cerrada', closed_at = now() WHERE reference = $1`, [reference]);
    const before = [await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()];
    expect(await reply({ receipt, body: 'Tarde.' }, { name: 'x.png', bytes: pngBytes(2_000) })).toMatchObject({
      status: 409,
      body: { error: texts.closed },
    });
    expect([await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()]).toEqual(before);
    expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
    expect(await db().query('SELECT client FROM receipt_failures')).toEqual([]);
  });

  it('a chunked upload not attachable: the one message for a wrong code, the file message for a right one, which does not count', async () => {
    const uploadId = randomUUID();
    expect(await reply({ receipt: '1111222233334444', body: 'Hola.', uploadId, fileName: 'x.png' })).toMatchObject({
      status: 404,
      body: { error: texts.notFound },
    });
    await db().query('DELETE FROM receipt_failures');
    expect(await reply({ receipt, body: 'Hola.', uploadId, fileName: 'x.png' })).toMatchObject({
      status: 400,
      body: { errors: { file: uploadMessages.unknownUpload } },
    });
    expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
    expect(await db().query('SELECT client FROM receipt_failures')).toEqual([]);
  });

  it("a full pool of denuncia files refuses a right code's file (429), its attempt not counted; a wrong code is the one message", async () => {
    const file = { name: 'x.png', bytes: pngBytes(2_000) };
    expect((await reply({ receipt, body: 'Una foto.' }, file)).status).toBe(200);
    const [{ today }] = (await db().query(
      `SELECT count(*)::text AS today FROM uploads WHERE purpose = 'denuncia' AND pool_day IS NOT NULL`,
    )) as [{ today: string }];
    process.env.UPLOAD_DAILY_DENUNCIA_FILES = today;
    try {
      const before = [await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()];
      expect(await reply({ receipt: '1111222233334444', body: 'Otra.' }, file)).toMatchObject({
        status: 404,
        body: { error: texts.notFound },
      });
      await db().query('DELETE FROM receipt_failures');
      expect(await reply({ receipt, body: 'Otra.' }, file)).toMatchObject({
        status: 429,
        body: { errors: { file: uploadMessages.denunciaQuota } },
      });
      expect([await db().query('SELECT id FROM uploads ORDER BY id'), await storedFiles()]).toEqual(before);
      expect(await db().query('SELECT id FROM denuncia_messages')).toHaveLength(1);
      expect(await db().query('SELECT client FROM receipt_failures')).toEqual([]);
    } finally {
      delete process.env.UPLOAD_DAILY_DENUNCIA_FILES;
    }
  });

  it('a file its own checks refuse is answered after the code: the one message for a wrong code, closed for a closed denuncia', async () => {
    const tooLarge = { name: 'video.mp4', bytes: pngBytes(4_000_001) };
    expect(await reply({ receipt: '1111222233334444', body: 'Video.' }, tooLarge)).toMatchObject({
      status: 404,
      body: { error: texts.notFound },
    });
    await db().query(`UPDATE denuncias SET status = 'cerrada', closed_at = now() WHERE reference = $1`, [reference]);
    expect(await reply({ receipt, body: 'Video.' }, tooLarge)).toMatchObject({
      status: 409,
      body: { error: texts.closed },
    });
  });

  it.each([
    [
      'a text of 300 characters, the cap (values are strictly shorter, as the narrative)',
      'x'.repeat(300),
      'Máximo 299 caracteres.',
    ],
    ['an empty text', '   ', 'Escriba su mensaje.'],
  ])('refuses %s', async (_case, text, message) => {
    expect(await reply({ receipt, body: text })).toMatchObject({ status: 400, body: { errors: { body: message } } });
  });

  it('takes a text of 299 characters', async () => {
    expect((await reply({ receipt, body: 'x'.repeat(299) })).status).toBe(200);
  });

  it('refuses a file over 10 MB sent inline with the spec message', async () => {
    const { status, body } = await reply(
      { receipt, body: 'Video.' },
      { name: 'video.mp4', bytes: pngBytes(4_000_001) },
    );
    expect(status).toBe(400);
    expect(body.error).toBe('El tamaño máximo del archivo a subir es de 10 MB');
  });
});

describe('POST /api/denuncias/seguimiento/aviso', () => {
  it('a reporter who gave an e-mail asks for the notice and withdraws it', async () => {
    expect(await notice({ receipt, notify: true })).toMatchObject({
      status: 200,
      cache: 'no-store',
      body: { message: texts.noticeOn, data: { denuncia: { notify: true, canNotify: true } } },
    });
    const row = async () =>
      (
        await db().query<{ notify: boolean }>('SELECT notify_reporter AS notify FROM denuncias WHERE reference = $1', [
          reference,
        ])
      )[0];
    expect(await row()).toEqual({ notify: true });
    expect(await notice({ receipt, notify: false })).toMatchObject({ status: 200, body: { message: texts.noticeOff } });
    expect(await row()).toEqual({ notify: false });
  });

  it('without an e-mail there is nothing to notify: refused', async () => {
    const anonymous = await sendDenuncia('');
    expect((await open(anonymous.receipt)).body.data.denuncia).toMatchObject({ canNotify: false, notify: false });
    expect(await notice({ receipt: anonymous.receipt, notify: true })).toMatchObject({
      status: 409,
      body: { error: texts.noEmail },
    });
    expect(
      await db().query('SELECT notify_reporter AS notify FROM denuncias WHERE reference = $1', [anonymous.reference]),
    ).toEqual([{ notify: false }]);
  });

  it('a wrong code is the one message here too, and counts as a failure', async () => {
    expect(await notice({ receipt: '9999888877776666', notify: true })).toMatchObject({
      status: 404,
      body: { error: texts.notFound },
    });
    expect(await db().query('SELECT client FROM receipt_failures')).toHaveLength(1);
  });
});

it('is rate limited on Netlify too, per client address', () => {
  expect(seguimiento.config.rateLimit).toMatchObject({ aggregateBy: ['ip', 'domain'], windowSize: 60 });
});
