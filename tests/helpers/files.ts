import { createHash } from 'node:crypto';
import type { ReceivedFile } from '../../src/server/uploads/files.ts';
import type { UploadPurpose } from '../../src/shared/uploads/schema.ts';

/** Smallest bytes each format is recognised by (its magic number), padded to `size`. */
const pad = (head: Uint8Array, size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(Math.max(size, head.byteLength));
  bytes.set(head);
  for (let i = head.byteLength; i < bytes.byteLength; i++) bytes[i] = (i * 31) % 251;
  return bytes;
};

export const pdfBytes = (size = 2_000): Uint8Array<ArrayBuffer> =>
  pad(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), size);
/** A Word 97–2003 .doc is an OLE compound file. */
export const docBytes = (size = 2_000): Uint8Array<ArrayBuffer> =>
  pad(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), size);
export const pngBytes = (size = 2_000): Uint8Array<ArrayBuffer> =>
  pad(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), size);
export const textBytes = (size = 2_000): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode('Curriculum en texto plano. '.repeat(Math.ceil(size / 27)).slice(0, size));

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function multipart(
  url: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array<ArrayBuffer>; field?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field ?? 'file', new Blob([file.bytes]), file.name);
  return new Request(`http://localhost${url}`, { method: 'POST', body: form });
}

/** A complete upload (a row the test stored) as a submission receives it by its id. */
export const completedUpload = (id: string, purpose: UploadPurpose): ReceivedFile => ({
  id,
  purpose,
  stores: [],
  inline: false,
});
