import { extensionOf, uploadMessages } from '../../shared/uploads/schema.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import type { Multipart } from './multipart.ts';
import type { UploadStore } from './store.ts';
import { fileRefused, receiveFile, streamUpload, withReceivedFile } from './files.ts';

/**
 * Files staff publish for the public pages (documents, news items, education resources link
 * to them): an upload of purpose `publication`, attached once published, then served by
 * GET /api/files/{id}/{name}. An attached upload is never cleaned up, and its bytes never change.
 */

/** The name in the file's address: ASCII letters, digits, `-`, `_`, and its extension. */
export function safeFileName(fileName: string): string {
  const extension = extensionOf(fileName);
  const stem = (extension ? fileName.slice(0, -(extension.length + 1)) : fileName)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'archivo'}${extension ? `.${extension}` : ''}`;
}

/**
 * A private upload (a CV, a denuncia's attachment) as staff download it: never shown inline,
 * never cached, with the plain name for old clients and the name as its sender gave it for the
 * rest (RFC 6266).
 */
export const privateDownload = (body: BodyInit, fileName: string): Response =>
  new Response(body, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${safeFileName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  });

const publicUrl = (id: string, fileName: string) => `/api/files/${id}/${safeFileName(fileName)}`;

/** POST /api/admin/files: the form's file (inline, or a chunked upload's id) published; answers its address. */
export async function publishFile(
  db: Database,
  store: UploadStore,
  admin: SignedInAdmin,
  form: Multipart,
  client: string,
): Promise<string> {
  const file = await receiveFile(store, 'publication', form, client);
  if (!file) throw fileRefused(uploadMessages.missingPublication);
  const written = await withReceivedFile(store, file, () =>
    db.batch([
      // A file sent inline is recorded first, in the same transaction.
      ...file.stores,
      auditedChange({
        // Only a complete upload not published yet: the same upload cannot be published twice.
        change: `UPDATE uploads SET status = 'attached' WHERE id = $1 AND purpose = 'publication' AND status = 'complete' RETURNING id, file_name`,
        params: [file.id],
        admin,
        action: 'create',
        entity: 'file',
        entityId: 'id',
        summary: 'file_name',
      }),
    ]),
  );
  const [published] = written.at(-1) as { id: string; file_name: string }[];
  if (!published) throw fileRefused(uploadMessages.unknownUpload);
  return publicUrl(published.id, published.file_name);
}

interface PublishedFile {
  body: ReadableStream;
  size: number;
  contentType: string;
  fileName: string;
}

/** A published file by the parts of its address; undefined for anything else (a CV, an unpublished upload). */
export async function findPublishedFile(
  db: Database,
  store: UploadStore,
  id: string,
  name: string,
): Promise<PublishedFile | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<{ file_name: string; content_type: string | null; declared_size: number }>(
    `SELECT file_name, content_type, declared_size FROM uploads WHERE id = $1 AND purpose = 'publication' AND status = 'attached'`,
    [id],
  );
  if (!row || safeFileName(row.file_name) !== name) return undefined;
  // Streamed: Netlify buffers at most 6 MB of a function's answer, and streams up to 20 MB.
  const body = await streamUpload(store, id);
  return body
    ? {
        body,
        size: row.declared_size,
        contentType: row.content_type ?? 'application/octet-stream',
        fileName: safeFileName(row.file_name),
      }
    : undefined;
}
