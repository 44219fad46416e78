import { expect, test } from '@playwright/test';
import { pageViolations } from './helpers/site-shell-axe.ts';
import { serveTiles } from './helpers/map-tiles.ts';

test.describe('/oficinas', () => {
  test('lists the 7 offices with Coyhaique selected and the map on it; choosing another moves the map', async ({
    page,
  }) => {
    await serveTiles(page);
    await page.goto('/oficinas');
    const offices = page.getByRole('list', { name: 'Oficinas' }).getByRole('button');
    await expect(offices).toHaveCount(7);
    await expect(offices.first()).toContainText('Coyhaique');
    await expect(offices.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(offices.first()).toContainText('8:45 a 17:00');
    const map = page.locator('.leaflet-container');
    await expect(map).toHaveAttribute('data-center', 'coyhaique');
    await expect(map).toHaveAttribute('data-zoom', '18');

    await offices.filter({ hasText: 'Cochrane' }).click();
    await expect(offices.filter({ hasText: 'Cochrane' })).toHaveAttribute('aria-pressed', 'true');
    await expect(map).toHaveAttribute('data-center', 'cochrane');
    expect(await map.evaluate((el) => el.querySelectorAll('.leaflet-marker-icon').length)).toBe(7);
  });

  test('with the map loaded the page still has no WCAG 2.2 AA violations', async ({ page }) => {
    await serveTiles(page);
    await page.goto('/oficinas');
    await expect(page.locator('.leaflet-container')).toHaveAttribute('data-center', 'coyhaique');
    expect(await pageViolations(page)).toEqual([]);
  });

  test('without map tiles, the map gives way to a notice and the list stays', async ({ page }) => {
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/oficinas');
    await expect(
      page.getByText('El mapa no está disponible en este momento. Las direcciones están en la lista.'),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Oficinas' }).getByRole('button')).toHaveCount(7);
  });

  test('the offices and addresses are readable without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/oficinas');
    for (const name of [
      'Coyhaique',
      'Puerto Aysén',
      'Puerto Cisnes',
      'Balmaceda',
      'Puerto Ibáñez',
      'Chile Chico',
      'Cochrane',
    ]) {
      await expect(page.getByRole('list', { name: 'Oficinas' })).toContainText(name);
    }
    await context.close();
  });
});

test.describe('/puntodedescarga', () => {
  test('gives the steps, the hours, a map of the 4 points and the English instructions', async ({ page }) => {
    await serveTiles(page);
    await page.goto('/puntodedescarga');
    await expect(page.locator('main')).toContainText('Lunes a viernes de 9:00 a 13:00 y de 15:00 a 17:00');
    const points = page.getByRole('list', { name: 'Puntos de descarga' }).getByRole('button');
    await points.first().scrollIntoViewIfNeeded();
    await expect(points).toHaveText([/Coyhaique/, /Cochrane/, /Puerto Cisnes/, /Chile Chico/]);
    await expect(page.locator('.leaflet-container')).toHaveAttribute('data-center', 'coyhaique');
    await expect(page.locator('.leaflet-container')).toHaveAttribute('data-zoom', '12');
    await points.filter({ hasText: 'Chile Chico' }).click();
    await expect(page.locator('.leaflet-container')).toHaveAttribute('data-center', 'chile-chico');
    await expect(page.locator('section[lang="en"]')).toContainText('Monday to Friday');
    await expect(page.getByRole('link', { name: 'Registrarse para usar el punto de descarga' })).toHaveAttribute(
      'href',
      '/motorhome',
    );
  });
});
