import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicFeed, withErrorHandling } from '../../src/server/http.ts';
import { newsFeedItems, newsRss } from '../../src/server/news-feed.ts';

/** GET /comunicados.xml: the RSS of the comunicados. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const items = await newsFeedItems(getDatabase());
  return publicFeed(newsRss(items, new URL(req.url).origin), 'application/rss+xml; charset=utf-8');
});

// Netlify reads the path from this literal (FEEDS.news, src/shared/feeds.ts).
export const config: Config = { path: '/comunicados.xml' };
