import type { Config, Context } from '@netlify/functions';
import { uploadMessages } from '../../src/shared/uploads/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { findPublishedFile } from '../../src/server/uploads/published.ts';
import { FILE_POLICY, SANDBOXED_POLICY } from '../../src/server/security-headers.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { NotFound } from '../../src/server/errors.ts';

// Shown in the browser; anything else is downloaded rather than rendered on this site's origin.
const shownInline = (contentType: string) => contentType === 'application/pdf' || contentType.startsWith('image/');

/**
 * GET /api/files/{id}/{name} (public): a file staff published. Its bytes never change for an id,
 * so browsers and the CDN keep it; never sniffed, framed by the site's pages only, and sandboxed
 * unless it is a PDF (security-headers.ts), so it cannot run as this site.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const file = await findPublishedFile(
    getDatabase(),
    uploadStore(),
    context.params.id ?? '',
    context.params.name ?? '',
  );
  if (!file) throw new NotFound(uploadMessages.notPublished);
  return new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `${shownInline(file.contentType) ? 'inline' : 'attachment'}; filename="${file.fileName}"`,
      // A PDF opens in the browser's viewer, which a sandbox or `default-src 'none'` breaks (FILE_POLICY);
      // anything else (an SVG image included) can do no harm sandboxed.
      'Content-Security-Policy': file.contentType === 'application/pdf' ? FILE_POLICY : SANDBOXED_POLICY,
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
});

export const config: Config = { path: '/api/files/:id/:name' };
