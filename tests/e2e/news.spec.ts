import { expect, test } from '@playwright/test';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Comunicados y noticias' });
const itemHeading = (page: import('@playwright/test').Page) => page.locator('.news__item h2').first();

test('shows the women-certification item by default, and the sidebar has the 11 fixed items and the active dynamic ones', async ({
  page,
}) => {
  await page.goto('/comunicados');
  await expect(nav(page).getByRole('link', { name: 'Mantención red Coyhaique' })).toBeVisible();
  // The 11 fixed items, whatever staff publish beside them meanwhile (admin-content.spec.ts).
  await expect(nav(page).locator('a:not([href^="?item=comunicado-"])')).toHaveCount(11);
  await expect(nav(page).getByRole('link', { name: 'Aviso retirado' })).toHaveCount(0);
  await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(1);
  const defaultTitle = await itemHeading(page).textContent();
  expect(defaultTitle).toMatch(/certific/i);
});

test('choosing an item shows it and puts its key in the URL; back returns to the last one', async ({ page }) => {
  await page.goto('/comunicados');
  await expect(nav(page).getByRole('link', { name: 'Mantención red Coyhaique' })).toBeVisible();
  const first = await itemHeading(page).textContent();
  const link = nav(page).locator('a[href="?item=compromiso"]');
  await link.click();
  await expect(page).toHaveURL(/\?item=compromiso$/);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(itemHeading(page)).not.toHaveText(first!);
  await expect(itemHeading(page)).toBeFocused();
  await page.goBack();
  await expect(itemHeading(page)).toHaveText(first!);
});

test('a shared link opens its item, including a dynamic one', async ({ page }) => {
  await page.goto('/comunicados?item=refuerzo-invierno');
  await expect(nav(page).locator('[aria-current="page"]')).toHaveAttribute('href', '?item=refuerzo-invierno');
  const dynamic = await page.request.get('/api/reports').then((r) => r.json());
  await page.goto(`/comunicados?item=comunicado-${dynamic.reports[0].id}`);
  await expect(itemHeading(page)).toHaveText(dynamic.reports[0].title);
  await expect(page.locator('.news__item')).toContainText('mantención');
});

test('an unknown key falls back to the Covid-benefit item', async ({ page }) => {
  await page.goto('/comunicados?item=no-existe');
  await expect(nav(page).locator('[aria-current="page"]')).toHaveAttribute('href', '?item=beneficio-covid');
});
