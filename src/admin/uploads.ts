import * as z from 'zod/mini';
import { checkFile, INLINE_LIMIT, type UploadPurpose } from '../shared/uploads/schema.ts';
import { uploadInChunks } from '../ui/upload.ts';
import { ApiError, apiRequest, authHeaders, reportUnauthorized } from './api-client.ts';

const PublishedSchema = z.object({ url: z.string().check(z.minLength(1)) });

/**
 * Sends a file staff chose in chunks to /api/uploads (a purpose only admins may start) and
 * returns the upload's id. A failure is an ApiError like any admin call's, with the server's
 * field errors, and a 401 ends the session. `onProgress` hears the fraction sent.
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const problem = checkFile(purpose, file.name, file.size);
  if (problem) throw new ApiError(400, problem, { file: problem });
  const uploaded = await uploadInChunks(file, purpose, {
    headers: authHeaders(),
    onProgress: (sent) => onProgress(sent / file.size),
  });
  if (uploaded.ok) return uploaded.uploadId;
  if (uploaded.failure.status === 401) reportUnauthorized();
  throw ApiError.of(uploaded.failure);
}

/**
 * Publishes a file staff attach to a document, news item or education resource and returns the
 * address it is served from (POST /api/admin/files). Up to INLINE_LIMIT it travels in the
 * request; a bigger one goes first in chunks to /api/uploads (purpose 'publication'), like the
 * public forms' files, because of Netlify's 6 MB request limit.
 */
export async function publishFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const problem = checkFile('publication', file.name, file.size);
  if (problem) throw new ApiError(400, problem);
  const form = new FormData();
  if (file.size <= INLINE_LIMIT) {
    form.append('file', file, file.name);
  } else {
    form.append('uploadId', await uploadFile(file, 'publication', onProgress));
    form.append('fileName', file.name);
  }
  const { url } = await apiRequest('/api/admin/files', PublishedSchema, { method: 'POST', body: form });
  return url;
}
