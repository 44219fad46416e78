import { z } from 'zod';
import { messages } from '../shared/messages.ts';
import { checkFile, INLINE_LIMIT } from '../shared/uploads.ts';
import { uploadInChunks } from '../islands/forms/upload.ts';
import { ApiError, apiRequest, authHeaders, reportUnauthorized } from './api-client.ts';

const PublishedSchema = z.object({ url: z.string().min(1) });

/**
 * Publishes a file staff attach to a document, news item or education resource and returns the
 * address it is served from (POST /api/admin/files). Up to INLINE_LIMIT it travels in the
 * request; a bigger one goes first in chunks to /api/uploads (purpose 'publication'), like the
 * public forms' files, because of Netlify's 6 MB request limit. `onProgress` hears the fraction
 * sent, for chunked files.
 */
export async function publishFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const problem = checkFile('publication', file.name, file.size);
  if (problem) throw new ApiError(400, problem);
  const form = new FormData();
  if (file.size <= INLINE_LIMIT) {
    form.append('file', file, file.name);
  } else {
    const uploaded = await uploadInChunks(file, 'publication', {
      headers: authHeaders(),
      onProgress: (sent) => onProgress(sent / file.size),
    });
    if (!uploaded.ok) {
      const { status, failure } = uploaded.failure;
      if (status === 401) reportUnauthorized();
      throw new ApiError(status, failure.error ?? failure.message ?? messages.genericError);
    }
    form.append('uploadId', uploaded.uploadId);
    form.append('fileName', file.name);
  }
  const { url } = await apiRequest('/api/admin/files', PublishedSchema, { method: 'POST', body: form });
  return url;
}
