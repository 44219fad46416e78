import type * as z from 'zod/mini';
import type { SubmissionAnswer } from '../shared/api.ts';
import { CHUNK_SIZE, INLINE_LIMIT, type UploadPurpose } from '../shared/uploads/texts.ts';
import { callApi, submissionAnswer, type ApiFailed, type ApiResult } from './api.ts';

// The answers' schemas load with the requests (see callApi): a form page loads zod when it sends.
const acknowledgement = () => import('../shared/api.ts').then((module) => module.AcknowledgementSchema);

export type ChunkedUpload = { ok: true; uploadId: string } | { ok: false; failure: ApiFailed };

/**
 * A chunk's request that may go through if sent again: no answer (a phone losing signal on the
 * way), a timeout, a throttle or a fault of the server. The server keeps a chunk it already has and
 * takes the same bytes again (src/server/uploads/chunks.ts), so a retry never stores it twice.
 */
const worthRetrying = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/** The waits before each new attempt at a chunk: a weak signal comes back within seconds, or not soon. */
export const CHUNK_RETRY_DELAYS_MS = [1_000, 3_000, 9_000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a file in CHUNK_SIZE pieces to /api/uploads (start, chunks, complete) and returns the
 * upload's id, which a form then carries instead of the file (design.md, "Uploads": Netlify's
 * 6 MB limit). `headers` go with every request (the admin's bearer token); `onProgress` hears
 * the bytes sent so far.
 */
export async function uploadInChunks(
  file: File,
  purpose: UploadPurpose,
  { headers = {}, onProgress }: { headers?: Record<string, string>; onProgress?: (sentBytes: number) => void } = {},
): Promise<ChunkedUpload> {
  const started = await callApi(
    '/api/uploads',
    import('../shared/uploads/schema.ts').then((module) => module.UploadStartedSchema),
    {
      method: 'POST',
      headers,
      json: { purpose, fileName: file.name, size: file.size },
    },
  );
  if (!started.ok) return { ok: false, failure: started };
  const { uploadId } = started.body.data;
  for (let index = 0; index * CHUNK_SIZE < file.size; index++) {
    const chunk = file.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE);
    const put = () =>
      callApi(`/api/uploads/${uploadId}/chunks/${index}`, acknowledgement(), { method: 'PUT', headers, body: chunk });
    let sent = await put();
    // One chunk that fails is sent again, not the whole file.
    for (const delay of CHUNK_RETRY_DELAYS_MS) {
      if (sent.ok || !worthRetrying(sent.status)) break;
      await pause(delay);
      sent = await put();
    }
    if (!sent.ok) return { ok: false, failure: sent };
    onProgress?.(Math.min(file.size, (index + 1) * CHUNK_SIZE));
  }
  const completed = await callApi(`/api/uploads/${uploadId}/complete`, acknowledgement(), {
    method: 'POST',
    headers,
  });
  return completed.ok ? { ok: true, uploadId } : { ok: false, failure: completed };
}

/**
 * What the visitor sees of a file on its way (FileField's progress bar): the fraction of its bytes
 * sent, in chunks; `sending` for a file that travels inside the form's one request, whose progress
 * fetch cannot tell.
 */
export type UploadProgress = number | 'sending';

/**
 * Sends a multipart form with its file and reads the answer with the shared schema `answer`
 * loads (see callApi), once the file is on its way. A file over INLINE_LIMIT goes first in chunks
 * to /api/uploads and the form carries its `uploadId`. `onProgress` hears the file's progress.
 */
export async function postWithFile<S extends z.ZodMiniType>(
  endpoint: string,
  answer: () => Promise<S>,
  fields: Record<string, string>,
  file: File | undefined,
  purpose: UploadPurpose,
  onProgress?: (progress: UploadProgress) => void,
): Promise<ApiResult<z.output<S>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file && file.size <= INLINE_LIMIT) {
    form.append('fileName', file.name);
    form.append('file', file, file.name);
    onProgress?.('sending');
  } else if (file) {
    onProgress?.(0);
    const uploaded = await uploadInChunks(file, purpose, { onProgress: (sent) => onProgress?.(sent / file.size) });
    if (!uploaded.ok) return uploaded.failure;
    form.append('fileName', file.name);
    form.append('uploadId', uploaded.uploadId);
  }
  return callApi(endpoint, answer(), { method: 'POST', body: form });
}

/** A submission with its file (job application, denuncia), answered with the visitor's reference. */
export const sendWithFile = (
  endpoint: string,
  fields: Record<string, string>,
  file: File | undefined,
  purpose: UploadPurpose,
  onProgress?: (progress: UploadProgress) => void,
): Promise<ApiResult<SubmissionAnswer>> => postWithFile(endpoint, submissionAnswer, fields, file, purpose, onProgress);
