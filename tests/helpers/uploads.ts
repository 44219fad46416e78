import { expect } from 'vitest';
import * as uploads from '../../netlify/functions/uploads.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
import type { Database } from '../../src/server/db/index.ts';
import { callFunction, read } from './admin.ts';

/**
 * A chunked upload of `bytes` as the browser sends one: started (with `token` for staff's
 * purposes), its chunks sent, then completed. Its id and the completion's answer, which a test of
 * a refused file reads.
 */
export async function chunkedUpload(fileName: string, bytes: Uint8Array<ArrayBuffer>, purpose: string, token?: string) {
  const started = await read(
    await callFunction(uploads, 'POST', '/api/uploads', {
      ...(token ? { token } : {}),
      body: { purpose, fileName, size: bytes.byteLength },
    }),
  );
  expect(started.status).toBe(201);
  const id = started.body.data.uploadId as string;
  for (let index = 0; index * CHUNK_SIZE < bytes.byteLength; index++) {
    const chunk = bytes.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE);
    const sent = await callFunction(uploads, 'PUT', `/api/uploads/${id}/chunks/${index}`, { body: new Blob([chunk]) });
    expect(sent.status).toBe(200);
  }
  return { id, completed: await read(await callFunction(uploads, 'POST', `/api/uploads/${id}/complete`)) };
}

/** Why POST /api/uploads refuses staff's upload before it starts (its name and size), with a 400. */
export async function startRefusal(purpose: string, fileName: string, size: number, token: string) {
  const { status, body } = await read(
    await callFunction(uploads, 'POST', '/api/uploads', { token, body: { purpose, fileName, size } }),
  );
  expect(status).toBe(400);
  return body.error as string;
}

/**
 * An import of the billing system refusing a file whole (`send` it, then `importUpload` its id):
 * 400 with the reason on the file field, no audit row, the upload deleted.
 */
export async function expectRefusedWhole(
  db: Database,
  id: string,
  importUpload: (id: string) => Promise<{ status: number; body: unknown }>,
  message: string,
) {
  const before = await db.query('SELECT count(*)::int AS n FROM audit_log');
  expect(await importUpload(id)).toEqual({
    status: 400,
    body: { success: false, error: message, message, errors: { file: message } },
  });
  expect(await db.query('SELECT count(*)::int AS n FROM audit_log')).toEqual(before);
  expect(await db.query('SELECT id FROM uploads WHERE id = $1', [id])).toEqual([]);
}

/** The completion's answer to a file named .csv whose bytes are another format (a PDF, a workbook). */
export const NOT_A_CSV = {
  status: 400,
  body: {
    errors: {
      file: 'El archivo no es un CSV (parece una planilla u otro tipo de archivo). Expórtelo como CSV e intente nuevamente.',
    },
  },
};
