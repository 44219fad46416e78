import { expect, test } from '@playwright/test';
import { shiftAndLargestPaint } from './helpers/paint-metrics.ts';
import { screenshot } from './helpers/screenshots.ts';

test('three galleries show 3 items each first, and Cargar todos shows the rest', async ({ page }) => {
  await page.goto('/educacion');
  const documents = page.getByRole('region', { name: 'Documentos educativos' });
  const plans = page.getByRole('region', { name: 'Planificaciones' });
  const photos = page.getByRole('region', { name: 'Galería de fotos' });
  await expect(photos.getByRole('listitem')).toHaveCount(3);
  await expect(plans.getByRole('listitem')).toHaveCount(3);
  await expect(documents.getByRole('listitem')).toHaveCount(3);
  await expect(documents.getByRole('button', { name: /Cargar todos/ })).toHaveCount(0);

  await photos.getByRole('button', { name: /Cargar todos/ }).click();
  await expect(photos.getByRole('listitem')).toHaveCount(5);
  await expect(photos.getByRole('button', { name: /Cargar todos/ })).toHaveCount(0);
});

test('the winter advice leads the educational documents, each title opening its file in a new tab', async ({
  page,
}) => {
  await page.goto('/educacion');
  const first = page.getByRole('region', { name: 'Documentos educativos' }).getByRole('listitem').first();
  const link = first.getByRole('link');
  await expect(link).toHaveAccessibleName(/^Consejos de inv/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', '/documentos/educacion/consejos-de-invierno.pdf');
  await expect(first.locator('img')).toHaveAttribute('src', '/img/educacion/consejos-de-invierno.jpg');
});

test('the galleries are in the HTML, read without JavaScript, and the page asks no API for them', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/educacion');
  const documents = page.getByRole('region', { name: 'Documentos educativos' });
  await expect(documents.getByRole('listitem')).toHaveCount(3);
  await expect(documents.getByRole('link').first()).toHaveAccessibleName(/^Consejos de inv/);
  await expect(page.getByRole('region', { name: 'Galería de fotos' }).getByRole('listitem')).toHaveCount(3);
  expect(asked.filter((pathname) => pathname.startsWith('/api/'))).toEqual([]);
  await context.close();
});

// The galleries keep their place when the island takes over the page's HTML (Lighthouse
// measured a layout shift of 0.165 when the items arrived from the API), and the largest paint is
// the page's own text, not a thumbnail. The browser's own APIs measure both.
for (const width of [412, 1280]) {
  test(`the page does not move when the island runs, and its text stays the largest paint (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 823 });
    await page.goto('/educacion');
    const photos = page.getByRole('region', { name: 'Galería de fotos' });
    // Enabled once the island runs.
    await expect(photos.getByRole('button', { name: /Cargar todos/ })).toBeEnabled();
    const documents = page.getByRole('region', { name: 'Documentos educativos' }).getByRole('listitem');
    await expect(documents).toHaveCount(3);
    await expect(documents.first().locator('img')).toHaveJSProperty('complete', true);
    await screenshot(page, testInfo, `educacion-cargada-${width}.png`);
    const { shift, largest } = await shiftAndLargestPaint(page);
    expect(shift).toBeLessThan(0.01);
    await expect(largest).toHaveCount(1);
    // The heading or the introduction, painted from the page's HTML.
    await expect(page.locator('main .prose').first().locator('[data-largest-paint]')).toHaveCount(1);
  });
}
