import { Feed } from 'feed';
import ical from 'ical-generator';
import type { OutageTown, PublicOutage } from '../../shared/outages/schema.ts';
import { outageSummary, outageTitle } from '../../shared/outages/format.ts';
import { escapeMarkup } from '../../shared/escape-markup.ts';
import { site } from '../../shared/site.ts';

/**
 * The outage feeds, so radios, municipalities and customers can subscribe: an
 * RSS feed of every current and upcoming outage, and one iCalendar per town of its planned ones
 * (an emergency has no announced time to put in a calendar).
 */

/**
 * RSS 2.0 of /cortes/feed.xml; `origin` is the site's address the request came to. Readers take an
 * item's description as HTML: the summary's lines go as paragraphs of escaped text (as plain text a
 * sector written "<norte>" vanished and the lines ran together). Each item links to /cortes with its
 * own query, the fragment after it: a parser that drops fragments gave every item the same link.
 * An empty feed was built "1 January 1970": it says now.
 */
export function outagesRss(outages: PublicOutage[], origin: string, now = new Date()): string {
  const page = `${origin}/cortes`;
  const feed = new Feed({
    title: `Cortes de agua: ${site.name}`,
    description: 'Cortes de agua programados y de emergencia en la Región de Aysén.',
    id: page,
    link: page,
    language: 'es-CL',
    copyright: site.name,
    generator: false,
    feedLinks: { rss: `${origin}/cortes/feed.xml` },
    updated: outages.length > 0 ? new Date(Math.max(...outages.map((outage) => Date.parse(outage.updatedAt)))) : now,
  });
  for (const outage of outages)
    feed.addItem({
      title: outageTitle(outage),
      // The same outage keeps its id across updates, so a reader shows it once, refreshed.
      id: `${page}#corte-${outage.id}`,
      guid: `${page}#corte-${outage.id}`,
      link: `${page}?corte=${outage.id}#corte-${outage.id}`,
      description: outageSummary(outage)
        .split('\n')
        .map((line) => `<p>${escapeMarkup(line)}</p>`)
        .join(''),
      date: new Date(outage.updatedAt),
    });
  return feed.rss2();
}

/** The iCalendar of a town's planned outages (/cortes/<town>.ics). */
export function plannedOutagesCalendar(town: OutageTown, outages: PublicOutage[], origin: string): string {
  const calendar = ical({
    name: `Cortes programados en ${town.name}`,
    prodId: { company: site.name, product: 'cortes', language: 'ES' },
    url: `${origin}/cortes/${town.slug}.ics`,
  });
  for (const outage of outages.filter((item) => item.town === town.slug && item.kind === 'programado'))
    calendar.createEvent({
      id: `corte-${outage.id}@${new URL(origin).host}`,
      start: new Date(outage.startsAt),
      end: new Date(outage.endsAt),
      stamp: new Date(outage.updatedAt),
      summary: outageTitle(outage),
      description: outageSummary(outage),
      location: `${outage.sectors}, ${outage.townName}`,
      url: `${origin}/cortes#corte-${outage.id}`,
    });
  return calendar.toString();
}
