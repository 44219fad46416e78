import { escapeMarkup } from '../shared/escape-markup.ts';
import { reportKey, reportPath } from '../shared/news/item-keys.ts';
import type { Database } from './db/index.ts';

/**
 * /sitemap-publicaciones.xml: what staff publish between builds, which the build's sitemap
 * (astro.config.mjs, @astrojs/sitemap) cannot list: each active comunicado's own page and every
 * file a public page links to on this site (GET /api/files/{id}/{name}: the comunicados', the
 * company documents', the visible education items'). The build's sitemap index names it.
 */
export const PUBLISHED_SITEMAP = '/sitemap-publicaciones.xml';

export async function publishedSitemap(db: Database, origin: string): Promise<string> {
  // One statement: each active comunicado's id, then each file's path, once.
  const rows = await db.query<{ report: number | null; file: string | null }>(
    `SELECT id::int AS report, NULL::text AS file FROM reports WHERE active
     UNION ALL
     SELECT DISTINCT NULL::int, file FROM (
       SELECT url_file AS file FROM reports WHERE active
       UNION ALL SELECT url_file_2 FROM reports WHERE active
       UNION ALL SELECT url_file FROM documents
       UNION ALL SELECT url_file FROM education_documents WHERE NOT hidden
     ) AS linked
     WHERE file LIKE '/api/files/%'
     ORDER BY report, file`,
  );
  const paths = rows.map(({ report, file }) => (report === null ? file! : reportPath(reportKey({ id: report }))));
  const urls = paths.map((path) => `<url><loc>${escapeMarkup(new URL(path, origin).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}
