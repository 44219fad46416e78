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

test('shows a loading indicator, then the error message when the list cannot load', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/education/documents', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { success: false } });
  });
  await page.goto('/educacion');
  await expect(page.getByRole('status').filter({ hasText: 'Cargando archivos…' })).toHaveCount(3);
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Ha ocurrido un error cargando los archivos.' })).toHaveCount(
    3,
  );
});

// The galleries keep their place while the list loads (Lighthouse measured a layout
// shift of 0.165 when the items arrived), and the largest paint is the page's own text, not a
// thumbnail that waits for the list (LCP 2.5 s on a phone). The browser's own APIs measure both.
for (const width of [412, 1280]) {
  test(`the page does not move when the items arrive, and its text stays the largest paint (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 823 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('/api/education/documents', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/educacion');
    await expect(page.getByRole('status').filter({ hasText: 'Cargando archivos…' })).toHaveCount(3);
    await screenshot(page, testInfo, `educacion-cargando-${width}.png`);
    release();
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
