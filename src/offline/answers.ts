import { OFFLINE_PAGE, SAVED_LIST_MARKER, SAVED_PAGES } from '../shared/offline/pages.ts';
import { offlineTexts, savedWhen } from '../shared/offline/texts.ts';

/**
 * How the service worker answers what it handles (src/offline/requests.ts), and what it keeps:
 * the saved pages, each with the time it was saved, the offline page, and the files they need
 * (their stylesheets, scripts and icons, listed by the build). Pure but for the cache and the
 * network it is given, so that unit tests drive it with fakes.
 */

/** The part of the Cache API the worker uses, one version's cache (src/offline/service-worker.ts). */
export interface OfflineCache {
  match(path: string): Promise<Response | undefined>;
  put(path: string, response: Response): Promise<void>;
}

/** An answer, and whether it came from the cache: the page's files then come from it too. */
export interface Answer {
  response: Response;
  fromCache: boolean;
}

/** Where a saved copy keeps the time it was saved. */
const SAVED_AT = 'X-Saved-At';

/**
 * In weak mobile coverage a request can hang for a minute: past this, a saved page shows its
 * saved copy (the network's answer, if it comes, is still kept for the next visit).
 */
export const NETWORK_TIMEOUT_MS = 6_000;

/**
 * A page worth keeping: the site's whole answer. Not an error, nor the 404 an address not yet
 * deployed answers, nor a redirect, which a browser refuses to show for a navigation.
 */
const keepable = (response: Response) => response.status === 200 && !response.redirected;

const stamped = (response: Response, savedAt: Date) => {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, savedAt.toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

const savedAtOf = (response: Response) => new Date(response.headers.get(SAVED_AT) ?? 0);

/** An HTML page changed by the worker, with the saved copy's headers (its CSP above all). */
function changedPage(from: Response, html: string): Response {
  const headers = new Headers(from.headers);
  for (const name of [SAVED_AT, 'Content-Length', 'Content-Encoding']) headers.delete(name);
  return new Response(html, { status: 200, headers });
}

/**
 * The install's work: the offline page, the saved pages and their files, each fetched with
 * `fetchPath`. The offline page is required: without it the install fails, and the browser keeps
 * the worker it had and tries again on a later visit. Anything else may fail (a page not deployed
 * yet answers 404, the connection may drop): it is kept on a later visit instead.
 */
export async function precache(
  cache: OfflineCache,
  fetchPath: (path: string) => Promise<Response>,
  files: readonly string[],
  now: () => Date,
): Promise<void> {
  const offline = await fetchPath(OFFLINE_PAGE);
  if (!keepable(offline)) throw new Error(`${OFFLINE_PAGE} answered ${offline.status}: the offline page is required.`);
  await cache.put(OFFLINE_PAGE, offline);
  await Promise.allSettled([
    ...SAVED_PAGES.map(async ({ path }) => {
      const response = await fetchPath(path);
      if (keepable(response)) await cache.put(path, stamped(response, now()));
    }),
    ...files.map(async (path) => {
      const response = await fetchPath(path);
      if (response.ok) await cache.put(path, response);
    }),
  ]);
}

/** The saved copy, opened by the note "Información guardada a las HH:mm" (Aysén's clock). */
async function savedCopy(saved: Response, now: Date): Promise<Response> {
  const note =
    `<div class="container"><p class="notice" role="status">` +
    `<strong>${offlineTexts.savedNote(savedWhen(savedAtOf(saved), now))}</strong> ${offlineTexts.savedNoteDetail}</p></div>`;
  const html = (await saved.text()).replace(/<main\b[^>]*>/i, (main) => `${main}${note}`);
  return changedPage(saved, html);
}

/** The offline page, with the saved pages listed, each with the time it was saved. */
export async function offlinePage(cache: OfflineCache, now: Date): Promise<Answer> {
  const page = await cache.match(OFFLINE_PAGE);
  // Only if the browser cleared the cache under a running worker: its own error page then.
  if (!page) return { response: Response.error(), fromCache: false };
  const saved = await Promise.all(
    SAVED_PAGES.map(async (entry) => ({ ...entry, copy: await cache.match(entry.path) })),
  );
  const items = saved.flatMap(({ path, name, copy }) =>
    copy ? [`<li><a href="${path}">${name}</a>, ${offlineTexts.savedPage(savedWhen(savedAtOf(copy), now))}</li>`] : [],
  );
  const list = items.length > 0 ? `<ul>${items.join('')}</ul>` : `<p>${offlineTexts.noSavedPages}</p>`;
  const section =
    `<section aria-labelledby="paginas-guardadas"><h2 id="paginas-guardadas">${offlineTexts.savedPagesTitle}</h2>` +
    `${list}</section>`;
  const html = (await page.text()).replace(SAVED_LIST_MARKER, () => section);
  return { response: changedPage(page, html), fromCache: true };
}

type Outcome = { response: Response } | { failed: true } | { late: true };

/** The network's outcome, or `late` once `ms` have passed. */
function withinTime(network: Promise<Response>, ms: number): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ late: true }), ms)));
  const settled = network.then(
    (response): Outcome => ({ response }),
    (): Outcome => ({ failed: true }),
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/**
 * A saved page: the network first, its answer kept with the time (`keepAlive` holds the worker
 * until it is). The saved copy when the network fails, is slower than `timeoutMs` or answers a
 * server error; with no copy, the network's answer, or the offline page if there is none.
 */
export async function savedPageAnswer(
  path: string,
  network: Promise<Response>,
  cache: OfflineCache,
  {
    now,
    keepAlive,
    timeoutMs = NETWORK_TIMEOUT_MS,
  }: { now: () => Date; keepAlive: (work: Promise<unknown>) => void; timeoutMs?: number },
): Promise<Answer> {
  // Registered first, so the copy is taken before the browser reads the answer.
  keepAlive(
    network.then(
      (response) => (keepable(response) ? cache.put(path, stamped(response.clone(), now())) : undefined),
      () => undefined,
    ),
  );
  const outcome = await withinTime(network, timeoutMs);
  if ('response' in outcome && outcome.response.status < 500) return { response: outcome.response, fromCache: false };
  const saved = await cache.match(path);
  if (saved) return { response: await savedCopy(saved, now()), fromCache: true };
  if ('response' in outcome) return { response: outcome.response, fromCache: false };
  if ('late' in outcome)
    return network.then(
      (response) => ({ response, fromCache: false }),
      () => offlinePage(cache, now()),
    );
  return offlinePage(cache, now());
}

/** Any other page: the network, or the offline page when there is no network. */
export function pageAnswer(network: Promise<Response>, cache: OfflineCache, now: () => Date): Promise<Answer> {
  return network.then(
    (response) => ({ response, fromCache: false }),
    () => offlinePage(cache, now()),
  );
}

/** A file of a page answered from the cache: the saved file, else the network. */
export async function fileAnswer(
  path: string,
  cache: OfflineCache,
  network: () => Promise<Response>,
): Promise<Response> {
  return (await cache.match(path)) ?? network();
}
