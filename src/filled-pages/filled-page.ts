import { readFile } from 'node:fs/promises';
import pageHeaders from 'virtual:page-headers';
import { getDatabase, type Database } from '../server/db/index.ts';
import type { Context } from '@netlify/functions';
import { Refusal } from '../server/errors.ts';
import { methodNotAllowed, statusOf, withErrorHandling } from '../server/http.ts';

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

/** `page` with what lies between the markers `start` and `end` (the page as built) replaced by `content`. */
export function fillBetween(page: string, start: string, end: string, content: () => string): string {
  const from = page.indexOf(start);
  const to = page.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`The built page has no ${start} … ${end} markers.`);
  return page.slice(0, from) + content() + page.slice(to + end.length);
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

/**
 * A page a form posts to, so that it works without JavaScript and what it finds is in the HTML
 * (/consumo, whose chart is drawn here, not in the browser): the built page filled with what the
 * posted form finds, or, when a service refuses it, with the form again, what was typed and why
 * (the refusal's status). Never cached: what it shows is the asker's.
 */
export interface PostedPage<Data> {
  /** The built page, as FilledPage's `file`; a GET of its path gets it as built (its function takes only POSTs). */
  file: string;
  /** What the posted form finds, from this client's address; a Refusal for what it refuses. */
  read(req: Request, db: Database, address: string, now: Date): Promise<Data>;
  /** The built page with the data in it, or with the refusal and the form's fields as posted. */
  fill(page: string, outcome: { data: Data } | { refusal: Refusal; form: Record<string, string> }): string;
  /** The fields to give back to a refused form, as posted (never a secret a page should not echo). */
  echo(form: URLSearchParams): Record<string, string>;
}

/** The function answering a PostedPage: POST only. */
export const postedPage = <Data>(page: PostedPage<Data>) =>
  withErrorHandling(async (req: Request, context: Context) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const answer = (status: number, body: string) =>
      new Response(body, {
        status,
        headers: { ...pageHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    // Read twice: the service reads the form as its schema says; a refused one is echoed as typed.
    const copy = req.clone();
    try {
      const data = await page.read(req, getDatabase(), context.ip, new Date());
      return answer(200, page.fill(await readFile(page.file, 'utf8'), { data }));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const status = statusOf(error);
      // A body refused for its size or its media type is not read again.
      const form = status === 413 || status === 415 ? {} : page.echo(new URLSearchParams(await copy.text()));
      return answer(status, page.fill(await readFile(page.file, 'utf8'), { refusal: error, form }));
    }
  });
