import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOfPage, offlineFiles, serviceWorker } from '../../src/integrations/service-worker.ts';
import { OFFLINE_PAGE, SAVED_LIST_MARKER } from '../../src/shared/offline/pages.ts';

// dist/sw.js: the files the offline pages need, read from the build, and the worker
// bundled with them, run here as a browser would run it.

let dist: string;
const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body><main id="contenido">${body}</main></body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'service-worker-'));
  await mkdir(path.join(dist, '_astro'));
  const files: Record<string, string> = {
    'sin-conexion.html': page(
      '<link rel="stylesheet" href="/_astro/site.css"><link rel="icon" href="/favicon.svg">',
      `<h1>Sin conexión</h1>${SAVED_LIST_MARKER}<script type="module" src="/_astro/register.js"></script>`,
    ),
    'cortes.html': page(
      '<link rel="stylesheet" href="/_astro/site.css"><link rel="stylesheet" href="/_astro/map.css">',
      '<astro-island component-url="/_astro/Board.js" renderer-url="/_astro/client.js"></astro-island>' +
        '<a href="/cortes/feed.xml">RSS</a><a href="/documentos/tarifas.pdf">PDF</a><a href="/oficinas">Oficinas</a>' +
        '<img src="https://tile.openstreetmap.org/1/1/1.png"><script src="//cdn.example.com/x.js"></script>',
    ),
    '_astro/site.css': 'main{}',
    '_astro/map.css':
      '.pin{background:url(/_astro/pin.png)}.vml{behavior:url(#default#VML)}.x{background:url(data:image/png;base64,AA)}',
    '_astro/pin.png': 'png',
    '_astro/register.js': 'navigator.serviceWorker.register("/sw.js");',
    '_astro/Board.js': 'import{r}from"./react.js";import("./Map.js");export default r;',
    '_astro/react.js': 'import"./runtime.js";export const r=1;',
    '_astro/runtime.js': 'export{};',
    // A stylesheet the module links itself when it loads (leaflet-stylesheet.ts).
    '_astro/Map.js': 'const s="/_astro/leaflet.css";export{s};',
    '_astro/leaflet.css': '.marker{background:url(/_astro/marker.png)}',
    '_astro/marker.png': 'png',
    '_astro/client.js': 'import"./react.js";',
    'favicon.svg': '<svg/>',
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dist, file), text);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

const logger = (warnings: string[] = []) =>
  ({ info() {}, warn: (message: string) => warnings.push(message) }) as unknown as AstroIntegrationLogger;

const buildDone = (root: string, warnings?: string[]) =>
  (serviceWorker().hooks['astro:build:done'] as (options: unknown) => Promise<void>)({
    dir: new URL(`file://${root}/`),
    logger: logger(warnings),
  });

describe('the files the offline pages need', () => {
  it("are a page's stylesheets, icons, images, scripts and islands, of this site: no page, document nor other site's file", () => {
    expect(
      filesOfPage(
        page(
          '<link rel="stylesheet" href="/_astro/site.css"><link rel="canonical" href="https://site/cortes">',
          '<a href="/oficinas">x</a><img src="/img/logo.webp">',
        ),
      ),
    ).toEqual(['/_astro/site.css', '/img/logo.webp']);
  });

  it('are read from the build, with every import of their scripts (those loaded on demand too), the stylesheets those link, and the files their stylesheets name; a page not built is reported', async () => {
    expect(await offlineFiles(dist, [OFFLINE_PAGE, '/cortes', '/avisos'])).toEqual({
      files: [
        '/_astro/Board.js',
        '/_astro/Map.js',
        '/_astro/client.js',
        '/_astro/leaflet.css',
        '/_astro/map.css',
        '/_astro/marker.png',
        '/_astro/pin.png',
        '/_astro/react.js',
        '/_astro/register.js',
        '/_astro/runtime.js',
        '/_astro/site.css',
        '/favicon.svg',
      ],
      missing: ['/avisos'],
    });
  });
});

describe('dist/sw.js', () => {
  let code: string;
  const warnings: string[] = [];
  beforeAll(async () => {
    await buildDone(dist, warnings);
    code = await readFile(path.join(dist, 'sw.js'), 'utf8');
  });

  it('is a classic script (no module syntax), and warns of a saved page the build does not have', () => {
    expect(code).not.toMatch(/(^|[;}])\s*(import|export)\s*[{*"'\w]/);
    expect(warnings).toEqual(
      ['/avisos', '/oficinas'].map(
        (page) =>
          `${page} is not in the build: the service worker keeps it, without its files, once the site answers it.`,
      ),
    );
  });

  /**
   * The worker run as a browser runs it, with its events dispatched by the test and the site
   * answering from `answers`, or no network at all without them.
   */
  function runWorker(answers?: Record<string, string>) {
    const listeners: Record<string, (event: unknown) => void> = {};
    const stores = new Map<string, Map<string, Response>>();
    const fetched: string[] = [];
    const fetch = async (input: string | { url: string }) => {
      const pathname = new URL(typeof input === 'string' ? input : input.url, 'https://www.aguas.example').pathname;
      fetched.push(pathname);
      if (!answers) throw new TypeError('Failed to fetch');
      if (!(pathname in answers)) return new Response('Página no encontrada', { status: 404 });
      return new Response(answers[pathname], { headers: { 'Content-Type': 'text/html' } });
    };
    const caches = {
      open: async (name: string) => {
        const store = stores.get(name) ?? new Map<string, Response>();
        stores.set(name, store);
        return {
          match: async (key: string) => store.get(key)?.clone(),
          put: async (key: string, response: Response) =>
            void store.set(key, new Response(await response.blob(), response)),
        };
      },
      match: async (key: string) =>
        [...stores.values()]
          .find((store) => store.has(key))
          ?.get(key)
          ?.clone(),
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    };
    const self = {
      location: new URL('https://www.aguas.example/sw.js'),
      registration: {},
      clients: { claim: async () => undefined },
      skipWaiting: async () => undefined,
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    };
    runInNewContext(code, {
      self,
      caches,
      fetch,
      Response,
      Headers,
      Request,
      URL,
      Intl,
      Date,
      Promise,
      Set,
      Map,
      setTimeout,
      clearTimeout,
      Object,
    });
    /** Dispatches an event; what the worker waits for or answers with, settled. */
    async function dispatch(type: string, fields: object = {}) {
      const waited: Promise<unknown>[] = [];
      let answer: Promise<Response> | undefined;
      listeners[type]!({
        ...fields,
        waitUntil: (work: Promise<unknown>) => waited.push(work),
        respondWith: (r: Promise<Response>) => (answer = r),
      });
      await Promise.all(waited);
      return answer && (await answer);
    }
    return { dispatch, stores, fetched };
  }

  // A navigation's request, which a script cannot construct (mode "navigate").
  const navigation = (pathname: string) => ({
    request: { url: `https://www.aguas.example${pathname}`, method: 'GET', mode: 'navigate' },
    clientId: '',
    resultingClientId: 'pestaña',
    preloadResponse: Promise.resolve(undefined),
  });

  it("installs with the build's files, keeps what answered, and then answers an unknown page offline with the offline page", async () => {
    const worker = runWorker({
      [OFFLINE_PAGE]: page('', `<h1>Sin conexión</h1>${SAVED_LIST_MARKER}`),
      '/cortes': page('', '<h1>Cortes</h1>'),
      '/_astro/site.css': 'main{}',
    });
    await worker.dispatch('install');
    expect(worker.fetched).toEqual(
      expect.arrayContaining([OFFLINE_PAGE, '/cortes', '/avisos', '/oficinas', '/_astro/Board.js', '/favicon.svg']),
    );
    expect(worker.stores.size).toBe(1);
    const [name, store] = [...worker.stores][0]!;
    expect(name).toMatch(/^aguas-sin-conexion-[0-9a-f]{16}$/);
    expect([...store!.keys()].sort()).toEqual(['/_astro/site.css', '/cortes', OFFLINE_PAGE]);

    await worker.dispatch('activate');
    expect(await worker.dispatch('fetch', navigation('/admin'))).toBeUndefined();
    const offline = runWorker();
    offline.stores.set(name!, store!);
    const answer = await offline.dispatch('fetch', navigation('/nosotros'));
    expect(await answer!.text()).toContain('<a href="/cortes">Cortes programados</a>, guardada a las');
  });

  it("takes a build's file (/_astro/, named by its content) from an earlier build's cache rather than the network", async () => {
    const worker = runWorker({ [OFFLINE_PAGE]: page('', SAVED_LIST_MARKER), '/favicon.svg': '<svg/>' });
    worker.stores.set(
      'aguas-sin-conexion-anterior',
      new Map([
        ['/_astro/site.css', new Response('main{}')],
        ['/favicon.svg', new Response('<svg>antiguo</svg>')],
      ]),
    );
    await worker.dispatch('install');
    expect(worker.fetched).not.toContain('/_astro/site.css');
    // Not under /_astro/: the file may have changed with the same name.
    expect(worker.fetched).toContain('/favicon.svg');
    const current = [...worker.stores].find(([name]) => name !== 'aguas-sin-conexion-anterior')![1];
    expect(await current.get('/_astro/site.css')!.text()).toBe('main{}');
    expect(await current.get('/favicon.svg')!.text()).toBe('<svg/>');

    await worker.dispatch('activate');
    expect([...worker.stores.keys()]).not.toContain('aguas-sin-conexion-anterior');
  });

  it('a build without the offline page fails', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'service-worker-empty-'));
    await expect(buildDone(empty)).rejects.toThrow(`The offline page ${OFFLINE_PAGE} is not in the build.`);
    await rm(empty, { recursive: true, force: true });
  });
});
