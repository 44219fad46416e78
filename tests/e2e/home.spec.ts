import { expect, test, type Page } from '@playwright/test';

const targets = [
  '/factibilidad',
  '/obras',
  '/motorhome',
  '/video',
  '/pago',
  '/comunicados',
  '/cortes',
  '/lugares-y-medios-de-pago',
  '/venta-de-agua-y-servicios',
];

const closeDialogs = async (page: Page) => {
  await page
    .getByRole('dialog', { name: 'Conozca Aguas Patagonia de Aysén' })
    .getByRole('button', { name: /Cerrar/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Horario de atención' })
    .getByRole('button', { name: /Cerrar/ })
    .click();
};

const activeBanner = (page: Page) =>
  page.locator('.carousel--banner .swiper-slide-active .carousel__title').textContent();

test.describe('home carousel', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await closeDialogs(page);
  });

  test('has 9 banners whose buttons lead to the spec pages in order', async ({ page }) => {
    const hrefs = await page
      .locator('.carousel--banner .swiper-slide:not(.swiper-slide-duplicate) .carousel__caption a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBe(9);
    expect([...hrefs].sort()).toEqual([...targets].sort());
    const realIndexOrder = await page.locator('.carousel--banner .swiper-slide').evaluateAll((slides) =>
      slides
        .map((slide) => ({
          index: Number(slide.getAttribute('data-swiper-slide-index')),
          href: slide.querySelector('a')?.getAttribute('href'),
        }))
        .sort((a, b) => a.index - b.index)
        .map((slide) => slide.href),
    );
    expect(realIndexOrder).toEqual(targets);
  });

  test('advances on its own every 3.5 s, and stops when paused', async ({ page }) => {
    const first = await activeBanner(page);
    await expect.poll(() => activeBanner(page), { timeout: 6_000 }).not.toBe(first);
    await page.getByRole('button', { name: 'Pausar' }).click();
    await expect(page.getByRole('button', { name: 'Reanudar' })).toHaveAttribute('aria-pressed', 'true');
    const paused = await activeBanner(page);
    await page.waitForTimeout(4_500);
    expect(await activeBanner(page)).toBe(paused);
  });

  test('moves with the arrows, the dots and the keyboard, looping past the last banner', async ({ page }) => {
    await page.getByRole('button', { name: 'Pausar' }).click();
    const carousel = page.getByRole('region', { name: 'Destacados' });
    const activeIndex = () =>
      page.locator('.carousel--banner .swiper-slide-active').getAttribute('data-swiper-slide-index');
    await carousel.getByRole('button', { name: 'Ir a la diapositiva 9' }).click();
    await expect.poll(activeIndex).toBe('8');
    await carousel.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect.poll(activeIndex).toBe('0');
    await carousel.getByRole('button', { name: 'Diapositiva anterior' }).click();
    await expect.poll(activeIndex).toBe('8');
    await page.keyboard.press('ArrowRight');
    await expect.poll(activeIndex).toBe('0');
  });
});

test.describe('home dialogs', () => {
  // includeHidden: a closed dialog is still found, so "not open" is asserted on the element itself.
  const dialogs = (page: Page) => ({
    video: page.getByRole('dialog', { name: 'Conozca Aguas Patagonia de Aysén', includeHidden: true }),
    hours: page.getByRole('dialog', { name: 'Horario de atención', includeHidden: true }),
    open: page.locator('dialog[open]'),
  });

  test('open one after the other: the video first, the hours when it closes; once closed, only the hours', async ({
    page,
  }) => {
    const { video, hours, open } = dialogs(page);
    await page.goto('/');
    await expect(video).toHaveAttribute('open', '');
    await expect(video).toBeVisible();
    await expect(hours).not.toHaveAttribute('open');
    await expect(hours).toBeHidden();
    await expect(open).toHaveCount(1);

    await video.getByRole('button', { name: /Cerrar/ }).click();
    await expect(hours).toHaveAttribute('open', '');
    await expect(hours).toBeVisible();
    await expect(video).not.toHaveAttribute('open');
    await expect(open).toHaveCount(1);
    await hours.getByRole('button', { name: /Cerrar/ }).click();
    await expect(open).toHaveCount(0);

    await page.reload();
    await expect(hours).toHaveAttribute('open', '');
    await expect(hours).toBeVisible();
    await expect(video).not.toHaveAttribute('open');
    await expect(video).toBeHidden();
    await expect(open).toHaveCount(1);
  });

  test('the video dialog is 60% of the window and the hours image at most 800 px', async ({ page }) => {
    const { video, hours } = dialogs(page);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/');
    await expect(video).toBeVisible();
    expect(Math.round((await video.boundingBox())!.width)).toBe(840);
    await video.getByRole('button', { name: /Cerrar/ }).click();
    await expect(hours).toBeVisible();
    expect((await hours.boundingBox())!.width).toBeLessThanOrEqual(800);
  });

  test('Escape closes the video dialog, then the hours dialog it opened', async ({ page }) => {
    const { video, hours, open } = dialogs(page);
    await page.goto('/');
    await expect(video).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(video).toBeHidden();
    await expect(hours).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(open).toHaveCount(0);
  });
});

test('the home page shows the customer boxes, the three cards and the social links', async ({ page }) => {
  await page.goto('/');
  await closeDialogs(page);
  const boxes = page.getByRole('region', { name: 'Información a clientes' });
  for (const name of ['Pagar mi cuenta', 'Mi boleta', 'Cortes programados', 'Oficinas y horarios', 'Tarifas']) {
    await expect(boxes.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Conozca nuestro plan/ })).toHaveAttribute('href', '/sostenibilidad');
  await expect(page.getByRole('link', { name: 'Ingresar un reclamo' })).toHaveAttribute('href', '/reclamos');
  await expect(page.getByRole('link', { name: 'Enviar un mensaje' })).toHaveAttribute('href', '/contacto');
  await expect(page.getByRole('region', { name: 'Síganos' }).getByRole('link')).toHaveCount(3);
});

test('the first banner is an optimised responsive image loaded first', async ({ page }) => {
  await page.goto('/');
  const first = page.locator('.carousel--banner .swiper-slide[data-swiper-slide-index="0"] img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  const sources = page.locator('.carousel--banner .swiper-slide[data-swiper-slide-index="0"] source');
  await expect(sources.first()).toHaveAttribute('type', 'image/avif');
  expect(await sources.first().getAttribute('srcset')).toMatch(/480w.*800w/);
});
