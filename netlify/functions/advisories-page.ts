import type { Config } from '@netlify/functions';
import { fileURLToPath } from 'node:url';
import { advisoryPageAnswer } from '../../src/server/advisories/page.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';

// Files bundled beside the function, the build's pages and the site's headers: netlify.toml
// declares them ([functions."advisories-page"] included_files). Literal paths, from this file's
// folder: the bundler would take a path with a variable part for a folder's whole content.
const files = {
  list: fileURLToPath(new URL('../../dist/avisos.html', import.meta.url)),
  notice: fileURLToPath(new URL('../../dist/avisos/plantilla.html', import.meta.url)),
  notFound: fileURLToPath(new URL('../../dist/404.html', import.meta.url)),
  netlifyToml: fileURLToPath(new URL('../../netlify.toml', import.meta.url)),
};

/**
 * GET /avisos and /avisos/{id}: the prerendered pages with the notices in their HTML, readable
 * without JavaScript; the 404 page for an id that is no published or lifted notice's.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  return advisoryPageAnswer(req, getDatabase(), files);
});

export const config: Config = { path: ['/avisos', '/avisos/:id'] };
