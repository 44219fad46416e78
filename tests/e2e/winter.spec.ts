import { expect, test } from '@playwright/test';
import { fetchedAroundLoad } from './helpers/paint-metrics.ts';

for (const [route, count] of [
  ['/invierno', 5],
  ['/medidor', 3],
  ['/tuberias', 2],
] as const) {
  test(`${route} has a carousel of ${count} images that wraps around both ways`, async ({ page }) => {
    await page.goto(route);
    const carousel = page.locator('.carousel');
    const slides = carousel.locator('.carousel__slide');
    await expect(slides).toHaveCount(count);
    // The carousel's script comes once the page has painted (scripts-after-paint.ts), and gives
    // the other slides their pictures' sources: the arrows work from then on.
    await expect(carousel.locator('[data-srcset]')).toHaveCount(0);
    // The slide inside the carousel's frame, checked to be the only one not inert.
    const active = () =>
      carousel.evaluate((root) => {
        const frame = root.querySelector('.carousel__viewport')!.getBoundingClientRect();
        const all = [...root.querySelectorAll('.carousel__slide')];
        const shown = all.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - frame.left) < 1);
        return all.every((slide, index) => slide.hasAttribute('inert') === (index !== shown)) ? shown : -1;
      });
    await expect.poll(active).toBe(0);
    await carousel.getByRole('button', { name: 'Diapositiva anterior' }).click();
    await expect.poll(active).toBe(count - 1);
    await carousel.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect.poll(active).toBe(0);
    for (let step = 1; step < count; step++)
      await carousel.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect.poll(active).toBe(count - 1);
    await carousel.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect.poll(active).toBe(0);
    for (const img of await slides.locator('img').all()) expect(await img.getAttribute('alt')).toBeTruthy();
  });
}

test('the first winter image, in view under the opening paragraph, is fetched first; the others once the page has loaded', async ({
  page,
}) => {
  await page.goto('/invierno', { waitUntil: 'load' });
  const images = page.locator('.carousel .carousel__slide img');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  const carouselImage = /^\/_astro\/0\d\.[\w-]+\.(avif|webp|jpg)$/;
  await expect.poll(async () => (await fetchedAroundLoad(page, carouselImage)).after.length).toBeGreaterThan(0);
  expect((await fetchedAroundLoad(page, carouselImage)).before).toEqual([expect.stringMatching(/^\/_astro\/01\./)]);
});
