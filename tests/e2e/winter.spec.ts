import { expect, test } from '@playwright/test';

for (const [route, count] of [
  ['/invierno', 5],
  ['/medidor', 3],
  ['/tuberias', 2],
] as const) {
  test(`${route} has a carousel of ${count} images that wraps around both ways`, async ({ page }) => {
    await page.goto(route);
    const carousel = page.locator('.carousel');
    const slides = carousel.locator('.swiper-slide');
    await expect(slides).toHaveCount(count);
    const active = () =>
      carousel
        .locator('.swiper-slide')
        .evaluateAll((all) => all.findIndex((slide) => slide.classList.contains('swiper-slide-active')));
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
