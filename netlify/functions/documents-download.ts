import type { Config, Context } from '@netlify/functions';
import { DownloadQuerySchema, documentMessages, isSafeFileUrl } from '../../src/shared/documents/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, parseInput, withErrorHandling } from '../../src/server/http.ts';
import { findDocumentUrl } from '../../src/server/public-lists.ts';
import { NotFound } from '../../src/server/errors.ts';

/** GET /api/download?fileType=memories|financial&year=Y (spec §7): sends the visitor to the file. */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const query = parseInput(DownloadQuerySchema, Object.fromEntries(new URL(req.url).searchParams));

  const url = await findDocumentUrl(getDatabase(), query.fileType, query.year);
  if (!url) throw new NotFound(documentMessages.notFound);
  // A stored address from before the rule on saving is never followed off the site.
  if (!isSafeFileUrl(url)) {
    console.error(`[${context.requestId}] /api/download: unsafe stored address for ${query.fileType} ${query.year}`);
    throw new NotFound(documentMessages.notFound);
  }
  return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'public, max-age=60' } });
});

export const config: Config = { path: '/api/download' };
