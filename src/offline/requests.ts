import { SAVED_PAGES } from '../shared/offline/pages.ts';

/**
 * Which requests the service worker answers (src/offline/service-worker.ts). Any other request
 * goes to the network as if there were no worker: the site's pages and files are answered by the
 * worker only as far as keeping the emergency pages readable offline needs.
 */
export type Handling =
  /** A saved page: the network first, the saved copy when it fails. */
  | { kind: 'saved-page'; path: string }
  /** Any other page: the network, the offline page when it fails. */
  | { kind: 'page' }
  /** A file of a page the worker answered from its cache: from the cache too. */
  | { kind: 'file' };

/**
 * Never answered nor kept: the staff's app and what it loads (spec: the admin is no visitor's
 * page), every API answer (current data or personal data, never to be shown stale) and Netlify's
 * own paths. Prefixes of whole path segments: /admin and /admin/…, not /administracion.
 */
export const UNTOUCHED_PREFIXES = ['/admin', '/api', '/.netlify'] as const;

const untouched = new RegExp(`^(${UNTOUCHED_PREFIXES.map((prefix) => prefix.replace('.', '\\.')).join('|')})(/|$)`);

/** "/cortes/" and "/cortes" are one page. */
const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * What the worker does with `request`, from `origin` (the worker's own); `fromCache` says whether
 * the worker answered the requesting page from its cache. Only GETs: a form's POST is never kept
 * nor replayed.
 */
export function handlingOf(
  request: Pick<Request, 'method' | 'url' | 'mode'>,
  origin: string,
  fromCache: boolean,
): Handling | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== origin || untouched.test(url.pathname)) return undefined;
  if (request.mode === 'navigate') {
    const path = pagePath(url.pathname);
    return SAVED_PAGES.some((page) => page.path === path) ? { kind: 'saved-page', path } : { kind: 'page' };
  }
  // Online, the files of every page go to the network (and the browser's own cache) untouched.
  return fromCache ? { kind: 'file' } : undefined;
}
