import type { Config, Context } from '@netlify/functions';
import { currentAdvisoriesRead } from '../../src/server/advisories/public.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicFeed, withErrorHandling } from '../../src/server/http.ts';
import { outagesGeoJson } from '../../src/server/outages/geojson.ts';
import { readAll } from '../../src/server/db/reads.ts';
import { outageTownsRead, publicOutagesRead } from '../../src/server/outages/public.ts';

/**
 * GET /cortes.geojson: the current outages and notices and their supply points (RFC 7946). Any
 * site's map may read it (public data, the same for everyone, never with credentials); the links
 * are the site's address, as in the CAP messages.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const origin = settings.siteAddress(context.site);
  const [outages, towns, advisories] = await readAll(
    getDatabase(),
    publicOutagesRead,
    outageTownsRead,
    currentAdvisoriesRead,
  );
  return publicFeed(JSON.stringify(outagesGeoJson(outages, towns, advisories, origin)), 'application/geo+json', {
    'Access-Control-Allow-Origin': '*',
  });
});

export const config: Config = { path: '/cortes.geojson' };
