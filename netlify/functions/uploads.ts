import type { Config, Context } from '@netlify/functions';
import { adminPurposes, CHUNK_SIZE, UploadStartSchema, type UploadStarted } from '../../src/shared/uploads/schema.ts';
import { requireAdmin } from '../../src/server/auth/require-admin.ts';
import { completeUpload, startUpload, storeChunk } from '../../src/server/uploads/chunks.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/**
 * Chunked uploads for files over the platform's request limit (design.md, "Uploads"):
 * POST /api/uploads starts one, PUT /api/uploads/{id}/chunks/{index} sends a piece of at most
 * CHUNK_SIZE bytes, POST /api/uploads/{id}/complete joins and checks the file. Chunks and
 * completion need only the id, which only the starter of the upload knows. Visitors' completed
 * files count toward their pool's daily total, and a CV's chunks toward its address's
 * (`context.ip`); 429 past either (src/server/uploads/quota.ts). A denuncia's address is not used.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  const { id, index } = context.params;
  const db = getDatabase();
  if (!id) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const input = await readInput(req, UploadStartSchema, 2_048);
    // Only staff publish files for the public pages and import the billing export.
    if (adminPurposes.includes(input.purpose)) await requireAdmin(req);
    // A denuncia's file is sealed as it arrives: without the key, refused before any byte travels (503).
    if (input.purpose === 'denuncia') await settings.denunciasKey();
    const uploadId = await startUpload(db, context.ip, input.purpose, input.fileName, input.size);
    return json({ success: true, data: { uploadId, chunkSize: CHUNK_SIZE } } satisfies UploadStarted, 201);
  }
  if (index !== undefined) {
    if (req.method !== 'PUT') return methodNotAllowed(['PUT']);
    await storeChunk(db, uploadStore(), context.ip, id, Number(index), new Uint8Array(await req.arrayBuffer()));
    return json({ success: true });
  }
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  return json({ success: true, data: await completeUpload(db, uploadStore(), id) });
});

export const config: Config = {
  path: ['/api/uploads', '/api/uploads/:id/chunks/:index', '/api/uploads/:id/complete'],
  rateLimit: { windowSize: 60, windowLimit: 30, aggregateBy: ['ip', 'domain'] },
};
