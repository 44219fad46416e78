import { Feed } from 'feed';
import { FEEDS } from '../shared/feeds.ts';
import { reportKey, reportPath, REPORTS_PATH } from '../shared/news/item-keys.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { sanitizeReportText } from './rich-text.ts';

/** /comunicados.xml (FEEDS.news): the RSS of the comunicados staff publish, so a reader or a radio hears of each one. */

/** The newest items a reader gets: a feed is what is new, not the archive. */
const ITEMS = 30;

interface FeedItem {
  id: number;
  title: string;
  text: string;
  created_at: Date;
  updated_at: Date;
}

/** The active comunicados, newest first, their text sanitised again on the way out as on the page. */
export async function newsFeedItems(db: Database): Promise<FeedItem[]> {
  const rows = await db.query<FeedItem>(
    `SELECT id::int AS id, title, text, created_at, updated_at FROM reports WHERE active ORDER BY created_at DESC, id DESC LIMIT ${ITEMS}`,
  );
  return Promise.all(rows.map(async (row) => ({ ...row, text: await sanitizeReportText(row.text) })));
}

/**
 * RSS 2.0 of the items, each linking to its own page; the content is the page's HTML (readers take
 * an item's description as HTML). Built on the newest change, or now when there is none.
 */
export function newsRss(items: FeedItem[], origin: string, now = new Date()): string {
  const page = `${origin}${REPORTS_PATH}`;
  const feed = new Feed({
    title: `Comunicados y Noticias: ${site.name}`,
    description: `Comunicados y noticias de ${site.name} para sus clientes de la Región de Aysén.`,
    id: page,
    link: page,
    language: 'es-CL',
    copyright: site.name,
    generator: false,
    feedLinks: { rss: `${origin}${FEEDS.news.href}` },
    updated: items.length > 0 ? new Date(Math.max(...items.map((item) => new Date(item.updated_at).getTime()))) : now,
  });
  for (const item of items) {
    const link = `${origin}${reportPath(reportKey(item))}`;
    feed.addItem({
      title: item.title,
      id: link,
      guid: link,
      link,
      description: item.text,
      date: new Date(item.created_at),
    });
  }
  return feed.rss2();
}
