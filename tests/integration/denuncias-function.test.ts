import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import denuncias from '../../netlify/functions/denuncias.ts';
import uploads from '../../netlify/functions/uploads.ts';
import { receiptHash } from '../../src/server/denuncias/receipt.ts';
import { unsealText } from '../../src/server/encryption.ts';
import { fileKey, getBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { DenunciaSchema, denunciaTypes, stepOneComplete } from '../../src/shared/denuncias/schema.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
import { blobStoreDump, databaseDump, useLocalEnvironment } from '../helpers/database.ts';
import { multipart, pngBytes, sha256 } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();

const valid = {
  denunciaRelacion: 'Trabajador',
  denunciaRelacionText: '',
  denunciaLugar: 'Plantas',
  denunciaLugarText: '',
  denunciaType: 'Acoso laboral',
  name: '',
  lastName: '',
  phone: '',
  contactTime: 'De 9:00 a 12:00',
  email: '',
  denunciaDate: 'Octubre de 2026',
  denunciaTime: 'Menos de un mes',
  denunciaPlace: 'Planta Coyhaique',
  denunciaKnowledge: 'Lo observé',
  denunciaKnowledgeText: '',
  denunciaIdentification: 'Sí',
  denunciaCoverup: 'No lo sé',
  denunciaAuthority: 'No',
  denunciaText: 'Un supervisor grita e insulta de forma reiterada a un trabajador del turno de noche.',
};

const count = async () =>
  Number((await environment.database.db.query<{ n: string }>('SELECT count(*) AS n FROM denuncias'))[0]!.n);

async function send(request: Request) {
  const { context, settle } = testContext();
  const response = await denuncias(request, context);
  await settle();
  return { response, body: await response.json() };
}

describe('the denuncia schema', () => {
  it('offers the 22 types of spec §3', () => {
    expect(Object.keys(denunciaTypes)).toHaveLength(22);
  });

  it.each([
    ['denunciaRelacionText', 80],
    ['denunciaLugarText', 80],
    ['name', 50],
    ['lastName', 50],
    ['phone', 20],
    ['denunciaDate', 100],
    ['denunciaPlace', 100],
    ['denunciaKnowledgeText', 80],
    ['denunciaText', 300],
  ])('keeps %s strictly shorter than %i (spec §5)', (field, cap) => {
    expect(DenunciaSchema.safeParse({ ...valid, [field]: 'x'.repeat(cap - 1) }).success).toBe(true);
    expect(DenunciaSchema.safeParse({ ...valid, [field]: 'x'.repeat(cap) }).success).toBe(false);
  });

  it('lets Continuar through only with relation, place and type (spec §4)', () => {
    expect(stepOneComplete({ denunciaRelacion: 'Cliente', denunciaLugar: 'Plantas' })).toBe(false);
    expect(stepOneComplete({ denunciaRelacion: 'Cliente', denunciaLugar: 'Plantas', denunciaType: 'Consultas' })).toBe(
      true,
    );
  });
});

describe('POST /api/denuncias', () => {
  it('stores the denuncia sealed with its file, answers a receipt code kept only hashed, mails no content, keeps nothing about the sender, caches nothing', async () => {
    const evidence = pngBytes(50_000);
    const request = multipart('/api/denuncias', valid, { name: 'evidencia.png', bytes: evidence });
    request.headers.set('x-forwarded-for', '203.0.113.7');
    request.headers.set('user-agent', 'Mozilla/5.0 (Denunciante)');
    const { response, body } = await send(request);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      success: true,
      message: 'Mensaje enviado.',
      data: { reference: expect.stringMatching(/^DEN-[2-9A-Z]{8}$/), receipt: expect.stringMatching(/^\d{16}$/) },
    });
    const { reference, receipt } = body.data as { reference: string; receipt: string };

    const [row] = await environment.database.db.query<Record<string, unknown>>(
      'SELECT * FROM denuncias WHERE reference = $1',
      [reference],
    );
    // The choices stay readable; what the reporter wrote and who they are is sealed.
    expect(row).toMatchObject({
      relation: 'Trabajador',
      place: 'Plantas',
      type: 'Acoso laboral',
      can_identify: 'Sí',
      sealed: true,
      status: 'recibida',
      receipt_hash: await receiptHash(receipt),
    });
    for (const [column, plain] of [
      ['narrative', valid.denunciaText],
      ['contact_time', 'De 9:00 a 12:00'],
      ['incident_place', valid.denunciaPlace],
    ] as const) {
      expect(row![column]).toMatch(/^v1\./);
      expect(await unsealText(row![column] as string, `denuncias.${column}:${reference}`)).toBe(plain);
    }

    // Nowhere in the clear: not in any table (the outbox's mail included), not in the blob store.
    const dump = await databaseDump(environment.database.db);
    for (const plain of [valid.denunciaText, valid.denunciaPlace, receipt, '203.0.113.7', 'Mozilla'])
      expect(dump).not.toContain(plain);
    const blobs = await blobStoreDump(environment.blobsDir);
    expect(blobs.includes(Buffer.from(evidence.subarray(0, 4_096)))).toBe(false);
    expect(blobs.includes(Buffer.from(valid.denunciaText))).toBe(false);
    const [upload] = await environment.database.db.query<{ id: string }>(
      'SELECT attachment_upload_id AS id FROM denuncias WHERE reference = $1',
      [reference],
    );
    expect(await getBytes(uploadStore(), fileKey(upload!.id), 'denuncia')).toEqual(evidence);

    const mails = await environment.database.db.query<{ body: string }>(
      'SELECT recipient, reply_to, subject, body, attachment_upload_id FROM outbox WHERE reference = $1',
      [reference],
    );
    expect(mails).toEqual([
      {
        recipient: 'denuncias@example.com',
        reply_to: null,
        subject: 'Nueva denuncia en el canal de denuncias',
        body: expect.stringContaining(`/admin/denuncias/${reference}`),
        attachment_upload_id: null,
      },
    ]);
    expect(mails[0]!.body).not.toMatch(/supervisor|Acoso|Planta Coyhaique|Trabajador/);
    const [file] = (await readdir(environment.outboxDir)).filter((name) => name.startsWith(reference));
    expect(await readFile(path.join(environment.outboxDir, file!), 'utf8')).not.toMatch(/filename=|Reply-To/);
  });

  describe.each([
    ['sent inline with the form', 'inline'],
    ['sent in chunks first', 'chunked'],
  ] as const)("the attachment's description, %s, sealed as the rest", (_case, way) => {
    afterEach(() => {
      delete process.env.UPLOAD_DAILY_BYTES_PER_CLIENT;
    });

    it('is sealed with the rest: no name, size or hash in the clear, nothing counted under the address', async () => {
      // A limit per address the file is over: a denuncia's file is counted under none.
      process.env.UPLOAD_DAILY_BYTES_PER_CLIENT = '1000';
      const fileName = 'acta-reunion-Q7XK.png';
      const evidence = pngBytes(way === 'inline' ? 3_210_987 : CHUNK_SIZE + 1_234_567);
      const context = { ...testContext().context, ip: '203.0.113.77' };
      let request = multipart('/api/denuncias', valid, { name: fileName, bytes: evidence });
      if (way === 'chunked') {
        const started = await uploads(
          postJson('/api/uploads', { purpose: 'denuncia', fileName, size: evidence.byteLength }),
          { ...context, params: {} },
        );
        const { uploadId } = (await started.json()).data as { uploadId: string };
        for (let index = 0; index * CHUNK_SIZE < evidence.byteLength; index++) {
          const chunk = evidence.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE);
          const put = await uploads(
            new Request(`http://localhost/api/uploads/${uploadId}/chunks/${index}`, { method: 'PUT', body: chunk }),
            { ...context, params: { id: uploadId, index: String(index) } },
          );
          expect(put.status).toBe(200);
        }
        const completed = await uploads(
          new Request(`http://localhost/api/uploads/${uploadId}/complete`, { method: 'POST' }),
          { ...context, params: { id: uploadId } },
        );
        expect(completed.status).toBe(200);
        request = multipart('/api/denuncias', { ...valid, uploadId });
      }
      const { settle } = testContext();
      const response = await denuncias(request, context);
      await settle();
      expect(response.status).toBe(200);
      const { reference } = (await response.json()).data as { reference: string };

      const dump = await databaseDump(environment.database.db);
      const chunkHashes = Array.from({ length: Math.ceil(evidence.byteLength / CHUNK_SIZE) }, (_, index) =>
        sha256(evidence.subarray(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE)),
      );
      for (const plain of [
        fileName,
        'Q7XK',
        String(evidence.byteLength),
        sha256(evidence),
        ...chunkHashes,
        'image/png',
      ])
        expect(dump).not.toContain(plain);
      expect(await environment.database.db.query('SELECT * FROM upload_usage')).toEqual([]);

      const [row] = await environment.database.db.query<{ id: string; file_name: string; sha256: string }>(
        `SELECT u.id, u.file_name, u.sha256 FROM denuncias d JOIN uploads u ON u.id = d.attachment_upload_id
         WHERE d.reference = $1`,
        [reference],
      );
      expect(await unsealText(row!.file_name, `uploads.file_name:${row!.id}`)).toBe(fileName);
      expect(await unsealText(row!.sha256, `uploads.sha256:${row!.id}`)).toBe(sha256(evidence));
      // Bound to its upload: the same value read as another upload's does not open.
      await expect(
        unsealText(row!.file_name, 'uploads.file_name:00000000-0000-0000-0000-000000000000'),
      ).rejects.toThrow();
    });
  });

  it('accepts a denuncia without any personal data or file', async () => {
    expect(
      (
        await send(
          multipart('/api/denuncias', {
            denunciaRelacion: 'Cliente',
            denunciaLugar: 'Recintos',
            denunciaType: 'Consultas',
            denunciaText: 'Consulta sobre el modelo.',
          }),
        )
      ).response.status,
    ).toBe(200);
  });

  describe.each([
    ['a code instead of a label', { denunciaRelacion: 'trabajador' }, { denunciaRelacion: 'Seleccione una opción.' }],
    ['no type', { denunciaType: '' }, { denunciaType: 'Seleccione una opción.' }],
    ['"Otro" relation without its text', { denunciaRelacion: 'Otro' }, { denunciaRelacionText: 'Indique cuál.' }],
    ['"Otro" place without its text', { denunciaLugar: 'Otro' }, { denunciaLugarText: 'Indique cuál.' }],
    ['an invalid e-mail', { email: 'persona@' }, { email: 'Por favor ingrese un correo electrónico válido.' }],
    ['a narrative of 300 characters', { denunciaText: 'x'.repeat(300) }, { denunciaText: 'Máximo 299 caracteres.' }],
    ['an empty narrative', { denunciaText: '   ' }, { denunciaText: 'Describa los hechos.' }],
    ['an unknown contact window', { contactTime: '18-21' }, { contactTime: 'Seleccione una opción.' }],
  ])('with %s', (_case, change, errors) => {
    it('answers 400 with the message and stores nothing', async () => {
      const before = await count();
      const { response, body } = await send(multipart('/api/denuncias', { ...valid, ...change }));
      expect(response.status).toBe(400);
      expect(body.errors).toEqual(errors);
      expect(await count()).toBe(before);
    });
  });

  it('refuses an inline file over the inline limit with the size message', async () => {
    const { response, body } = await send(
      multipart('/api/denuncias', valid, { name: 'video.mp4', bytes: pngBytes(4_000_001) }),
    );
    expect(response.status).toBe(400);
    expect(body.error).toBe('El tamaño máximo del archivo a subir es de 10 MB');
  });
});
