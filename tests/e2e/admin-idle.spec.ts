import { expect, test, type Page } from '@playwright/test';
import { authMessages } from '../../src/shared/auth/schema.ts';
import { ensureAdmin, signIn, type TestAdmin } from './helpers/admin-session.ts';

// Signing out ends every token of the admin: each test uses an admin of its own, since the tests
// of a file run in parallel.
async function signInAs(page: Page, name: string): Promise<TestAdmin> {
  const admin = {
    name,
    email: `e2e-${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
    password: 'clave-inactiva-123',
  };
  await ensureAdmin(admin);
  await page.clock.install();
  await signIn(page, admin);
  return admin;
}

test('a tab left idle warns a minute before 30 minutes, then ends the session and shows /login', async ({ page }) => {
  await signInAs(page, 'Inactiva E2E');
  const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  await page.clock.fastForward('29:05');
  const warning = page.getByRole('alertdialog', { name: '¿Sigue ahí?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Seguir conectado' })).toBeFocused();

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(authMessages.idle)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  // The server ended the session too: the old token no longer works.
  expect((await page.request.get('/api/admin/audit', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
    401,
  );
});

test('"Seguir conectado" keeps the session, and the time starts again', async ({ page }) => {
  const admin = await signInAs(page, 'Presente E2E');
  await page.clock.fastForward('29:05');
  await page.getByRole('button', { name: 'Seguir conectado' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await page.clock.fastForward('20:00');
  await expect(page.getByRole('button', { name: new RegExp(`Perfil de ${admin.name}`) })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toBeHidden();
});
