import type { Config } from '@netlify/functions';
import { fileURLToPath } from 'node:url';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { indicatorsPageAnswer } from '../../src/server/indicators/page.ts';

// Files bundled beside the function, the built page and the site's headers: netlify.toml declares
// them ([functions."indicators-page"] included_files). Literal paths, from this file's folder: the
// bundler would take a path with a variable part for a folder's whole content.
const files = {
  page: fileURLToPath(new URL('../../dist/indicadores.html', import.meta.url)),
  netlifyToml: fileURLToPath(new URL('../../netlify.toml', import.meta.url)),
};

/** GET /indicadores: the prerendered page with the last 12 months' figures in its HTML. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  return indicatorsPageAnswer(req, getDatabase(), files, new Date());
});

export const config: Config = { path: '/indicadores' };
