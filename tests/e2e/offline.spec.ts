import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Response } from '@playwright/test';
import { OFFLINE_PAGE } from '../../src/shared/offline/pages.ts';
import { site, telHref } from '../../src/shared/site.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { wcagViolations } from './helpers/axe.ts';
import { query } from './helpers/database.ts';
import { screenshot, screenshotsAtBothWidths } from './helpers/screenshots.ts';
import { REGISTRATION_SCRIPT } from './helpers/page-scripts.ts';

// The offline emergency pages: the service worker keeps /cortes, /avisos, /oficinas and the
// offline page; offline, a kept page opens with the time it was saved and any other page shows the
// offline page. The admin is never the worker's.

// Every other spec blocks service workers (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const closeOutages = (ids: string[]) =>
  query(`UPDATE outages SET status = 'restablecido', closed_at = now() WHERE id = ANY($1::bigint[])`, [ids]);

/** The outages this worker published, closed once its tests of this file are done if not before. */
const published: string[] = [];

test.afterAll(() => closeOutages(published));

async function publishOutage() {
  const sectors = `Villa Sin Señal ${randomUUID().slice(0, 8)}`;
  const [outage] = await query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, cause, published_at)
     VALUES ('emergencia', 'puerto-aysen', $1, now() - interval '1 hour', now() + interval '5 hours',
             'publicado', 'Rotura de matriz', now()) RETURNING id::text`,
    [sectors],
  );
  published.push(outage!.id);
  return { id: outage!.id, sectors };
}

/** HH:mm on Aysén's clock, as the page must write it whatever the browser's zone. */
const aysenClock = (date: Date) =>
  new Intl.DateTimeFormat('es-CL', {
    timeZone: 'America/Coyhaique',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

// A page registers the worker 5 s after its load (OfflineRegistration.astro): its clock, running as
// the real one otherwise, jumps them (workerControls) rather than the test waiting for them.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Once the worker has installed (the kept pages saved) and claimed the page that registered it. */
async function workerControls(page: Page) {
  await page.clock.fastForward(5_000);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The paths the worker's cache holds. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths.sort();
  });

async function lookAt(page: Page, name: string, testInfo: Parameters<typeof screenshot>[1]) {
  expect(await wcagViolations(page)).toEqual([]);
  await screenshotsAtBothWidths(page, testInfo, name);
}

test('/cortes offline: the list as it was saved, "Información guardada a las HH:mm"; another page shows the offline page', async ({
  page,
  context,
}, testInfo) => {
  const outage = await publishOutage();
  const before = aysenClock(new Date());
  await page.goto('/cortes');
  await workerControls(page);
  const after = aysenClock(new Date());
  // Closed as soon as the worker has saved the page: other files' tests count the outages on the
  // map, and offline the saved copy must show it all the same.
  await closeOutages([outage.id]);

  await context.setOffline(true);
  const fromWorker: string[] = [];
  page.on('response', (response: Response) => {
    if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
  });
  await page.reload();
  const note = page.getByRole('status').filter({ hasText: /^Información guardada a las \d{2}:\d{2}\./ });
  await expect(note).toBeVisible();
  const saved = /a las (\d{2}:\d{2})/.exec((await note.textContent())!)![1];
  expect([before, after]).toContain(saved);
  await expect(page.locator(`#corte-${outage.id}`)).toContainText(outage.sectors);
  // The island runs, and the page (its stylesheet is in it) and the island's code came from the
  // worker's copies. The island asks for its code once the page has painted (client:painted), so
  // its response is looked for once it has run, not as soon as the page shows.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(fromWorker).toEqual(
    expect.arrayContaining(['/cortes', expect.stringMatching(/^\/_astro\/OutagesBoard\.[\w-]+\.js$/)]),
  );
  await expect(page.getByLabel('Localidad')).toBeEnabled();
  await lookAt(page, 'cortes-sin-conexion', testInfo);

  await page.goto('/nosotros');
  await expect(page).toHaveURL(/\/nosotros$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin conexión');
  for (const phone of [site.phones.emergency, site.customerPhone])
    await expect(page.getByRole('main').getByRole('link', { name: phone })).toHaveAttribute('href', telHref(phone));
  const savedPages = page.getByRole('region', { name: 'Páginas guardadas en este dispositivo' });
  await expect(savedPages.getByRole('listitem').filter({ hasText: 'Cortes programados' })).toContainText(
    `guardada a las ${saved}`,
  );
  await lookAt(page, 'sin-conexion', testInfo);

  // Its links open the kept pages, offline too (within a minute, from the browser's own cache:
  // /cortes is cached for 60 s, and a link, unlike a reload, takes that copy).
  await savedPages.getByRole('link', { name: 'Cortes programados' }).click();
  await expect(page).toHaveURL(/\/cortes$/);
  await expect(page.locator(`#corte-${outage.id}`)).toContainText(outage.sectors);
});

test('a kept page missing at install (404) or unreachable does not stop the worker: it keeps the others', async ({
  page,
  context,
}) => {
  // The worker's own requests go through the context's routes.
  await context.route('**/avisos', (route) => route.fulfill({ status: 404, body: 'Página no encontrada' }));
  await context.route('**/oficinas', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await workerControls(page);
  const paths = await cachedPaths(page);
  expect(paths).toEqual(expect.arrayContaining(['/cortes', OFFLINE_PAGE]));
  expect(paths).not.toContain('/avisos');
  expect(paths).not.toContain('/oficinas');
});

test('the admin is never the worker’s: no answer of it comes from the worker, none is kept, and offline it is not answered', async ({
  page,
  context,
}) => {
  await ensureAdmin();
  await useSession(page);
  await page.goto('/cortes');
  await workerControls(page);

  const answers: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (response: Response) =>
    answers.push({ path: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }),
  );
  await page.goto('/admin/cortes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cortes de agua');
  await page.waitForLoadState('networkidle');
  expect(answers.map(({ path }) => path)).toEqual(
    expect.arrayContaining(['/admin/cortes', expect.stringMatching(/^\/api\/admin\//)]),
  );
  expect(answers.filter(({ fromWorker }) => fromWorker)).toEqual([]);
  // Nor does the admin's document register it.
  expect(await page.locator('script').allTextContents()).not.toContainEqual(expect.stringMatching(REGISTRATION_SCRIPT));
  expect((await cachedPaths(page)).filter((path) => /^\/(admin|api)(\/|$)/.test(path))).toEqual([]);

  await context.setOffline(true);
  await expect(page.goto('/admin/cortes')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});

test('npm start serves /sw.js as Netlify does: never from a cache, under the pages’ CSP, which allows it', async ({
  request,
}) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
});
