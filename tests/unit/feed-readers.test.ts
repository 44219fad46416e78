import { extractFromXml } from '@extractus/feed-extractor';
import { parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { newsRss } from '../../src/server/news-feed.ts';
import { outagesRss } from '../../src/server/outages/feeds.ts';
import { publicOutage } from '../helpers/public-outages.ts';

/**
 * The site's two RSS feeds read by two more readers no one on the team wrote, beside rss-parser and
 * @rowanmanning/feed-parser (outages-rss.test.ts, news-feed.test.ts): feedsmith, a strict parser
 * of the format, and @extractus/feed-extractor, which reduces an item to what a reader lists.
 */

const origin = 'https://www.aguasdeaysen.cl';

const feeds = {
  '/cortes/feed.xml': outagesRss(
    [
      publicOutage('7', 'Sector <norte> & "sur"', '2026-12-01T10:00:00Z'),
      publicOutage('8', 'Villa Los Ñires', '2026-12-02T10:00:00Z'),
    ],
    origin,
  ),
  '/comunicados.xml': newsRss(
    [
      {
        id: 7,
        title: 'Obras en "Villa" <Norte> & Sur',
        text: '<p>Trabajos <strong>nocturnos</strong>.</p>',
        created_at: new Date('2026-12-02T12:00:00Z'),
        updated_at: new Date('2026-12-02T12:00:00Z'),
      },
      {
        id: 6,
        title: 'Un comunicado antiguo',
        text: '<p>De antes.</p>',
        created_at: new Date('2026-11-01T12:00:00Z'),
        // Edited after the newer one was published.
        updated_at: new Date('2026-12-03T12:00:00Z'),
      },
    ],
    origin,
  ),
};

describe.each(Object.entries(feeds))('%s', (path, xml) => {
  it('feedsmith: a valid RSS 2.0 channel, each item with its own link and guid, and a date', () => {
    const feed = parseRssFeed(xml);
    expect(feed.link).toMatch(new RegExp(`^${origin}/`));
    expect(feed.items).toHaveLength(2);
    const links = feed.items!.map((item) => item.link);
    expect(new Set(links).size).toBe(2);
    for (const item of feed.items!) {
      expect(item.link).toMatch(new RegExp(`^${origin}/`));
      expect(item.guid?.value).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.pubDate!))).toBe(false);
      // The description is HTML a reader shows: paragraphs, the text's markup escaped once.
      expect(item.description).toMatch(/^<p>/);
    }
    if (path === '/cortes/feed.xml')
      expect(feed.items![0]!.description).toContain('Sector &lt;norte&gt; &amp; &quot;sur&quot;');
    else expect(feed.items![0]!.title).toBe('Obras en "Villa" <Norte> & Sur');
  });

  it('@extractus/feed-extractor: the titles as written, the items’ text, distinct links, the newest date', () => {
    const feed = extractFromXml(xml, { descriptionMaxLen: 0, useISODateFormat: true });
    const entries = feed.entries!;
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((entry) => entry.link)).size).toBe(2);
    if (path === '/cortes/feed.xml') {
      // This reader reads the entities, then drops whatever looks like a tag, as it would in any HTML
      // feed: "<norte>" goes; the rest of the item stays.
      expect(entries[0]!.description).toContain('Localidad: Coyhaique');
      expect(entries[0]!.description).toContain('Cambio de matriz');
      expect(feed.published).toBe('2026-12-02T10:00:00.000Z');
    } else {
      expect(entries.map((entry) => entry.title)).toEqual(['Obras en "Villa" <Norte> & Sur', 'Un comunicado antiguo']);
      expect(entries[0]!.description).toBe('Trabajos nocturnos.');
      // The feed's date is its newest change, an edit of the older item.
      expect(feed.published).toBe('2026-12-03T12:00:00.000Z');
    }
  });
});
