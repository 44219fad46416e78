import { expect } from 'vitest';
import * as uploads from '../../netlify/functions/uploads.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
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
