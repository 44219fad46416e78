/**
 * The site's feeds, each named on the pages it belongs to (`<link rel="alternate">`, BaseLayout's
 * `feeds`), so a feed reader or a browser finds it from the page's address.
 */
export interface SiteFeed {
  title: string;
  href: string;
  type: 'application/rss+xml' | 'application/atom+xml';
}

export const FEEDS = {
  /** src/server/news-feed.ts. */
  news: { title: 'Comunicados y Noticias', href: '/comunicados.xml', type: 'application/rss+xml' },
  /** src/server/outages/feeds.ts. */
  outages: { title: 'Cortes de agua', href: '/cortes/feed.xml', type: 'application/rss+xml' },
  /** The CAP 1.2 alerts' index (src/server/cap/document.ts). */
  alerts: { title: 'Alertas CAP de cortes y avisos', href: '/cap/alertas.atom', type: 'application/atom+xml' },
} as const satisfies Record<string, SiteFeed>;
