import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import job from '../../netlify/functions/jobs.ts';
import uploads from '../../netlify/functions/uploads.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { docBytes, multipart, pdfBytes, pngBytes, textBytes } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
const fields = {
  name: 'Camila Ríos',
  email: 'camila@example.com',
  rut: '12.345.678-5',
  address: 'Los Coigües 12, Coyhaique',
};
const count = async (table: string) =>
  Number((await environment.database.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

async function send(request: Request) {
  const { context, settle } = testContext();
  const response = await job(request, context);
  await settle();
  return { status: response.status, body: await response.json() };
}

describe('POST /api/job', () => {
  it('stores the application with its CV and mails both to the people team', async () => {
    const { status, body } = await send(
      multipart('/api/job', { ...fields, fileName: 'CV Camila.pdf' }, { name: 'CV Camila.pdf', bytes: pdfBytes() }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      message: 'Mensaje enviado.',
      data: { reference: expect.stringMatching(/^EMP-[2-9A-Z]{8}$/) },
    });
    const [stored] = await environment.database.db.query<Record<string, string>>(
      'SELECT a.name, a.rut, u.status, u.file_name, u.content_type FROM job_applications a JOIN uploads u ON u.id = a.cv_upload_id WHERE a.reference = $1',
      [body.data.reference],
    );
    expect(stored).toEqual({
      name: 'Camila Ríos',
      rut: '12.345.678-5',
      status: 'attached',
      file_name: 'CV Camila.pdf',
      content_type: 'application/pdf',
    });
    const [file] = (await readdir(environment.outboxDir)).filter((name) => name.startsWith(body.data.reference));
    const eml = await readFile(path.join(environment.outboxDir, file!), 'utf8');
    expect(eml).toContain('To: personas@example.com');
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename="CV Camila.pdf"/);
  });

  it('accepts a Word .doc', async () => {
    expect((await send(multipart('/api/job', fields, { name: 'cv.doc', bytes: docBytes() }))).status).toBe(200);
  });

  it('accepts a CV sent earlier in chunks, once', async () => {
    const bytes = pdfBytes(4_500_000);
    const started = await (
      await uploads(
        postJson('/api/uploads', { purpose: 'cv', fileName: 'cv-grande.pdf', size: bytes.byteLength }),
        testContext().context,
      )
    ).json();
    const id = started.data.uploadId;
    for (const index of [0, 1]) {
      const piece = bytes.slice(index * 4_000_000, (index + 1) * 4_000_000);
      await uploads(
        new Request(`http://localhost/api/uploads/${id}/chunks/${index}`, { method: 'PUT', body: piece }),
        testContext({ id, index: String(index) }).context,
      );
    }
    expect(
      (
        await uploads(
          new Request(`http://localhost/api/uploads/${id}/complete`, { method: 'POST' }),
          testContext({ id }).context,
        )
      ).status,
    ).toBe(200);

    const sent = await send(multipart('/api/job', { ...fields, uploadId: id }));
    expect(sent.status).toBe(200);
    // The CV's name in the people team's mail, read by the statement that writes it.
    const [mail] = await environment.database.db.query<{ body: string }>(
      `SELECT body FROM outbox WHERE reference = $1 AND attachment_upload_id = $2`,
      [sent.body.data.reference, id],
    );
    expect(mail!.body).toMatch(/\nCV adjunto: cv-grande\.pdf$/);
    const again = await send(multipart('/api/job', { ...fields, uploadId: id }));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.');
  });

  it('refuses, storing nothing, an upload not yet complete or sent for another purpose', async () => {
    const startOf = async (purpose: string, fileName: string) =>
      (
        await (
          await uploads(postJson('/api/uploads', { purpose, fileName, size: 1_000 }), testContext().context)
        ).json()
      ).data.uploadId as string;
    const before = [await count('job_applications'), await count('outbox'), await count('cases')];
    for (const id of [await startOf('cv', 'cv.pdf'), await startOf('denuncia', 'foto.png')]) {
      const refused = await send(multipart('/api/job', { ...fields, uploadId: id }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        file: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
      });
    }
    expect([await count('job_applications'), await count('outbox'), await count('cases')]).toEqual(before);
  });

  const required = 'Debe rellenar los campos obligatorios: Nombre, Email y Rut';
  describe.each([
    [
      'no name',
      () => multipart('/api/job', { ...fields, name: '' }, { name: 'cv.pdf', bytes: pdfBytes() }),
      { name: required },
    ],
    [
      'no e-mail',
      () => multipart('/api/job', { ...fields, email: ' ' }, { name: 'cv.pdf', bytes: pdfBytes() }),
      { email: required },
    ],
    [
      'no RUT field at all',
      () => multipart('/api/job', { name: fields.name, email: fields.email }, { name: 'cv.pdf', bytes: pdfBytes() }),
      { rut: required },
    ],
    [
      'a RUT with a wrong check digit',
      () => multipart('/api/job', { ...fields, rut: '12.345.678-9' }, { name: 'cv.pdf', bytes: pdfBytes() }),
      { rut: 'Ingrese un RUT válido, por ejemplo 12.345.678-5.' },
    ],
    [
      'an invalid e-mail',
      () => multipart('/api/job', { ...fields, email: 'camila@' }, { name: 'cv.pdf', bytes: pdfBytes() }),
      { email: 'Por favor ingrese un correo electrónico válido.' },
    ],
    [
      'an oversized name',
      () => multipart('/api/job', { ...fields, name: 'x'.repeat(101) }, { name: 'cv.pdf', bytes: pdfBytes() }),
      { name: 'Máximo 100 caracteres.' },
    ],
    ['no CV', () => multipart('/api/job', fields), { file: 'Adjunte su currículum en formato .pdf o .doc.' }],
    [
      'a CV in .txt',
      () => multipart('/api/job', fields, { name: 'cv.txt', bytes: textBytes() }),
      { file: 'Sólo se permiten archivos .pdf o .doc' },
    ],
    [
      'an image disguised as .pdf',
      () => multipart('/api/job', fields, { name: 'cv.pdf', bytes: pngBytes() }),
      { file: 'Sólo se permiten archivos .pdf o .doc' },
    ],
    [
      'text disguised as .doc',
      () => multipart('/api/job', fields, { name: 'cv.doc', bytes: textBytes() }),
      { file: 'Sólo se permiten archivos .pdf o .doc' },
    ],
    [
      'an inline CV over 4 MB',
      () => multipart('/api/job', fields, { name: 'cv.pdf', bytes: pdfBytes(4_000_001) }),
      { file: 'El tamaño máximo del archivo a subir es de 10 MB' },
    ],
    [
      'an unknown upload',
      () => multipart('/api/job', { ...fields, uploadId: '0b1c8d5e-1111-4111-8111-111111111111' }),
      { file: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.' },
    ],
    [
      'an upload id that is not one',
      () => multipart('/api/job', { ...fields, uploadId: "'; DROP TABLE uploads; --" }),
      { file: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.' },
    ],
  ])('with %s', (_case, request, errors) => {
    it('answers 400 with the message and stores nothing', async () => {
      const before = [await count('job_applications'), await count('uploads')];
      const { status, body } = await send(request());
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.errors).toEqual(errors);
      expect(body.message).toBe(body.error);
      expect([await count('job_applications'), await count('uploads')]).toEqual(before);
    });
  });

  it.each([
    ['a JSON body', postJson('/api/job', fields)],
    [
      'a truncated multipart body',
      new Request('http://localhost/api/job', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nCamila\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 cut here',
      }),
    ],
    [
      'a multipart header without a boundary',
      new Request('http://localhost/api/job', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'x',
      }),
    ],
  ])('answers 400 to %s', async (_case, request) => {
    const before = await count('job_applications');
    const { status, body } = await send(request);
    expect(status).toBe(400);
    expect(body.error).toBe('La solicitud no es un formulario válido o llegó incompleta.');
    expect(await count('job_applications')).toBe(before);
  });

  it('answers 405 to GET', async () => {
    expect((await job(new Request('http://localhost/api/job'), testContext().context)).status).toBe(405);
  });
});
