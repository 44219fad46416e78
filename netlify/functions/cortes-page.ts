import type { Config } from '@netlify/functions';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { fillOutagesPage, pageHeaders } from '../../src/server/outages/page.ts';
import { listOutageTowns, listPublicOutages } from '../../src/server/outages/public.ts';

// Bundled beside the function (config.includedFiles): the build's page and the site's headers.
const builtPage = fileURLToPath(new URL('../../dist/cortes.html', import.meta.url));
const netlifyToml = fileURLToPath(new URL('../../netlify.toml', import.meta.url));

/** GET /cortes (issue 17): the prerendered page with the current outages in its HTML. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const db = getDatabase();
  const [page, headers, outages, towns] = await Promise.all([
    readFile(builtPage, 'utf8'),
    pageHeaders(netlifyToml),
    listPublicOutages(db),
    listOutageTowns(db),
  ]);
  return new Response(req.method === 'HEAD' ? null : fillOutagesPage(page, outages, towns), {
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
});

// includedFiles is read by Netlify's bundler from the source, though Config does not declare it.
// Paths from this file's folder (zip-it-and-ship-it's in-source config). It replaces netlify.toml's
// included_files for this function, so it repeats their exclusion: the bundler follows config.ts's
// local paths into .data/ (local mail, the local secrets), which must never ship.
export const config: Config & { includedFiles: string[] } = {
  path: '/cortes',
  includedFiles: ['../../dist/cortes.html', '../../netlify.toml', '!../../.data/**'],
};
