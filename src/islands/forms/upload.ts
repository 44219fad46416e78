import { CHUNK_SIZE, INLINE_LIMIT, type UploadPurpose } from '../../shared/uploads.ts';

export type SendResult = {
  status: number;
  body: {
    success?: boolean;
    message?: string;
    error?: string;
    errors?: Record<string, string>;
    data?: { reference: string };
  } | null;
};

async function request(url: string, init: RequestInit): Promise<SendResult> {
  try {
    const response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

export type ChunkedUpload = { ok: true; uploadId: string } | { ok: false; failure: SendResult };

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
  const started = await request('/api/uploads', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ purpose, fileName: file.name, size: file.size }),
  });
  const uploadId = (started.body?.data as { uploadId?: string } | undefined)?.uploadId;
  if (started.status !== 201 || !uploadId) return { ok: false, failure: started };
  for (let index = 0; index * CHUNK_SIZE < file.size; index++) {
    const sent = await request(`/api/uploads/${uploadId}/chunks/${index}`, {
      method: 'PUT',
      headers,
      body: file.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
    });
    if (sent.status !== 200) return { ok: false, failure: sent };
    onProgress?.(Math.min(file.size, (index + 1) * CHUNK_SIZE));
  }
  const completed = await request(`/api/uploads/${uploadId}/complete`, { method: 'POST', headers });
  return completed.status === 200 ? { ok: true, uploadId } : { ok: false, failure: completed };
}

/**
 * Sends a multipart form with its file. A file over INLINE_LIMIT goes first in chunks to
 * /api/uploads and the form carries its `uploadId`.
 */
export async function sendWithFile(
  endpoint: string,
  fields: Record<string, string>,
  file: File | undefined,
  purpose: UploadPurpose,
): Promise<SendResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file && file.size <= INLINE_LIMIT) {
    form.append('fileName', file.name);
    form.append('file', file, file.name);
  } else if (file) {
    const uploaded = await uploadInChunks(file, purpose);
    if (!uploaded.ok) return uploaded.failure;
    form.append('fileName', file.name);
    form.append('uploadId', uploaded.uploadId);
  }
  return request(endpoint, { method: 'POST', body: form });
}
