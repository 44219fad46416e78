import { expect, test } from '@playwright/test';
import { useAdminTheme } from './helpers/admin-axe.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';

const app = (page: import('@playwright/test').Page) => page.locator('.admin');

test.beforeAll(async () => {
  await ensureAdmin();
});

test.beforeEach(async ({ page }) => {
  await useSession(page);
});

test('/admin opens Pagos Webpay; the side menu moves focus to each screen title', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/pagos$/);
  const menu = page.getByRole('navigation', { name: 'Menú de administración' });
  await expect(menu.getByRole('link')).toHaveText([
    'Administradores',
    'Documentos',
    'Comunicados',
    'Educación',
    'Pagos Webpay',
    'Cuentas',
    'Atención ciudadana',
    'Cortes',
    'Avisos',
    'Correo saliente',
    'Registro de actividad',
  ]);
  await expect(menu.getByRole('link', { name: 'Pagos Webpay' })).toHaveAttribute('aria-current', 'page');
  expect(await menu.evaluate((nav) => nav.getBoundingClientRect().width)).toBe(256);

  for (const [link, title] of [
    ['Administradores', 'Administradores'],
    ['Documentos', 'Documentos'],
    ['Comunicados', 'Comunicados'],
    ['Educación', 'Educación'],
    ['Cuentas', 'Importar cuentas'],
    ['Atención ciudadana', 'Atención ciudadana'],
    ['Cortes', 'Cortes de agua'],
    ['Avisos', 'Avisos'],
    ['Correo saliente', 'Correo saliente'],
    ['Registro de actividad', 'Registro de actividad'],
  ] as const) {
    await menu.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| Administración`));
  }
});

test('an unknown admin address says so within the layout', async ({ page }) => {
  await page.goto('/admin/no-existe/para-nada');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  await expect(page.getByRole('navigation', { name: 'Menú de administración' })).toBeVisible();
});

test('the theme is ONE_DARK by default; choosing Claro is kept after a reload', async ({ page }) => {
  await page.goto('/admin/pagos');
  await expect(app(page)).toHaveAttribute('data-theme', 'ONE_DARK');
  // Spec §3: dark background, yellow primary.
  expect(await app(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(33, 37, 43)');
  expect(
    await page.getByRole('link', { name: 'Exportar CSV' }).evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(229, 192, 123)');

  const settings = page.getByRole('button', { name: 'Configuración' });
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('radio', { name: 'Claro' }).check();
  await expect(app(page)).toHaveAttribute('data-theme', 'LIGHT');
  await page.keyboard.press('Escape');
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await expect(settings).toBeFocused();

  await page.reload();
  await expect(app(page)).toHaveAttribute('data-theme', 'LIGHT');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('settings')))!)).toEqual({
    direction: 'ltr',
    responsiveFontSizes: true,
    theme: 'LIGHT',
  });
  await expect(app(page)).toHaveAttribute('dir', 'ltr');
});

test('an invalid stored theme logs a warning and uses the light theme', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await useAdminTheme(page, 'NEON');
  await page.goto('/admin/pagos');
  await expect(app(page)).toHaveAttribute('data-theme', 'LIGHT');
  expect(warnings.some((text) => text.includes('Tema no válido') && text.includes('NEON'))).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Menú button opens and closes the side menu', async ({ page }) => {
    await page.goto('/admin/pagos');
    const button = page.getByRole('button', { name: 'Menú' });
    const menu = page.getByRole('navigation', { name: 'Menú de administración' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await button.click();
    await expect(menu).toBeHidden();

    await button.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Choosing a screen closes the menu and shows that screen.
    await button.click();
    await menu.getByRole('link', { name: 'Documentos' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentos');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('nothing is wider than the screen', async ({ page }) => {
    for (const path of ['/admin/pagos', '/admin/comunicados/nuevo', '/admin/documentos']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.locator('main').getByRole('button').or(page.locator('main').getByRole('table')).first(),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});
