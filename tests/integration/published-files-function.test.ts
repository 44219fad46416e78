import { describe, expect, it } from 'vitest';
import * as adminFiles from '../../netlify/functions/admin-files.ts';
import * as files from '../../netlify/functions/files.ts';
import * as uploads from '../../netlify/functions/uploads.ts';
import uploadsCleanup from '../../netlify/functions/uploads-cleanup.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
import { safeFileName } from '../../src/server/uploads/published.ts';
import { auditRows, callFunction, read, useSignedInAdmin } from '../helpers/admin.ts';
import { chunkedUpload } from '../helpers/uploads.ts';
import { pdfBytes, pngBytes, sha256, textBytes } from '../helpers/files.ts';

const { db, token } = useSignedInAdmin();

const ONE_PIXEL_PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
);

const form = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array<ArrayBuffer> }) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', new Blob([file.bytes]), file.name);
  return body;
};
const publish = async (body: FormData) =>
  read(await callFunction(adminFiles, 'POST', '/api/admin/files', { token: token(), body }));
const fetchFile = (url: string) => callFunction(files, 'GET', url);

/** A chunked upload of purpose `publication`, completed; answers its id. */
async function publicationUpload(fileName: string, bytes: Uint8Array<ArrayBuffer>, purpose = 'publication') {
  const { id, completed } = await chunkedUpload(fileName, bytes, purpose, token());
  expect(completed.status).toBe(200);
  return id;
}

describe('POST /api/admin/files', () => {
  it('publishes an inline PDF at an address of its own, served with safe headers, and logs it', async () => {
    const bytes = pdfBytes(5_000);
    const { status, body } = await publish(form({}, { name: 'Memoria Anual 2024 (versión final).PDF', bytes }));
    expect(status).toBe(201);
    expect(body.data.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/Memoria-Anual-2024-version-final\.pdf$/);

    const response = await fetchFile(body.data.url);
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        [
          'content-type',
          'content-disposition',
          'content-security-policy',
          'x-content-type-options',
          'cache-control',
        ].map((name) => [name, response.headers.get(name)]),
      ),
    ).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="Memoria-Anual-2024-version-final.pdf"',
      // The browser's PDF viewer works under it (no sandbox, no default-src), framed by the site only.
      'content-security-policy': "frame-ancestors 'self'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));

    const id = body.data.url.split('/')[3];
    expect((await auditRows(db())).at(-1)).toEqual({
      admin_email: 'ana@example.com',
      action: 'create',
      entity: 'file',
      entity_id: id,
      summary: 'Memoria Anual 2024 (versión final).PDF',
    });
  });

  it.each([
    ['an image, shown inline', 'foto.png', ONE_PIXEL_PNG, 'image/png', 'inline'],
    ['a file of no known type, downloaded', 'notas.txt', textBytes(3_000), 'application/octet-stream', 'attachment'],
  ])('serves %s by the type its bytes show', async (_case, name, bytes, contentType, disposition) => {
    const { body } = await publish(form({}, { name, bytes }));
    const response = await fetchFile(body.data.url);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-disposition')).toBe(`${disposition}; filename="${name}"`);
    // Only a PDF leaves the sandbox: an image (an SVG can run script) or a download stays in it.
    expect(response.headers.get('content-security-policy')).toBe(
      "sandbox; default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('publishes a 12 MB chunked upload', async () => {
    const bytes = pdfBytes(12_000_000);
    const id = await publicationUpload('estados-financieros.pdf', bytes);
    const { status, body } = await publish(form({ uploadId: id }));
    expect(status).toBe(201);
    expect(body.data.url).toBe(`/api/files/${id}/estados-financieros.pdf`);
    expect(sha256(new Uint8Array(await (await fetchFile(body.data.url)).arrayBuffer()))).toBe(sha256(bytes));
  });

  it('refuses to start a publication over 20 MB, and takes exactly 20 MB', async () => {
    const start = (size: number) =>
      callFunction(uploads, 'POST', '/api/uploads', {
        token: token(),
        body: { purpose: 'publication', fileName: 'grande.pdf', size },
      });
    expect((await read(await start(20_000_001))).body.error).toBe(
      'El tamaño máximo del archivo a publicar es de 20 MB',
    );
    expect((await start(20_000_000)).status).toBe(201);
  });

  it('still lets visitors start their own uploads without a token', async () => {
    expect(
      (
        await callFunction(uploads, 'POST', '/api/uploads', {
          body: { purpose: 'cv', fileName: 'cv.pdf', size: 5_000_000 },
        })
      ).status,
    ).toBe(201);
  });

  const refused = (message: string) => ({
    status: 400,
    body: { success: false, error: message, message, errors: { file: message } },
  });

  it('refuses the same upload twice, and logs it once', async () => {
    const id = await publicationUpload('una-vez.pdf', pdfBytes(CHUNK_SIZE + 1));
    await publish(form({ uploadId: id }));
    expect(await publish(form({ uploadId: id }))).toEqual(
      refused('El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.'),
    );
    expect((await auditRows(db())).filter((row) => row.entity_id === id)).toHaveLength(1);
  });

  it.each([
    ['no file', async () => form({}), 'Seleccione el archivo que desea publicar.'],
    [
      'an inline file over 4 MB',
      async () => form({}, { name: 'grande.pdf', bytes: pdfBytes(4_000_001) }),
      'El tamaño máximo del archivo a publicar es de 20 MB',
    ],
    [
      'the upload of a denuncia',
      async () => form({ uploadId: await publicationUpload('prueba.png', pngBytes(CHUNK_SIZE + 1), 'denuncia') }),
      'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
    ],
    [
      'an unknown upload',
      async () => form({ uploadId: '00000000-0000-4000-8000-000000000000' }),
      'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
    ],
  ])('answers 400 to %s, logging nothing', async (_case, body, message) => {
    const before = (await auditRows(db())).length;
    expect(await publish(await body())).toEqual(refused(message));
    expect(await auditRows(db())).toHaveLength(before);
  });
});

describe('GET /api/files/{id}/{name}', () => {
  const notFound = {
    status: 404,
    body: { success: false, error: 'Archivo no encontrado.', message: 'Archivo no encontrado.' },
  };

  it('answers 404 to an upload that was never published', async () => {
    const id = await publicationUpload('borrador.pdf', pdfBytes(CHUNK_SIZE + 1));
    expect(await read(await fetchFile(`/api/files/${id}/borrador.pdf`))).toEqual(notFound);
  });

  it("answers 404 to a visitor's attached file (a CV is never public)", async () => {
    const id = await publicationUpload('cv.pdf', pdfBytes(CHUNK_SIZE + 1), 'cv');
    await db().query(`UPDATE uploads SET status = 'attached' WHERE id = $1`, [id]);
    expect(await read(await fetchFile(`/api/files/${id}/cv.pdf`))).toEqual(notFound);
  });

  it.each([
    ['another name', (url: string) => url.replace(/[^/]+$/, 'otro.pdf')],
    ['an id that is not a uuid', () => '/api/files/123/memoria.pdf'],
  ])('answers 404 to %s', async (_case, address) => {
    const { body } = await publish(form({}, { name: 'memoria.pdf', bytes: pdfBytes() }));
    expect(await read(await fetchFile(address(body.data.url)))).toEqual(notFound);
  });
});

describe('the scheduled uploads-cleanup function', () => {
  it('never deletes a published file', async () => {
    const { body } = await publish(form({}, { name: 'permanente.pdf', bytes: pdfBytes() }));
    await db().query(`UPDATE uploads SET created_at = now() - interval '30 days'`);
    await uploadsCleanup();
    expect((await fetchFile(body.data.url)).status).toBe(200);
  });
});

describe('safeFileName', () => {
  it.each([
    ['Memoria 2024.pdf', 'Memoria-2024.pdf'],
    ['año ñandú.JPG', 'ano-nandu.jpg'],
    ['../../etc/passwd', 'etc-passwd'],
    ['"><script>.html', 'script.html'],
    ['.pdf', 'archivo.pdf'],
    ['sin extensión', 'sin-extension'],
  ])('turns %s into %s', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});
