import type { Config } from '@netlify/functions';
import { fileURLToPath } from 'node:url';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { historyPageAnswer } from '../../src/server/outages/history-page.ts';

// Files bundled beside the function, the build's page and the site's headers: netlify.toml declares
// them ([functions."outages-history-page"] included_files). Literal paths, from this file's folder:
// the bundler would take a path with a variable part for a folder's whole content.
const files = {
  page: fileURLToPath(new URL('../../dist/cortes/historial.html', import.meta.url)),
  netlifyToml: fileURLToPath(new URL('../../netlify.toml', import.meta.url)),
};

/**
 * GET /cortes/historial: the prerendered page with the outages of the last 12 months by town in its
 * HTML, readable without JavaScript.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  return historyPageAnswer(req, getDatabase(), files, new Date());
});

export const config: Config = { path: '/cortes/historial' };
