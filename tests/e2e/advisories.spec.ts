import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { site } from '../../src/shared/site.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';
import { query } from './helpers/database.ts';
import { shiftAndLargestPaint } from './helpers/paint-metrics.ts';
import { expectOnlyTheRegistration } from './helpers/page-scripts.ts';

// In order, in one worker: the home band names the first notice in force, so this file's notices
// must not be on screen while another of its tests looks at the band.
test.describe.configure({ mode: 'default' });

/** This file's notices and outages, lifted and closed once its tests are done. */
const advisories: string[] = [];
const outages: string[] = [];

// The e2e database outlives the run: notices left in force would show on every later run's pages.
test.afterAll(async () => {
  await query(
    `UPDATE advisories SET status = 'levantado', lifted_at = now(), lift_message = 'Fin de la prueba.'
     WHERE id = ANY($1::bigint[]) AND status = 'publicado'`,
    [advisories],
  );
  await query(`UPDATE outages SET status = 'restablecido', closed_at = now() WHERE id = ANY($1::bigint[])`, [outages]);
});

/** A notice as staff publish it (the admin is another branch's), with a supply point; answers its id. */
async function publishAdvisory(kind: string, town: string, instructions: string, status = 'publicado') {
  const [advisory] = await query<{ id: string }>(
    `WITH advisory AS (
       INSERT INTO advisories (kind, sectors, starts_at, instructions, status, published_at)
       VALUES ($1, 'Sector Ribera Norte', now() - interval '1 hour', $2, $3,
               CASE WHEN $3 = 'publicado' THEN now() END)
       RETURNING id)
     INSERT INTO advisory_towns (advisory_id, town) SELECT id, $4 FROM advisory RETURNING advisory_id::text AS id`,
    [kind, instructions, status, town],
  );
  await query(
    `INSERT INTO advisory_supply_points (advisory_id, name, address, latitude, longitude, hours)
     VALUES ($1, 'Estanque móvil', 'Plaza de Armas, Puerto Aysén', -45.4031, -72.6919, '08:00 a 20:00')`,
    [advisory!.id],
  );
  advisories.push(advisory!.id);
  return advisory!.id;
}

async function liftAdvisory(id: string) {
  await query(
    `UPDATE advisories SET status = 'levantado', lifted_at = now(), lift_message = 'El agua es apta para el consumo.'
     WHERE id = $1`,
    [id],
  );
}

/** A current outage in Coyhaique, as outages.spec.ts publishes it. */
async function publishOutage() {
  const [outage] = await query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, cause, published_at)
     VALUES ('programado', 'coyhaique', $1, now() + interval '3 days', now() + interval '3 days 5 hours',
             'publicado', 'Cambio de matriz', now()) RETURNING id::text`,
    [`Villa Aviso ${randomUUID().slice(0, 8)}`],
  );
  outages.push(outage!.id);
  return outage!.id;
}

/**
 * The notices of GET /api/advisories this file published, and no other: the full suite runs other
 * files' notices at the same time, and the band names the first in force. The answer is the
 * server's own, filtered.
 */
const onlyOurNotices = (page: Page) =>
  page.route('**/api/advisories', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { advisories: { id: string }[] };
    await route.fulfill({
      response,
      json: { ...body, advisories: body.advisories.filter((advisory) => advisories.includes(advisory.id)) },
    });
  });

const closeDialogs = async (page: Page) => {
  for (const name of ['Conozca Aguas Patagonia de Aysén', 'Horario de atención'])
    await page
      .getByRole('dialog', { name })
      .getByRole('button', { name: /Cerrar/ })
      .click();
};

/** The home page in a browser of its own (nothing cached), once both lists have been read. */
async function openHome(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await onlyOurNotices(page);
  const answered = Promise.all([page.waitForResponse('**/api/advisories'), page.waitForResponse('**/api/outages')]);
  await page.goto('/');
  await answered;
  return { page, close: () => context.close() };
}

const jsonLdOf = async (page: Page) =>
  Promise.all(
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)),
  );

test.describe('/avisos', () => {
  test('without JavaScript it shows a notice published after the server started, under its town', async ({
    browser,
  }) => {
    const instructions = `Hierva el agua un minuto antes de beberla (${randomUUID().slice(0, 8)}).`;
    const id = await publishAdvisory('hervir', 'puerto-aysen', instructions);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/avisos');
    expect(response!.headers()['content-security-policy']).toMatch(/^default-src 'self'/);
    const card = page
      .getByRole('region', { name: 'Puerto Aysén' })
      .getByRole('article', { name: /Hervir el agua antes de consumirla/ })
      .filter({ hasText: instructions });
    await expect(card).toContainText('Aviso sanitario');
    await expect(card).toContainText('Sector Ribera Norte');
    await expect(card).toContainText('Término esperadoHasta nuevo aviso');
    await expect(card).toContainText('Estanque móvil, Plaza de Armas, Puerto Aysén (08:00 a 20:00)');
    await expect(card.getByRole('link', { name: 'Hervir el agua antes de consumirla' })).toHaveAttribute(
      'href',
      `/avisos/${id}`,
    );
    // No island: the page's one script is the offline pages' registration (quality-gates.spec.ts).
    await expect(page.locator('astro-island, [data-island]')).toHaveCount(0);
    await expectOnlyTheRegistration(page);
    await context.close();
    await liftAdvisory(id);
  });

  test('a lifted notice leaves the notices in force for those of the last 12 months', async ({ page }) => {
    const instructions = `No beba el agua de la red (${randomUUID().slice(0, 8)}).`;
    const id = await publishAdvisory('no-beber', 'cochrane', instructions);
    await liftAdvisory(id);
    await page.goto('/avisos');
    const past = page.locator('section', {
      has: page.getByRole('heading', { name: 'Avisos de los últimos 12 meses' }),
    });
    await expect(past.locator(`a[href="/avisos/${id}"]`)).toHaveText('No beber el agua de la red en Cochrane');
    const current = page.locator('section', { has: page.getByRole('heading', { name: 'Avisos vigentes' }) });
    await expect(current.locator(`a[href="/avisos/${id}"]`)).toHaveCount(0);
  });

  test('is in the menus and linked from /cortes', async ({ page }) => {
    await page.goto('/cortes');
    await expect(page.getByRole('main').getByRole('link', { name: 'Avisos', exact: true })).toHaveAttribute(
      'href',
      '/avisos',
    );
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Comunicados' });
    await expect(footer.getByRole('link', { name: 'Avisos', exact: true })).toHaveAttribute('href', '/avisos');
  });

  for (const width of [390, 1280])
    test(`/avisos and a notice's page have no WCAG 2.2 AA violations (${width} px)`, async ({ page }) => {
      const id = await publishAdvisory('hervir', 'puerto-aysen', 'Hierva el agua antes de beberla.');
      const lifted = await publishAdvisory('turbiedad', 'coyhaique', 'Deje correr el agua.');
      await liftAdvisory(lifted);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/avisos');
      await expect(page.locator(`a[href="/avisos/${id}"]`).first()).toBeVisible();
      expect(await pageViolations(page)).toEqual([]);
      await page.goto(`/avisos/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await pageViolations(page)).toEqual([]);
      await liftAdvisory(id);
    });
});

test.describe('/avisos/{id}', () => {
  test('has valid SpecialAnnouncement JSON-LD, under the CSP with no violation', async ({ page, browser }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const id = await publishAdvisory('no-usar', 'puerto-aysen', 'Use el agua solo para el inodoro.');
    const response = await page.goto(`/avisos/${id}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).not.toContain("'unsafe-inline'");
    await expect(page).toHaveTitle(`No usar el agua de la red en Puerto Aysén | ${site.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Aviso sanitario No usar el agua de la red en Puerto Aysén',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/avisos/${id}$`));
    const [data, ...others] = await jsonLdOf(page);
    expect(others).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SpecialAnnouncement',
      name: 'No usar el agua de la red en Puerto Aysén',
      category: 'No usar el agua de la red',
      url: expect.stringMatching(new RegExp(`/avisos/${id}$`)),
      spatialCoverage: [
        { '@type': 'Place', name: 'Puerto Aysén', geo: { '@type': 'GeoCoordinates', latitude: -45.403 } },
      ],
      announcementLocation: [{ '@type': 'CivicStructure', name: 'Estanque móvil' }],
    });
    expect(data.text).toContain('Use el agua solo para el inodoro.');
    expect(Number.isNaN(Date.parse(data.datePosted))).toBe(false);
    expect(violations).toEqual([]);
    await liftAdvisory(id);
    // Another browser: this one keeps the page a minute, as the server's Cache-Control allows.
    const context = await browser.newContext();
    const lifted = await context.newPage();
    await lifted.goto(`/avisos/${id}`);
    await expect(lifted.getByRole('region', { name: 'Término del aviso' })).toContainText(
      'El agua es apta para el consumo.',
    );
    const [expired] = await jsonLdOf(lifted);
    expect(Number.isNaN(Date.parse(expired.expires))).toBe(false);
    await context.close();
  });

  test("a draft's or an unknown id's page is the 404 page", async ({ request }) => {
    const draft = await publishAdvisory('hervir', 'cochrane', 'Borrador que nadie debe ver.', 'borrador');
    for (const path of [`/avisos/${draft}`, '/avisos/999999999', '/avisos/plantilla', '/avisos/uno']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toContain('Página no encontrada.');
      expect(html).not.toContain('Borrador que nadie debe ver.');
    }
  });
});

test.describe('the home band', () => {
  test('a health notice outranks an outage; lifted, the outage shows alone; nothing moves', async ({ browser }) => {
    await publishOutage();
    const id = await publishAdvisory('hervir', 'puerto-aysen', 'Hierva el agua antes de beberla.');

    const first = await openHome(browser);
    const band = first.page.getByRole('complementary', { name: 'Avisos' });
    await expect(band).toContainText('Hervir el agua antes de consumirla en Puerto Aysén.');
    await expect(band.getByRole('link', { name: 'Ver el aviso' })).toHaveAttribute('href', `/avisos/${id}`);
    await expect(first.page.getByRole('complementary', { name: 'Cortes de agua' })).toBeHidden();
    // Fixed to the window's bottom, it moved nothing when it appeared.
    expect(await band.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    const { shift } = await shiftAndLargestPaint(first.page);
    expect(shift).toBeLessThan(0.001);
    await closeDialogs(first.page);
    expect(await pageViolations(first.page)).toEqual([]);
    await first.close();

    await liftAdvisory(id);
    const second = await openHome(browser);
    await expect(second.page.getByRole('complementary', { name: 'Cortes de agua' })).toContainText('en Coyhaique');
    await expect(second.page.getByRole('complementary', { name: 'Avisos' })).toBeHidden();
    await second.close();
  });

  test('a notice that is not a health one gives way to an outage, and shows with none', async ({ browser }) => {
    const id = await publishAdvisory('congelamiento', 'cochrane', 'Proteja su medidor del frío.');
    const outage = await publishOutage();
    const withOutage = await openHome(browser);
    await expect(withOutage.page.getByRole('complementary', { name: 'Cortes de agua' })).toBeVisible();
    await expect(withOutage.page.getByRole('complementary', { name: 'Avisos' })).toBeHidden();
    await withOutage.close();

    await query(`UPDATE outages SET status = 'restablecido', closed_at = now() WHERE id = $1`, [outage]);
    // Other files' outages may be current: this test reads only the notice.
    const context = await browser.newContext();
    const page = await context.newPage();
    await onlyOurNotices(page);
    await page.route('**/api/outages', (route) => route.fulfill({ json: { success: true, outages: [], towns: [] } }));
    await page.goto('/');
    const band = page.getByRole('complementary', { name: 'Avisos' });
    await expect(band).toContainText('Riesgo de congelamiento en Cochrane.');
    await expect(band.getByRole('link', { name: 'Ver el aviso' })).toHaveAttribute('href', `/avisos/${id}`);
    await context.close();
    await liftAdvisory(id);
  });
});

test.describe('JSON-LD', () => {
  test('the home page names the utility as an Organization with its contact points', async ({ page }) => {
    await page.goto('/');
    const [data] = await jsonLdOf(page);
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: site.name,
      telephone: site.customerPhone.replace(/\s+/g, ''),
      contactPoint: expect.arrayContaining([
        expect.objectContaining({ contactType: 'customer service', email: site.contactEmail }),
      ]),
    });
    expect(data.contactPoint).toHaveLength(4);
  });

  test('/oficinas gives each office with its opening hours', async ({ page }) => {
    await page.goto('/oficinas');
    const [data] = await jsonLdOf(page);
    const offices = data['@graph'] as { '@type': string; name: string; openingHoursSpecification: unknown[] }[];
    expect(offices).toHaveLength(7);
    for (const office of offices) {
      expect(office['@type']).toBe('LocalBusiness');
      expect(office.openingHoursSpecification.length).toBeGreaterThan(0);
    }
    expect(offices[0]).toMatchObject({
      name: `${site.name}, oficina Coyhaique`,
      openingHoursSpecification: [
        { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:45', closes: '17:00' },
      ],
    });
  });
});
