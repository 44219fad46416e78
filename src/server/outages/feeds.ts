import { Feed } from 'feed';
import ical from 'ical-generator';
import type { OutageTown, PublicOutage } from '../../shared/outages/schema.ts';
import { outageSummary, outageTitle } from '../../shared/outages/format.ts';
import { escapeMarkup } from '../../shared/escape-markup.ts';
import { FEEDS } from '../../shared/feeds.ts';
import { townCalendarPath } from '../../shared/outages/calendars.ts';
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
    feedLinks: { rss: `${origin}${FEEDS.outages.href}` },
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

/**
 * Aysén's zone as iCalendar describes one: UTC-3 all year since 2025 (tzdata's America/Coyhaique).
 * The events' times are UTC; the zone is the calendar's one component when it has no event, as RFC
 * 5545 requires one, and names Aysén's clock to a client that shows it.
 */
const AYSEN_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Coyhaique',
  'BEGIN:STANDARD',
  'DTSTART:20250101T000000',
  'TZOFFSETFROM:-0300',
  'TZOFFSETTO:-0300',
  'TZNAME:-03',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** How often a subscribed calendar asks again: a planned cut is announced 48 hours ahead. */
const CALENDAR_REFRESH_SECONDS = 60 * 60;

/** The iCalendar of a town's planned outages (/cortes/<town>.ics); a valid calendar with none too. */
export function plannedOutagesCalendar(town: OutageTown, outages: PublicOutage[], origin: string): string {
  const calendar = ical({
    name: `Cortes programados en ${town.name}`,
    prodId: { company: site.name, product: 'cortes', language: 'ES' },
    url: `${origin}${townCalendarPath(town.slug)}`,
    // REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL, which Outlook and Apple's calendars read.
    ttl: CALENDAR_REFRESH_SECONDS,
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
      url: `${origin}/cortes?corte=${outage.id}#corte-${outage.id}`,
    });
  const text = calendar.toString();
  if (!text.endsWith('END:VCALENDAR')) throw new Error('ical-generator ended the calendar otherwise.');
  return `${text.slice(0, -'END:VCALENDAR'.length)}${AYSEN_TIMEZONE}\r\nEND:VCALENDAR\r\n`;
}
