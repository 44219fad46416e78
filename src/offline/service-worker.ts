import { fileAnswer, pageAnswer, precache, savedPageAnswer } from './answers.ts';
import { handlingOf, UNTOUCHED_PREFIXES } from './requests.ts';

/*
 * The service worker of the offline emergency pages (docs/architecture.md "Offline"), built into dist/sw.js by
 * src/integrations/service-worker.ts and registered by src/components/OfflineRegistration.astro.
 * It keeps /cortes, /avisos, /oficinas and the offline page as they were last seen, so that they
 * open without a connection; any other page opened offline shows the offline page.
 */

/** Written in by the build: the version of what it caches, and the files the kept pages need. */
declare const __OFFLINE_BUILD__: { version: string; files: string[] };

// The few service-worker types used here: TypeScript's "webworker" library cannot join the DOM's
// in the project's one program.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface InstallEvent extends ExtendableEvent {
  /** The Static Routing API (Chromium): requests that never reach the worker. */
  addRoutes?(rules: { condition: { urlPattern: unknown }; source: 'network' }[]): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  readonly resultingClientId: string;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(answer: Promise<Response>): void;
}
declare const self: {
  readonly location: Location;
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

const { version, files } = __OFFLINE_BUILD__;
const CACHE_PREFIX = 'aguas-sin-conexion-';
/** One cache per build: a new build's worker starts from its own pages and files. */
const CACHE_NAME = `${CACHE_PREFIX}${version}`;
const now = () => new Date();

/**
 * The pages (clients) this worker answered from its cache: their files come from it too. Online
 * pages load theirs from the network, untouched. Lost when the browser stops the idle worker,
 * long after a page has loaded its files.
 */
const servedFromCache = new Set<string>();

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Where the browser supports it, the admin, the API and Netlify's paths never reach the
      // worker at all (handlingOf leaves them alone elsewhere).
      if (event.addRoutes && typeof URLPattern === 'function')
        await event.addRoutes(
          UNTOUCHED_PREFIXES.map((prefix) => ({
            condition: { urlPattern: new URLPattern({ pathname: `${prefix}{/*}?` }) },
            source: 'network' as const,
          })),
        );
      const cache = await caches.open(CACHE_NAME);
      // A file under /_astro/ is named by its content: the previous build's copy, if it has one,
      // spares a visitor's mobile data (the kept pages' files are about 160 KB compressed).
      const fetchPath = async (path: string) =>
        (path.startsWith('/_astro/') ? await caches.match(path) : undefined) ?? fetch(path);
      await precache(cache, fetchPath, files, now);
      // A new build's worker takes over at once: its pages are network-first, so an open page
      // loses nothing, and the previous build's copies go with its cache (activate).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // A page's request leaves while the worker starts, so no visit online waits for the worker.
      await self.registration.navigationPreload?.enable();
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
      );
      // The page that registered the worker is kept from then on, not from its next visit.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const handling = handlingOf(request, self.location.origin, servedFromCache.has(event.clientId));
  if (!handling) return;
  if (handling.kind === 'file') {
    event.respondWith(
      caches.open(CACHE_NAME).then((cache) => fileAnswer(new URL(request.url).pathname, cache, () => fetch(request))),
    );
    return;
  }
  const network = event.preloadResponse.then((preloaded) => preloaded ?? fetch(request));
  const answer = caches
    .open(CACHE_NAME)
    .then((cache) =>
      handling.kind === 'saved-page'
        ? savedPageAnswer(handling.path, network, cache, { now, keepAlive: (work) => event.waitUntil(work) })
        : pageAnswer(network, cache, now),
    );
  event.respondWith(
    answer.then(({ response, fromCache }) => {
      if (fromCache) servedFromCache.add(event.resultingClientId);
      return response;
    }),
  );
});
