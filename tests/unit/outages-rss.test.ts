import { parseFeed } from '@rowanmanning/feed-parser';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { outagesRss } from '../../src/server/outages/feeds.ts';
import { publicOutage } from '../helpers/public-outages.ts';

const origin = 'https://www.aguasdeaysen.cl';

/** What a reader shows of an item's HTML description: its text, tags gone, entities read. */
const shownText = (html: string) =>
  html
    .replace(/<\/p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

describe('/cortes/feed.xml as feed readers read it', () => {
  const xml = outagesRss(
    [
      publicOutage('7', 'Sector <norte> & "sur"', '2026-12-01T10:00:00Z'),
      publicOutage('8', 'Villa Los Ñires', '2026-12-02T10:00:00Z'),
    ],
    origin,
  );

  it('rss-parser: the sector as written, a line each, a link of its own per item, the newest date', async () => {
    const feed = await new Parser().parseString(xml);
    const [first, second] = feed.items;
    expect(shownText(first!.content!).split('\n')).toEqual(
      expect.arrayContaining(['Sectores: Sector <norte> & "sur"', 'Localidad: Coyhaique']),
    );
    expect(first!.link).not.toBe(second!.link);
    expect(new URL(first!.link!).pathname).toBe('/cortes');
    expect(Date.parse(feed.lastBuildDate as string)).toBe(Date.parse('2026-12-02T10:00:00Z'));
  });

  it('@rowanmanning/feed-parser: the sector in its paragraph, and links distinct with fragments dropped', () => {
    const feed = parseFeed(xml);
    const [first, second] = feed.items;
    // This parser hands back the description with its entities already read.
    expect(first!.description).toContain('<p>Sectores: Sector <norte> & "sur"</p>');
    const withoutFragment = (url: string | null) => new URL(url!).href.replace(/#.*$/, '');
    expect(withoutFragment(first!.url)).not.toBe(withoutFragment(second!.url));
  });

  it('an empty feed says when it was read, not 1970', async () => {
    const now = new Date('2026-12-04T09:30:00Z');
    const feed = await new Parser().parseString(outagesRss([], origin, now));
    expect(feed.items).toEqual([]);
    expect(Date.parse(feed.lastBuildDate as string)).toBe(now.getTime());
  });
});
