import { escapeMarkup } from '../shared/escape-markup.ts';

/**
 * The head of a page one function fills for many addresses (a notice, a comunicado): the title,
 * the description and the address a search engine and a shared link take, each as BaseLayout
 * writes it, rewritten for the one the request names.
 */
export interface PageHead {
  /** The page's own title; " | " and the site's name (the page's `og:site_name`) follow it, as BaseLayout does. */
  title: string;
  description: string;
  /** Its canonical path ('/comunicados/compromiso'), on the site's public address. */
  path: string;
  /** `article` for a dated publication (Open Graph's type); the built page's `website` otherwise. */
  type?: 'article';
}

const tag = (pattern: string) => new RegExp(`(${pattern})"[^"]*"`);
const TAGS = {
  title: /<title>[^<]*<\/title>/,
  description: tag('<meta name="description" content='),
  ogTitle: tag('<meta property="og:title" content='),
  ogDescription: tag('<meta property="og:description" content='),
  ogType: tag('<meta property="og:type" content='),
  siteName: tag('<meta property="og:site_name" content='),
  canonical: tag('<link rel="canonical" href='),
  ogUrl: tag('<meta property="og:url" content='),
} as const;

/** The value of one of the head's tags, as the built page wrote it. */
function valueOf(page: string, name: 'canonical' | 'siteName'): string {
  const found = TAGS[name].exec(page);
  if (!found) throw new Error(`The built page's head has no ${name}.`);
  return found[0].slice(found[1]!.length + 1, -1);
}

/** The address `page`'s canonical link names (on the site's public address, astro.config.mjs's `site`). */
export const canonicalUrl = (page: string): string => valueOf(page, 'canonical');

/** `page` with its head naming `head`; throws for a page BaseLayout did not write. */
export function fillHead(page: string, head: PageHead): string {
  const missing = Object.entries(TAGS).find(([, pattern]) => !pattern.test(page));
  if (missing) throw new Error(`The built page's head has no ${missing[0]}.`);
  const url = escapeMarkup(new URL(head.path, canonicalUrl(page)).href);
  // The site's name as the built page wrote it, escaped, so the title always ends as BaseLayout's.
  const title = `${escapeMarkup(head.title)} | ${valueOf(page, 'siteName')}`;
  const description = escapeMarkup(head.description);
  const attribute = (value: string) => (_: string, start: string) => `${start}"${value}"`;
  return page
    .replace(TAGS.title, () => `<title>${title}</title>`)
    .replace(TAGS.description, attribute(description))
    .replace(TAGS.ogTitle, attribute(title))
    .replace(TAGS.ogDescription, attribute(description))
    .replace(TAGS.ogType, attribute(head.type ?? 'website'))
    .replace(TAGS.canonical, attribute(url))
    .replace(TAGS.ogUrl, attribute(url));
}
