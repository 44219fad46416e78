import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'smol-toml';
import OutageList from '../../islands/outages/OutageList.tsx';
import type { OutageTown, PublicOutage } from '../../shared/outages.ts';

/**
 * /cortes with its current outages in the HTML (issue 17: readable without JavaScript). The page
 * is prerendered by Astro with a marker where the list goes; the function `cortes-page` fills it
 * from the database on each request (cached a minute), so a publication shows within a minute
 * without rebuilding the site (README, "Cortes").
 */

/** Where the prerendered page leaves room for the list (src/pages/cortes.astro). */
export const LIST_MARKER = '<!--cortes:lista-->';

export function fillOutagesPage(page: string, outages: PublicOutage[], towns: OutageTown[]): string {
  if (!page.includes(LIST_MARKER)) throw new Error('The prerendered /cortes has no list marker.');
  return page.replace(LIST_MARKER, () => renderToStaticMarkup(createElement(OutageList, { outages, towns })));
}

/**
 * The headers netlify.toml gives every static page (its CSP above all): Netlify applies them to
 * files only, never to a function's answer, so this page answer carries them itself.
 */
export async function pageHeaders(netlifyToml: string): Promise<Record<string, string>> {
  const config = parse(await readFile(netlifyToml, 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  const forPages = config.headers?.find((rule) => rule.for === '/*');
  if (!forPages) throw new Error('netlify.toml has no headers for "/*".');
  return forPages.values;
}
