import { parseFeed } from '@rowanmanning/feed-parser';
import Parser from 'rss-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import newsFeed, { config } from '../../netlify/functions/news-feed.ts';
import { newsRss } from '../../src/server/news-feed.ts';
import { FEEDS } from '../../src/shared/feeds.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/** /comunicados.xml over the real database, read by two feed parsers no one on the team wrote. */
const environment = useLocalEnvironment();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const rows = await environment.database.db.query<{ id: string; short_title: string }>(
    `INSERT INTO reports (active, "order", short_title, title, name, text, created_at) VALUES
       (true, 1, 'Antiguo', 'Un comunicado antiguo', '', '<p>De antes.</p>', '2026-11-01T12:00:00Z'),
       (true, 2, 'Nuevo', 'Obras en "Villa" <Norte> & Sur', '', '<p>Trabajos <strong>nocturnos</strong>.</p><script>alert(1)</script>', '2026-12-02T12:00:00Z'),
       (false, 0, 'Retirado', 'Un comunicado retirado', '', '<p>Ya no.</p>', '2026-12-03T12:00:00Z')
     RETURNING id, short_title`,
  );
  for (const row of rows) ids[row.short_title] = row.id;
});

const read = async () => {
  const response = await newsFeed(new Request(`https://www.aguasdeaysen.cl${FEEDS.news.href}`), testContext().context);
  return { response, xml: await response.text() };
};

describe(FEEDS.news.href, () => {
  it('rss-parser: the active comunicados newest first, each linking to its own page, titles as written', async () => {
    const { response, xml } = await read();
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const feed = await new Parser().parseString(xml);
    const mine = feed.items.filter((item) => [ids.Nuevo, ids.Antiguo].some((id) => item.link?.endsWith(`-${id}`)));
    expect(mine.map((item) => item.title)).toEqual(['Obras en "Villa" <Norte> & Sur', 'Un comunicado antiguo']);
    expect(mine[0]!.link).toBe(`https://www.aguasdeaysen.cl/comunicados/comunicado-${ids.Nuevo}`);
    expect(mine[0]!.guid).toBe(mine[0]!.link);
    expect(Date.parse(mine[0]!.isoDate!)).toBe(Date.parse('2026-12-02T12:00:00Z'));
    expect(feed.items.some((item) => item.title === 'Un comunicado retirado')).toBe(false);
    expect(config).toEqual({ path: FEEDS.news.href });
  });

  it('@rowanmanning/feed-parser: the text as the page shows it, sanitised, the feed naming itself', async () => {
    const { xml } = await read();
    const feed = parseFeed(xml);
    const item = feed.items.find((candidate) => candidate.url?.endsWith(`-${ids.Nuevo}`));
    expect(item!.description).toContain('<p>Trabajos <strong>nocturnos</strong>.</p>');
    expect(item!.description).not.toContain('<script');
    expect(feed.self).toBe(`https://www.aguasdeaysen.cl${FEEDS.news.href}`);
    expect(feed.language).toBe('es-CL');
  });

  it('an empty feed says when it was read', async () => {
    const now = new Date('2026-12-04T09:30:00Z');
    const feed = await new Parser().parseString(newsRss([], 'https://www.aguasdeaysen.cl', now));
    expect(feed.items).toEqual([]);
    expect(Date.parse(feed.lastBuildDate as string)).toBe(now.getTime());
  });
});
