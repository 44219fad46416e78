import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/shared/site.ts';
import { query } from './helpers/database.ts';
import { shiftAndLargestPaint } from './helpers/paint-metrics.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';
import { scrollToOutagesMap, serveTiles } from './helpers/map-tiles.ts';

/** The outages this worker published, closed once its tests of this file are done. */
const published: string[] = [];

/** A planned outage in Coyhaique as staff publish it (the admin is another branch's), with a supply point. */
async function publishCoyhaiqueOutage() {
  const sectors = `Villa Prueba ${randomUUID().slice(0, 8)}`;
  const [outage] = await query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, cause, published_at)
     VALUES ('programado', 'coyhaique', $1, now() + interval '3 days', now() + interval '3 days 5 hours',
             'publicado', 'Cambio de matriz', now()) RETURNING id::text`,
    [sectors],
  );
  await query(
    `INSERT INTO outage_supply_points (outage_id, name, address, latitude, longitude, hours)
     VALUES ($1, 'Estanque móvil', 'Plaza de Armas, Coyhaique', -45.5714, -72.0684, '08:00 a 20:00')`,
    [outage!.id],
  );
  published.push(outage!.id);
  return { id: outage!.id, sectors };
}

const coyhaique = (page: Page) => page.getByRole('region', { name: 'Coyhaique' });

// The e2e database outlives the run: outages left current would show on every later run's pages.
// Only this worker's: each worker runs afterAll when its share of the file is done, and closing
// every "Villa Prueba" took away the outage another worker's test was looking at.
test.afterAll(async () => {
  await query(`UPDATE outages SET status = 'restablecido', closed_at = now() WHERE id = ANY($1::bigint[])`, [
    published,
  ]);
});

test.describe('/cortes', () => {
  test('a published outage shows under Coyhaique with its supply point, on the map too', async ({ page }) => {
    const outage = await publishCoyhaiqueOutage();
    await serveTiles(page);
    await page.goto('/cortes');
    const card = coyhaique(page).locator(`#corte-${outage.id}`);
    await expect(card).toContainText(`Programado ${outage.sectors}`);
    await expect(card).toContainText('Publicado');
    await expect(card).toContainText('Estanque móvil, Plaza de Armas, Coyhaique (08:00 a 20:00)');
    await expect(page.getByText(/^Actualizado a las \d{2}:\d{2}$/)).toBeVisible();
    // The island's list replaced the server's: the outage is on the page once.
    await expect(page.locator(`#corte-${outage.id}`)).toHaveCount(1);
    await scrollToOutagesMap(page);
    const map = page.locator('.leaflet-container');
    await expect(map.locator('path.outage-area')).toHaveCount(1);
    await expect(map.getByRole('button', { name: 'Punto de abastecimiento: Estanque móvil' }).first()).toBeVisible();
    // The embedded page and the social button stay, below the list.
    const listTop = (await page.getByRole('heading', { name: 'Cortes vigentes y programados' }).boundingBox())!.y;
    const buttonTop = (await page.getByRole('link', { name: /Ver avisos en redes sociales/ }).boundingBox())!.y;
    expect(buttonTop).toBeGreaterThan(listTop);
    // The embedded page loads once /cortes has (DeferredFrame.astro), not before its own paint.
    const frame = page.locator('iframe[title^="Listado de cortes"]');
    await expect(frame).toHaveCount(1);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', site.links.outagesPage);
    const html = await (await page.request.get('/cortes')).text();
    expect(html).toMatch(/<iframe data-deferred-src="[^"]+"[^>]*hidden>/);
  });

  // The load event can come before the first paint; a frame loaded then put the other site's
  // connection into Lighthouse's estimate of /cortes' largest paint (1.1 to 1.7 s).
  test('the embedded page is asked for once /cortes has painted', async ({ page }) => {
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        if (!records.some((record) => record.target instanceof HTMLIFrameElement)) return;
        observer.disconnect();
        (window as unknown as { frameAskedAt: number }).frameAskedAt = performance.now();
      }).observe(document, { subtree: true, attributeFilter: ['src'] });
    });
    await page.goto('/cortes');
    await expect(page.locator('iframe[title^="Listado de cortes"]')).toHaveAttribute('src', site.links.outagesPage);
    const { asked, painted } = await page.evaluate(() => ({
      asked: (window as unknown as { frameAskedAt: number }).frameAskedAt,
      painted: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    }));
    expect(asked).toBeGreaterThanOrEqual(painted);
  });

  test('the list is in the HTML: readable without JavaScript, without the tools that need it', async ({ browser }) => {
    const outage = await publishCoyhaiqueOutage();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/cortes');
    const card = coyhaique(page).locator(`#corte-${outage.id}`);
    await expect(card).toContainText(outage.sectors);
    await expect(card).toContainText('Reposición estimada');
    await expect(card).toContainText('Estanque móvil, Plaza de Armas, Coyhaique');
    await expect(page.getByRole('button', { name: 'Consultar' })).toBeHidden();
    await expect(page.getByLabel('Localidad')).toBeHidden();
    await expect(page.getByText('Cargando mapa…')).toBeHidden();
    await expect(page.locator('iframe[title^="Listado de cortes"]:visible')).toHaveAttribute(
      'src',
      site.links.outagesPage,
    );
    await context.close();
  });

  // The island takes the place of the server's list with the same list, the tools are
  // in the built page, and the map's room is kept while Leaflet loads (the page moved by 0.49).
  for (const width of [412, 1280])
    test(`nothing moves while the list refreshes and the map loads (${width} px)`, async ({ page }) => {
      const outage = await publishCoyhaiqueOutage();
      await serveTiles(page);
      await page.setViewportSize({ width, height: width < 600 ? 823 : 900 });
      await page.goto('/cortes', { waitUntil: 'load' });
      await expect(page.getByText(/^Actualizado a las/)).toBeVisible();
      // The map loads once its room nears the window: scrolled to, it loads within the 3 s. After
      // the refresh: an outage another worker publishes meanwhile lengthens the list above it.
      await page.locator('.outages .map').first().scrollIntoViewIfNeeded();
      const { shift } = await shiftAndLargestPaint(page, 3_000);
      await expect(page.locator('.leaflet-container')).toBeVisible();
      await expect(page.locator(`#corte-${outage.id}`)).toHaveCount(1);
      expect(shift).toBeLessThan(0.001);
    });

  test('the RSS feed and the Coyhaique calendar carry it', async ({ request }) => {
    const outage = await publishCoyhaiqueOutage();
    const feed = await request.get('/cortes/feed.xml');
    expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(await feed.text()).toContain(`Corte programado en Coyhaique: ${outage.sectors}`);
    const calendar = await request.get('/cortes/coyhaique.ics');
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toContain(`SUMMARY:Corte programado en Coyhaique: ${outage.sectors}`);
    expect(await (await request.get('/cortes/cochrane.ics')).text()).not.toContain(outage.sectors);
  });

  test("each town's calendar is a link to subscribe and its address, with no address to edit by hand", async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cortes');
    const calendars = page.locator('details.town-calendars');
    await calendars.getByText('Agregar a mi calendario los cortes programados de una localidad').click();
    const subscribe = calendars.getByRole('link', { name: 'Suscribirse al calendario de Coyhaique' });
    await expect(subscribe).toBeVisible();
    const towns = await query<{ slug: string }>('SELECT slug FROM outage_towns');
    await expect(calendars.getByRole('link', { name: /^Suscribirse al calendario de / })).toHaveCount(towns.length);
    expect(await subscribe.getAttribute('href')).toMatch(/^webcal:\/\/[^/]+\/cortes\/coyhaique\.ics$/);
    const address = await calendars
      .getByRole('link', { name: 'Dirección del calendario de Coyhaique' })
      .getAttribute('href');
    expect(address).toMatch(/^https?:\/\/[^/]+\/cortes\/coyhaique\.ics$/);
    const calendar = await request.get(new URL(address!).pathname);
    expect(await calendar.text()).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    await testInfo.attach('cortes-calendarios-390', { body: await calendars.screenshot(), contentType: 'image/png' });
    expect(await pageViolations(page)).toEqual([]);
  });

  // Aysén stays on UTC−3 all year (America/Coyhaique); mainland Chile is on UTC−4 in
  // July. The visitor's browser is set to Santiago's clock: a time written on the visitor's clock,
  // or on Santiago's, would read 08:00.
  test("an outage at 12:00 UTC on 15 July is at 09:00 on Aysén's clock, on /cortes and in its calendar", async ({
    browser,
    request,
  }) => {
    const sectors = `Villa Julio ${randomUUID().slice(0, 8)}`;
    const [outage] = await query<{ id: string }>(
      `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, cause, published_at)
       VALUES ('programado', 'coyhaique', $1, '2027-07-15T12:00:00Z', '2027-07-15T15:30:00Z', 'publicado',
               'Cambio de matriz', now()) RETURNING id::text`,
      [sectors],
    );
    published.push(outage!.id);
    const context = await browser.newContext({ timezoneId: 'America/Santiago' });
    const page = await context.newPage();
    await serveTiles(page);
    await page.goto('/cortes');
    const card = coyhaique(page).locator(`#corte-${outage!.id}`);
    await expect(card).toContainText('Inicio15-07-2027 09:00');
    await expect(card).toContainText('15-07-2027 12:30');
    await context.close();

    // iCalendar folds long lines at 75 octets: unfolded, as a calendar reads them.
    const calendar = (await (await request.get('/cortes/coyhaique.ics')).text()).replace(/\r\n[ \t]/g, '');
    const event = calendar.split('BEGIN:VEVENT').find((text) => text.includes(sectors))!;
    expect(event).toContain('DTSTART:20270715T120000Z');
    expect(event).toContain('DTEND:20270715T153000Z');
    expect(event).toContain('Inicio: 15-07-2027 09:00');
    expect(event).toContain('Reposición estimada: 15-07-2027 12:30');
  });

  test('¿Me afecta? with service 100001 shows the outages of its town', async ({ page }) => {
    const outage = await publishCoyhaiqueOutage();
    await query(`UPDATE accounts SET locality = 'coyhaique' WHERE service_number = '100001'`);
    await serveTiles(page);
    await page.goto('/cortes');
    await page.getByLabel('Número de servicio').fill('100001');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Su servicio está en Coyhaique. Estos cortes afectan a su localidad:')).toBeVisible();
    await expect(page.getByLabel('Localidad')).toHaveValue('coyhaique');
    await expect(page.locator(`#corte-${outage.id}`)).toBeVisible();

    await page.getByLabel('Número de servicio').fill('999999999');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('No encontramos ese número de servicio. Revíselo en su boleta.').first()).toBeVisible();
  });

  test('the map and Leaflet are fetched once the map’s room nears the window, not before', async ({ page }) => {
    await publishCoyhaiqueOutage();
    await serveTiles(page);
    const leaflet: string[] = [];
    page.on('request', (request) => {
      if (/leaflet\.[\w-]+\.css|OutagesMap\.|tile\.openstreetmap/.test(request.url())) leaflet.push(request.url());
    });
    await page.setViewportSize({ width: 412, height: 400 });
    await page.goto('/cortes', { waitUntil: 'load' });
    await expect(page.getByText(/^Actualizado a las/)).toBeVisible();
    const room = page.locator('.outages .map').first();
    // Farther below the window than the quarter of its height the map starts loading at.
    expect((await room.boundingBox())!.y).toBeGreaterThan(1.25 * 400);
    await page.waitForTimeout(500);
    expect(leaflet).toEqual([]);
    await scrollToOutagesMap(page);
    expect(leaflet.some((url) => /leaflet\.[\w-]+\.css/.test(url))).toBe(true);
  });

  test('a closed outage leaves the list', async ({ page }) => {
    const outage = await publishCoyhaiqueOutage();
    await query(`UPDATE outages SET status = 'restablecido', closed_at = now() WHERE id = $1`, [outage.id]);
    await page.goto('/cortes');
    await expect(page.getByText(/^Actualizado a las/)).toBeVisible();
    await expect(page.getByText(outage.sectors)).toHaveCount(0);
  });

  test('without map tiles the map gives way to a notice and the list stays', async ({ page }) => {
    const outage = await publishCoyhaiqueOutage();
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/cortes');
    await page.locator('.outages .map').first().scrollIntoViewIfNeeded();
    await expect(
      page.getByText(
        'El mapa no está disponible en este momento. Los cortes y los puntos de abastecimiento están en la lista.',
      ),
    ).toBeVisible();
    await expect(page.locator(`#corte-${outage.id}`)).toBeVisible();
  });

  test('has no WCAG 2.2 AA violations, with the list and the map', async ({ page }) => {
    await publishCoyhaiqueOutage();
    await serveTiles(page);
    await page.goto('/cortes');
    await scrollToOutagesMap(page);
    expect(await pageViolations(page)).toEqual([]);
  });
});

test.describe('the home page band', () => {
  test('while an outage is current, the home page shows a band linking to /cortes', async ({ page }) => {
    // With no notice in force: a health notice outranks an outage (advisories.spec.ts), and other
    // files publish notices while this one runs.
    await page.route('**/api/advisories', (route) => route.fulfill({ json: { success: true, advisories: [] } }));
    await publishCoyhaiqueOutage();
    await page.goto('/');
    const band = page.getByRole('complementary', { name: 'Cortes de agua' });
    await expect(band).toContainText('en Coyhaique');
    // The home page's welcome and hours dialogs open after the load, modal: closed as a visitor would.
    for (const name of ['Conozca Aguas Patagonia de Aysén', 'Horario de atención'])
      await page
        .getByRole('dialog', { name })
        .getByRole('button', { name: /Cerrar/ })
        .click();
    await band.getByRole('link', { name: 'Ver los cortes vigentes y programados' }).click();
    await expect(page).toHaveURL(/\/cortes$/);
  });

  test('with no current outage there is no band', async ({ page }) => {
    await page.route('**/api/outages', (route) => route.fulfill({ json: { success: true, outages: [], towns: [] } }));
    const answered = page.waitForResponse('**/api/outages');
    await page.goto('/');
    await answered;
    await expect(page.getByRole('complementary', { name: 'Cortes de agua' })).toBeHidden();
  });
});
