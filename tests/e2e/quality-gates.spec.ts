import { readdirSync, statSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { analytics } from '../../src/shared/analytics.ts';
import { builtPages } from './helpers/built-pages.ts';
import { JS_BUDGET_KB } from './helpers/js-budget.ts';
import { wcagViolations } from './helpers/axe.ts';
import { pageViolations, SHELL_PAGE, SHELL_WIDTH } from './helpers/site-shell-axe.ts';
import { REGISTRATION_SCRIPT } from './helpers/page-scripts.ts';

const pages = builtPages();

/** Each script's gzip size, by path and length, measured once per worker: most pages load the same few. */
const gzipSizes = new Map<string, number>();
const gzipped = (scripts: { path: string; body: Buffer }[]) =>
  scripts.reduce((sum, { path, body }) => {
    const key = `${path} ${body.byteLength}`;
    if (!gzipSizes.has(key)) gzipSizes.set(key, gzipSync(body).byteLength);
    return sum + gzipSizes.get(key)!;
  }, 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The registration's size at most (gzip, bytes): grown, it still fails the gate. */
const REGISTRATION_GZIP_BYTES = 256;

// zod's classic API names its schemas' constructors `ZodObject`, `ZodString`…; zod/mini's are
// `ZodMiniObject`…, on core's `$ZodObject`… The browser loads zod/mini only (docs/features/forms-and-cases.md).
const classicZod = /["'`]Zod(Object|String|Type)["'`]/;
const zodCore = /["'`]\$ZodObject["'`]/;

test('the build has the shell pages', () => {
  expect(pages).toEqual(expect.arrayContaining(['/', SHELL_PAGE, '/pagina-que-no-existe', ...ZOD_ON_FIRST_FOCUS]));
});

/** The raw answer, undecoded: a browser's request API would undo the encoding it checks. */
function rawGet(url: string, acceptEncoding?: string) {
  return new Promise<{
    encoding: string | undefined;
    vary: string | undefined;
    type: string | undefined;
    body: Buffer;
  }>((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          encoding: response.headers['content-encoding'],
          vary: response.headers.vary,
          type: response.headers['content-type'],
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

test('npm start compresses pages, scripts and API answers by Accept-Encoding, as Netlify does', async ({
  page,
  baseURL,
}) => {
  const html = await rawGet(`${baseURL}/`);
  expect(html.encoding).toBeUndefined();
  const brotli = await rawGet(`${baseURL}/`, 'gzip, deflate, br, zstd');
  expect(brotli).toMatchObject({ encoding: 'br', vary: expect.stringContaining('Accept-Encoding') });
  expect(brotliDecompressSync(brotli.body)).toEqual(html.body);
  expect(brotli.body.byteLength).toBeLessThan(html.body.byteLength / 3);
  const gzip = await rawGet(`${baseURL}/`, 'gzip, deflate');
  expect(gzip.encoding).toBe('gzip');
  expect(gunzipSync(gzip.body)).toEqual(html.body);

  // The largest script of the build (a small one may fall under the size compression starts at).
  const assets = path.resolve(import.meta.dirname, '../../dist/_astro');
  const [script] = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size);
  expect((await rawGet(`${baseURL}/_astro/${script}`, 'br')).encoding).toBe('br');
  const api = await rawGet(`${baseURL}/api/reports`, 'gzip');
  expect(api.type).toContain('application/json');
  expect(api.encoding).toBe('gzip');
  expect(JSON.parse(gunzipSync(api.body).toString())).toBeTruthy();
  // Images are compressed already: sent as they are.
  await page.goto('/');
  const image = await page.locator('img').first().getAttribute('src');
  expect((await rawGet(new URL(image!, baseURL).href, 'br')).encoding).toBeUndefined();
});

test('npm start serves files by byte ranges, as Netlify does: a video player asks for them', async ({ request }) => {
  const whole = await request.get('/video/corporativo.mp4');
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const size = (await whole.body()).byteLength;
  // Safari's first question about a video: its first two bytes.
  const first = await request.get('/video/corporativo.mp4', { headers: { range: 'bytes=0-1' } });
  expect(first.status()).toBe(206);
  expect(first.headers()['content-range']).toBe(`bytes 0-1/${size}`);
  expect(await first.body()).toEqual((await whole.body()).subarray(0, 2));
});

// Pages carry their icon (BaseLayout) and the admin names /favicon.svg; a document with no
// <link rel="icon"> (robots.txt, a PDF, a feed) still makes browsers and link previews ask for
// /favicon.ico, and a 404 there is noise in every log.
test('the site answers /favicon.ico with the icon', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  const body = await icon.body();
  // An ICO file: reserved 0, type 1 (icon), then how many images it holds.
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});

// Spec §5: the text forms load their schema, and zod/mini with it, once the visitor starts on the
// form; /reclamos and /boleta send unchecked, so they load zod only with the answer.
// Checked in the pages' one visit below, after the budget, which counts what loads before.
const ZOD_ON_FIRST_FOCUS = new Set([
  '/contacto',
  '/pago',
  '/motorhome',
  '/trabaje-con-nosotros',
  '/denuncias',
  '/seguimiento',
  '/denuncias/seguimiento',
  '/privacidad/derechos',
]);

/** The status of every internal address the pages link to, asked once per worker (most are the shell's). */
const linkStatuses = new Map<string, Promise<{ status: number; type: string | undefined; html: string | undefined }>>();

// One visit per page for its four gates (and a form's fifth): loading the page once instead of
// four times keeps the suite within CI's time. Each gate is a step with soft assertions, so a failing one
// does not hide the others.
for (const route of pages) {
  test(`page ${route}: no CSP violation, JavaScript within budget, links that exist, no WCAG 2.2 AA violation`, async ({
    page,
    baseURL,
    request,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const scripts: { path: string; body: Buffer }[] = [];
    const analyticsScripts: { path: string; body: Buffer }[] = [];
    // The site's own scripts: an embedded PDF brings the browser viewer's scripts, not ours. The
    // web-analytics script of content/site.json is the utility's choice, not the site's code: it
    // is reported apart and spends none of the budget, wherever it is served from.
    // Bodies are read before the gates below run (the page is at network idle); one still being
    // read when the test ends is dropped rather than failing the test.
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const into =
        response.url() === analytics?.script
          ? analyticsScripts
          : new URL(response.url()).origin === new URL(baseURL!).origin
            ? scripts
            : undefined;
      if (into)
        response.body().then(
          (body) => into.push({ path: new URL(response.url()).pathname, body }),
          () => undefined,
        );
    });
    // A page that opens a window as it loads (/marco-regulatorio: the regulator's site) then leaves
    // for the home page; with no window opened it stays, and the gates check it, not where it goes.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const response = await page.goto(route, { waitUntil: 'networkidle' });

    await test.step("runs under the CSP header with no violation (it names the hashes of the page's inline code)", () => {
      expect.soft(response!.headers()['content-security-policy']).not.toContain("'unsafe-inline'");
      expect.soft(violations).toEqual([]);
    });

    await test.step('ships JavaScript only if it has an island, within budget', async () => {
      // React islands, and components that run a script of their own (marked data-island).
      const islands = await page.locator('astro-island, [data-island]').count();
      const inlineScripts = await page
        .locator('script:not([src]):not([type="application/ld+json"]):not([data-analytics-loader])')
        .count();
      // The page's own scripts written into it count as if they were files (Astro's island
      // runtime, a classic script, is not the site's code).
      const inlineModules = (await page.locator('script[type="module"]:not([src])').allTextContents()).map(
        (text, index) => ({ path: `${route} (inline script ${index + 1})`, body: Buffer.from(text) }),
      );
      scripts.push(...inlineModules);
      const own = gzipped(scripts);
      const analyticsNote = analytics ? `; analytics ${kb(gzipped(analyticsScripts))} KB gzip, outside the budget` : '';
      test.info().annotations.push({
        type: 'compressed JavaScript',
        description: `${route}: ${kb(own)} KB in ${scripts.length} files${analyticsNote}`,
      });
      console.log(
        `JS budget ${route}: ${kb(own)} KB gzip, ${scripts.length} files, ${islands} islands${analyticsNote}`,
      );
      if (islands === 0) {
        expect.soft(scripts.map(({ body }) => REGISTRATION_SCRIPT.test(body.toString()))).toEqual([true]);
        expect.soft(own, `${route}: the registration, ${own} bytes gzip`).toBeLessThanOrEqual(REGISTRATION_GZIP_BYTES);
        expect.soft(inlineScripts).toBe(1);
      }
      const budget = JS_BUDGET_KB[route];
      expect.soft(budget, `${route}: its row in helpers/js-budget.ts (${kb(own)} KB measured)`).toBeDefined();
      if (budget !== undefined) expect.soft(own, `${route}: ${kb(own)} KB`).toBeLessThanOrEqual(budget * 1024);
      expect.soft(scripts.filter(({ body }) => classicZod.test(body.toString())).map(({ path }) => path)).toEqual([]);
    });

    await test.step('names its own address as canonical, and the menu marks it', async () => {
      // The 404 page is reached through any unknown address and has none of its own; /login is
      // nobody's search result (the admin's document, outside the sitemap).
      const canonical = await page.evaluate(
        () => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      );
      if (route === '/pagina-que-no-existe' || route === '/login') expect.soft(canonical).toBeUndefined();
      else expect.soft(canonical && new URL(canonical).pathname).toBe(route);
      const ownLinks = page.getByRole('banner').getByRole('navigation').locator(`a[href="${route}"]`);
      if ((await ownLinks.count()) > 0) await expect.soft(ownLinks.first()).toHaveAttribute('aria-current', 'page');
    });

    await test.step('links only to pages, files and anchors that exist', async () => {
      const targets = await page.$$eval(
        'a[href], link[href], img[src], script[src], source[src], iframe[src]',
        (elements) => elements.map((el) => (el as HTMLAnchorElement).href || (el as HTMLImageElement).src),
      );
      const { origin, pathname: here } = new URL(page.url());
      const internal = [...new Set(targets)].filter((url) => url.startsWith(origin));
      expect.soft(internal.length).toBeGreaterThan(0);
      for (const url of internal) {
        const { pathname, hash } = new URL(url);
        const anchor = decodeURIComponent(hash.slice(1));
        if (pathname === here) {
          if (anchor)
            await expect.soft(page.locator(`[id="${anchor}"]`), `${route} links to the anchor ${hash}`).toHaveCount(1);
          continue;
        }
        if (!linkStatuses.has(pathname))
          linkStatuses.set(
            pathname,
            request.get(pathname).then(async (answer) => {
              const type = answer.headers()['content-type'];
              return {
                status: answer.status(),
                type,
                html: type?.startsWith('text/html') ? await answer.text() : undefined,
              };
            }),
          );
        const target = await linkStatuses.get(pathname)!;
        expect.soft(target.status, `${route} links to ${pathname}`).toBe(200);
        // A PDF's fragment is its viewer's open parameters (PdfEmbed's #toolbar=0), not an anchor.
        if (anchor && target.html !== undefined)
          expect.soft(target.html, `${route} links to the anchor ${pathname}${hash}`).toContain(`id="${anchor}"`);
      }
    });

    if (ZOD_ON_FIRST_FOCUS.has(route))
      await test.step('loads its schema, and zod/mini with it, only once the visitor starts on the form', async () => {
        const texts = () => scripts.map(({ body }) => body.toString());
        // Astro drops an island's `ssr` attribute once it has hydrated.
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        expect.soft(texts().filter((script) => zodCore.test(script))).toEqual([]);
        await page.locator('form').locator('input, select, textarea').first().focus();
        await expect.poll(() => texts().filter((script) => zodCore.test(script)).length).toBe(1);
        expect.soft(texts().filter((script) => classicZod.test(script))).toEqual([]);
      });

    // Last: axe's own script is not the page's. The shell all pages share is checked on SHELL_PAGE
    // (helpers/site-shell-axe.ts).
    await test.step('has no WCAG 2.2 AA violations (axe-core)', async () => {
      if (route === SHELL_PAGE) expect.soft(page.viewportSize()?.width).toBe(SHELL_WIDTH);
      expect.soft(await (route === SHELL_PAGE ? wcagViolations(page) : pageViolations(page))).toEqual([]);
    });
  });
}
