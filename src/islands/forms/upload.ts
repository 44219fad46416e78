import { CHUNK_SIZE, INLINE_LIMIT, type UploadPurpose } from '../../shared/uploads.ts';

export type SendResult = { status: number; body: { success?: boolean; message?: string; error?: string; errors?: Record<string, string>; data?: { reference: string } } | null };

async function request(url: string, init: RequestInit): Promise<SendResult> {
  try {
    const response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * Sends a multipart form with its file. A file over INLINE_LIMIT goes first in chunks to
 * /api/uploads and the form carries its `uploadId` (design.md, "Uploads": Netlify's 6 MB limit).
 */
export async function sendWithFile(endpoint: string, fields: Record<string, string>, file: File | undefined, purpose: UploadPurpose): Promise<SendResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file && file.size <= INLINE_LIMIT) {
    form.append('fileName', file.name);
    form.append('file', file, file.name);
  } else if (file) {
    const started = await request('/api/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ purpose, fileName: file.name, size: file.size }),
    });
    const uploadId = (started.body?.data as { uploadId?: string } | undefined)?.uploadId;
    if (started.status !== 201 || !uploadId) return started;
    for (let index = 0; index * CHUNK_SIZE < file.size; index++) {
      const sent = await request(`/api/uploads/${uploadId}/chunks/${index}`, { method: 'PUT', body: file.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE) });
      if (sent.status !== 200) return sent;
    }
    const completed = await request(`/api/uploads/${uploadId}/complete`, { method: 'POST' });
    if (completed.status !== 200) return completed;
    form.append('fileName', file.name);
    form.append('uploadId', uploadId);
  }
  return request(endpoint, { method: 'POST', body: form });
}
