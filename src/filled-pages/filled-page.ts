import { readFile } from 'node:fs/promises';
import pageHeaders from 'virtual:page-headers';
import { getDatabase, type Database } from '../server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../server/http.ts';

/**
 * A page whose content lives in the database: Astro prerenders it with markers (markers.ts) where
 * that content goes, and a function fills them on each request, so a change shows without
 * rebuilding the site and the content is in the HTML, read without JavaScript
 * (docs/architecture.md, "Pages filled per request").
 */
export interface FilledPage<Data> {
  /** The path it answers, a URLPattern pathname ('/avisos/:id'), matched without a trailing slash. */
  path: string;
  /**
   * The built page, resolved from its module as `new URL('../../dist/….html', import.meta.url)`, a
   * literal: the bundler would take a path with a variable part for a folder's whole content. Its
   * module and the functions' bundles are both two levels below the project.
   */
  file: string;
  /** Its answers' Cache-Control. */
  cacheControl: string;
  /**
   * What the database puts in it, in one round trip, by the path's `params` and the URL's `query`;
   * undefined for a path that names nothing.
   */
  read(db: Database, params: Record<string, string>, now: Date, query: URLSearchParams): Promise<Data | undefined>;
  /** The built page with the data in it; throws for a page without its markers. */
  fill(page: string, data: Data): string;
  /**
   * The built page answered with a 404 when `read` finds nothing. A page that has one is read on a
   * HEAD too, its status depending on it; any other page answers a HEAD without the database.
   */
  notFound?: string;
}

/** `page` with each marker replaced by its content, which is made only once every marker is found. */
export function fillMarkers(page: string, contents: Record<string, () => string>): string {
  const missing = Object.keys(contents).find((marker) => !page.includes(marker));
  if (missing) throw new Error(`The built page has no ${missing} marker.`);
  return Object.entries(contents).reduce((filled, [marker, content]) => filled.replace(marker, content), page);
}

/**
 * GET or HEAD of one of `pages`, with netlify.toml's page headers (its CSP): the page filled, its
 * `notFound` page for what its read does not find, and a bare 404 for a path no page answers (on
 * Netlify only their paths reach a function; locally its own address could too).
 */
export async function filledPageAnswer(
  pages: readonly FilledPage<unknown>[],
  req: Request,
  db: Database,
  now: Date,
): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.replace(/(.)\/$/, '$1');
  const match = pages
    .map((page) => ({
      page,
      groups: new URLPattern({ pathname: page.path }).exec({ pathname: path })?.pathname.groups,
    }))
    .find(({ groups }) => groups !== undefined);
  if (!match) return new Response(null, { status: 404 });
  const { page } = match;
  const params = Object.fromEntries(
    Object.entries(match.groups ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const answer = (status: number, body: string | null) =>
    new Response(body, {
      status,
      headers: { ...pageHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': page.cacheControl },
    });
  const head = req.method === 'HEAD';
  if (head && page.notFound === undefined) return answer(200, null);
  const data = await page.read(db, params, now, url.searchParams);
  if (data === undefined) {
    if (page.notFound === undefined) throw new Error(`${page.path}: its read found nothing and it has no 404 page.`);
    return answer(404, head ? null : await readFile(page.notFound, 'utf8'));
  }
  return answer(200, head ? null : page.fill(await readFile(page.file, 'utf8'), data));
}

/** The function answering `pages`: GET and HEAD only. */
export const filledPages = (...pages: FilledPage<unknown>[]) =>
  withErrorHandling(async (req: Request) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    return filledPageAnswer(pages, req, getDatabase(), new Date());
  });
