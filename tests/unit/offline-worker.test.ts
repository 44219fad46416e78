import { describe, expect, it } from 'vitest';
import {
  fileAnswer,
  offlinePage,
  pageAnswer,
  precache,
  savedPageAnswer,
  type OfflineCache,
} from '../../src/offline/answers.ts';
import { handlingOf } from '../../src/offline/requests.ts';
import { OFFLINE_PAGE, SAVED_LIST_MARKER } from '../../src/shared/offline/pages.ts';
import { savedWhen } from '../../src/shared/offline/texts.ts';

// The offline pages' service worker: which requests it answers, what it keeps and how
// it answers, driven with a cache and a network of the test's making.

const ORIGIN = 'https://www.aguas.example';
const POLICY = "default-src 'self'";

/** A built page as the site serves it: the layout's <main>, and the offline page's marker. */
const pageHtml = (title: string) =>
  `<!doctype html><html><body><header>Aguas</header><main id="contenido" tabindex="-1"><h1>${title}</h1>` +
  `${title === 'Sin conexión' ? SAVED_LIST_MARKER : ''}</main></body></html>`;
const page = (title: string, status = 200) =>
  new Response(pageHtml(title), {
    status,
    headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': POLICY },
  });

/** The Cache API's behaviour that matters here: a copy of the body on put, a fresh answer on every match. */
class MemoryCache implements OfflineCache {
  readonly entries = new Map<string, { body: ArrayBuffer; status: number; headers: Headers }>();
  async match(path: string) {
    const entry = this.entries.get(path);
    return entry && new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
  }
  async put(path: string, response: Response) {
    this.entries.set(path, { body: await response.arrayBuffer(), status: response.status, headers: response.headers });
  }
}

/** 09:05 in Aysén (UTC−3) on 3 June 2026, and later that day. */
const SAVED = new Date('2026-06-03T12:05:00Z');
const LATER = new Date('2026-06-03T20:00:00Z');
const at = (date: Date) => () => date;

function keeper() {
  const kept: Promise<unknown>[] = [];
  return { keepAlive: (work: Promise<unknown>) => void kept.push(work), settled: () => Promise.all(kept) };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('which requests the worker answers', () => {
  const request = (path: string, mode: RequestMode = 'navigate', method = 'GET', origin = ORIGIN) => ({
    url: `${origin}${path}`,
    mode,
    method,
  });

  it.each([
    ['/cortes', { kind: 'saved-page', path: '/cortes' }],
    ['/cortes/', { kind: 'saved-page', path: '/cortes' }],
    ['/cortes?localidad=coyhaique', { kind: 'saved-page', path: '/cortes' }],
    ['/avisos', { kind: 'saved-page', path: '/avisos' }],
    ['/oficinas', { kind: 'saved-page', path: '/oficinas' }],
    ['/nosotros', { kind: 'page' }],
    ['/cortes/alertas', { kind: 'page' }],
    [OFFLINE_PAGE, { kind: 'page' }],
    ['/', { kind: 'page' }],
    ['/administracion', { kind: 'page' }],
  ])('a visit to %s: %o', (path, handling) => {
    expect(handlingOf(request(path), ORIGIN, false)).toEqual(handling);
  });

  it.each([
    ['the admin', request('/admin')],
    ['an admin screen', request('/admin/cortes')],
    ['an API answer opened as a page', request('/api/outages')],
    ["Netlify's paths", request('/.netlify/functions/outages-page')],
    ['a form posted to a page', request('/cortes', 'navigate', 'POST')],
    ['a page of another site', request('/cortes', 'navigate', 'GET', 'https://otro.example')],
  ])('never %s', (_, visit) => {
    expect(handlingOf(visit, ORIGIN, false)).toBeUndefined();
  });

  it('answers the files of a page it answered from its cache, and only those', () => {
    const stylesheet = request('/_astro/BaseLayout.css', 'no-cors');
    expect(handlingOf(stylesheet, ORIGIN, false)).toBeUndefined();
    expect(handlingOf(stylesheet, ORIGIN, true)).toEqual({ kind: 'file' });
  });

  it.each([
    ['an API call', request('/api/outages', 'cors')],
    ['an admin API call', request('/api/admin/outages', 'cors')],
    ['a POST', request('/api/outages/lookup', 'cors', 'POST')],
    ['a map tile', request('/10/300/600.png', 'no-cors', 'GET', 'https://tile.openstreetmap.org')],
  ])('never %s, even from a page answered from its cache', (_, call) => {
    expect(handlingOf(call, ORIGIN, true)).toBeUndefined();
  });
});

describe("a saved copy's time, on Aysén's clock", () => {
  it.each([
    ['the same day', '2026-06-03T12:05:00Z', '2026-06-03T20:00:00Z', 'a las 09:05'],
    // 02:30 UTC on the 4th is still the 3rd in Aysén (UTC−3): the same day there.
    ['the same day in Aysén, another in UTC', '2026-06-04T02:30:00Z', '2026-06-04T02:45:00Z', 'a las 23:30'],
    [
      'another day in Aysén, the same in UTC',
      '2026-06-03T01:00:00Z',
      '2026-06-03T04:00:00Z',
      'el 2 de junio a las 22:00',
    ],
    ['another year', '2026-12-31T20:00:00Z', '2027-01-01T15:00:00Z', 'el 31 de diciembre de 2026 a las 17:00'],
  ])('%s', (_, saved, now, when) => {
    expect(savedWhen(new Date(saved), new Date(now))).toBe(when);
  });
});

describe("the worker's install", () => {
  const site =
    (answers: Record<string, () => Promise<Response>>) =>
    (path: string): Promise<Response> =>
      (answers[path] ?? (() => Promise.resolve(new Response('', { status: 404 }))))();

  it('keeps the offline page, the saved pages with their time and their files; a page not deployed yet (404) or unreachable is left out', async () => {
    const cache = new MemoryCache();
    await precache(
      cache,
      site({
        [OFFLINE_PAGE]: async () => page('Sin conexión'),
        '/cortes': async () => page('Cortes programados'),
        // /avisos answers the site's 404; /oficinas cannot be reached.
        '/oficinas': offline,
        '/_astro/BaseLayout.css': async () => new Response('main{}'),
      }),
      ['/_astro/BaseLayout.css', '/_astro/perdido.js'],
      at(SAVED),
    );
    expect([...cache.entries.keys()].sort()).toEqual(['/_astro/BaseLayout.css', '/cortes', OFFLINE_PAGE]);
    expect(cache.entries.get('/cortes')!.headers.get('X-Saved-At')).toBe(SAVED.toISOString());
  });

  it.each([
    ['answers 404', async () => new Response('', { status: 404 }), `${OFFLINE_PAGE} answered 404`],
    ['cannot be reached', offline, 'Failed to fetch'],
  ])('fails when the offline page %s: the browser keeps its worker and tries again later', async (_, answer, error) => {
    const cache = new MemoryCache();
    await expect(
      precache(cache, site({ [OFFLINE_PAGE]: answer, '/cortes': async () => page('Cortes') }), [], at(SAVED)),
    ).rejects.toThrow(error);
    expect(cache.entries.size).toBe(0);
  });
});

describe('a saved page (/cortes)', () => {
  async function savedAt(cache: MemoryCache, date: Date) {
    const { keepAlive, settled } = keeper();
    await savedPageAnswer('/cortes', Promise.resolve(page('Cortes programados')), cache, { now: at(date), keepAlive });
    await settled();
  }

  it("online: the site's answer as it is, kept with the time it was saved", async () => {
    const cache = new MemoryCache();
    const { keepAlive, settled } = keeper();
    const answer = page('Cortes programados');
    const { response, fromCache } = await savedPageAnswer('/cortes', Promise.resolve(answer), cache, {
      now: at(SAVED),
      keepAlive,
    });
    await settled();
    expect(response).toBe(answer);
    expect(fromCache).toBe(false);
    expect(await response.text()).toBe(pageHtml('Cortes programados'));
    expect(cache.entries.get('/cortes')!.headers.get('X-Saved-At')).toBe(SAVED.toISOString());
  });

  it('offline: the saved copy, opened by "Información guardada a las HH:mm", with its headers', async () => {
    const cache = new MemoryCache();
    await savedAt(cache, SAVED);
    const { response, fromCache } = await savedPageAnswer('/cortes', offline(), cache, {
      now: at(LATER),
      keepAlive() {},
    });
    expect(fromCache).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe(POLICY);
    expect(response.headers.get('X-Saved-At')).toBeNull();
    expect(await response.text()).toBe(
      pageHtml('Cortes programados').replace(
        '<main id="contenido" tabindex="-1">',
        '$&<div class="container"><p class="notice" role="status"><strong>Información guardada a las 09:05.</strong> ' +
          'No pudimos conectarnos con el sitio: le mostramos la copia guardada en este dispositivo, que puede no estar al día.</p></div>',
      ),
    );
  });

  it('keeps no error: a 404 goes to the visitor, and the copy saved before stays', async () => {
    const cache = new MemoryCache();
    await savedAt(cache, SAVED);
    const { keepAlive, settled } = keeper();
    const { response } = await savedPageAnswer('/cortes', Promise.resolve(page('No encontrada', 404)), cache, {
      now: at(LATER),
      keepAlive,
    });
    await settled();
    expect(response.status).toBe(404);
    expect(cache.entries.get('/cortes')!.headers.get('X-Saved-At')).toBe(SAVED.toISOString());
  });

  it("a server error: the saved copy if there is one, else the site's answer", async () => {
    const cache = new MemoryCache();
    const failing = () => Promise.resolve(new Response('Error', { status: 503 }));
    const first = await savedPageAnswer('/cortes', failing(), cache, { now: at(SAVED), keepAlive() {} });
    expect(first.response.status).toBe(503);
    await savedAt(cache, SAVED);
    const second = await savedPageAnswer('/cortes', failing(), cache, { now: at(LATER), keepAlive() {} });
    expect(second.fromCache).toBe(true);
    expect(await second.response.text()).toContain('Información guardada a las 09:05.');
  });

  it('a network slower than the limit: the saved copy, and the late answer kept for the next visit', async () => {
    const cache = new MemoryCache();
    await savedAt(cache, SAVED);
    let arrive!: (response: Response) => void;
    const slow = new Promise<Response>((resolve) => (arrive = resolve));
    const { keepAlive, settled } = keeper();
    const { response, fromCache } = await savedPageAnswer('/cortes', slow, cache, {
      now: at(LATER),
      keepAlive,
      timeoutMs: 5,
    });
    expect(fromCache).toBe(true);
    expect(await response.text()).toContain('Información guardada a las 09:05.');
    arrive(page('Cortes programados'));
    await settled();
    expect(cache.entries.get('/cortes')!.headers.get('X-Saved-At')).toBe(LATER.toISOString());
  });

  it("slow with no copy saved: the network's answer when it comes", async () => {
    const cache = new MemoryCache();
    const answer = page('Cortes programados');
    const slow = new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 20));
    const { response } = await savedPageAnswer('/cortes', slow, cache, {
      now: at(SAVED),
      keepAlive() {},
      timeoutMs: 5,
    });
    expect(response).toBe(answer);
  });

  it('offline with no copy saved: the offline page', async () => {
    const cache = new MemoryCache();
    await cache.put(OFFLINE_PAGE, page('Sin conexión'));
    const { response, fromCache } = await savedPageAnswer('/avisos', offline(), cache, {
      now: at(LATER),
      keepAlive() {},
    });
    expect(fromCache).toBe(true);
    expect(await response.text()).toContain('<h1>Sin conexión</h1>');
  });
});

describe('any other page', () => {
  it("online: the site's answer as it is, never kept", async () => {
    const cache = new MemoryCache();
    const answer = page('Nosotros');
    expect(await pageAnswer(Promise.resolve(answer), cache, at(SAVED))).toEqual({ response: answer, fromCache: false });
    expect(cache.entries.size).toBe(0);
  });

  it('offline: the offline page, listing the saved pages with the time each was saved, and only those', async () => {
    const cache = new MemoryCache();
    await cache.put(OFFLINE_PAGE, page('Sin conexión'));
    const { keepAlive, settled } = keeper();
    await savedPageAnswer('/cortes', Promise.resolve(page('Cortes programados')), cache, { now: at(SAVED), keepAlive });
    await savedPageAnswer('/oficinas', Promise.resolve(page('Oficinas')), cache, {
      now: at(new Date('2026-06-02T15:30:00Z')),
      keepAlive,
    });
    await settled();
    const { response, fromCache } = await pageAnswer(offline(), cache, at(LATER));
    expect(fromCache).toBe(true);
    expect(response.headers.get('Content-Security-Policy')).toBe(POLICY);
    expect(await response.text()).toBe(
      pageHtml('Sin conexión').replace(
        SAVED_LIST_MARKER,
        '<section aria-labelledby="paginas-guardadas"><h2 id="paginas-guardadas">Páginas guardadas en este dispositivo</h2><ul>' +
          '<li><a href="/cortes">Cortes programados</a>, guardada a las 09:05</li>' +
          '<li><a href="/oficinas">Oficinas y horarios</a>, guardada el 2 de junio a las 12:30</li></ul></section>',
      ),
    );
  });

  it('offline with no page saved: the offline page says so', async () => {
    const cache = new MemoryCache();
    await cache.put(OFFLINE_PAGE, page('Sin conexión'));
    const { response } = await offlinePage(cache, LATER);
    expect(await response.text()).toContain('<p>Este dispositivo aún no tiene páginas guardadas.</p>');
  });
});

describe('the files of a page answered from the cache', () => {
  it('come from the cache, else from the network', async () => {
    const cache = new MemoryCache();
    await cache.put('/_astro/BaseLayout.css', new Response('main{}'));
    const network = () => Promise.resolve(new Response('de la red'));
    expect(await (await fileAnswer('/_astro/BaseLayout.css', cache, network)).text()).toBe('main{}');
    expect(await (await fileAnswer('/_astro/otro.js', cache, network)).text()).toBe('de la red');
  });
});
