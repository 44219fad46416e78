import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicFeed, withErrorHandling } from '../../src/server/http.ts';
import { publishedSitemap } from '../../src/server/published-sitemap.ts';

/** GET /sitemap-publicaciones.xml: the comunicados' pages and the published files, for search engines. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return publicFeed(await publishedSitemap(getDatabase(), new URL(req.url).origin), 'application/xml; charset=utf-8');
});

// Netlify reads the path from this literal (src/server/published-sitemap.ts, PUBLISHED_SITEMAP).
export const config: Config = { path: '/sitemap-publicaciones.xml' };
