import type { Config, Context } from '@netlify/functions';
import { outageMessages } from '../../src/shared/outages/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { NotFound } from '../../src/server/errors.ts';
import { methodNotAllowed, publicFeed, withErrorHandling } from '../../src/server/http.ts';
import { outagesRss, plannedOutagesCalendar } from '../../src/server/outages/feeds.ts';
import { readAll } from '../../src/server/db/reads.ts';
import { listPublicOutages, outageTownsRead, publicOutagesRead } from '../../src/server/outages/public.ts';

/** GET /cortes/feed.xml (RSS) and /cortes/{town}.ics (a town's planned outages). */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const db = getDatabase();
  const origin = new URL(req.url).origin;
  const townSlug = context.params['town'];
  if (!townSlug)
    return publicFeed(outagesRss(await listPublicOutages(db), origin), 'application/rss+xml; charset=utf-8');
  const [outages, towns] = await readAll(db, publicOutagesRead, outageTownsRead);
  const town = towns.find((candidate) => candidate.slug === townSlug);
  if (!town) throw new NotFound(outageMessages.unknownTown);
  return publicFeed(plannedOutagesCalendar(town, outages, origin), 'text/calendar; charset=utf-8');
});

export const config: Config = { path: ['/cortes/feed.xml', '/cortes/:town.ics'] };
