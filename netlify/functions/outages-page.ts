import type { Config } from '@netlify/functions';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getDatabase, type Database } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { fillAlertsPage, fillOutagesPage } from '../../src/server/outages/page.ts';
import { pageHeaders } from '../../src/server/page-headers.ts';
import { readAll } from '../../src/server/db/reads.ts';
import { listOutageTowns, outageTownsRead, publicOutagesRead } from '../../src/server/outages/public.ts';

// Files bundled beside the function, the build's pages and the site's headers: netlify.toml
// declares them ([functions."outages-page"] included_files). Literal paths, from this file's folder:
// the bundler would take a path with a variable part for a folder's whole content.
const netlifyToml = fileURLToPath(new URL('../../netlify.toml', import.meta.url));

/** Each page: its prerendered file, and what the database puts in it. */
const pages: Record<string, { file: string; fill: (page: string, db: Database) => Promise<string> }> = {
  '/cortes': {
    file: fileURLToPath(new URL('../../dist/cortes.html', import.meta.url)),
    fill: async (page, db) => {
      const [outages, towns] = await readAll(db, publicOutagesRead, outageTownsRead);
      return fillOutagesPage(page, outages, towns);
    },
  },
  '/cortes/alertas': {
    file: fileURLToPath(new URL('../../dist/cortes/alertas.html', import.meta.url)),
    fill: async (page, db) => fillAlertsPage(page, await listOutageTowns(db)),
  },
};

/**
 * GET /cortes and /cortes/alertas: the prerendered page with what the database holds
 * in its HTML, the current outages and the towns one may subscribe to.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  // Only its two paths reach it on Netlify; locally its own address could too.
  const target = pages[new URL(req.url).pathname.replace(/\/$/, '')];
  if (!target) return new Response(null, { status: 404 });
  const { file, fill } = target;
  const [page, headers] = await Promise.all([readFile(file, 'utf8'), pageHeaders(netlifyToml)]);
  return new Response(req.method === 'HEAD' ? null : await fill(page, getDatabase()), {
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
});

export const config: Config = { path: ['/cortes', '/cortes/alertas'] };
