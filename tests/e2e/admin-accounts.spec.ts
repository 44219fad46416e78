import { expect, test } from '@playwright/test';
import { adminMessages } from '../../src/shared/admins/schema.ts';
import { e2eAdmin, ensureAdmin, signIn, useSession, type TestAdmin } from './helpers/admin-session.ts';
import { query } from './helpers/database.ts';

const notification = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

test('an administrator is created, signs in, gets a new password from another admin and is deleted', async ({
  page,
  browser,
}) => {
  // The newcomer enrols a second factor at the first sign-in: more password hashes.
  test.slow();
  const newcomer: TestAdmin = {
    name: 'Nueva Persona E2E',
    email: 'e2e-nueva-persona@example.com',
    password: 'primera-clave-123',
  };
  await query('DELETE FROM admins WHERE lower(email) = $1', [newcomer.email]);
  await ensureAdmin();
  await useSession(page);

  await page.goto('/admin/administradores/nuevo');
  await page.getByLabel('Nombre').fill(newcomer.name);
  await page.getByLabel('Correo electrónico').fill(newcomer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('corta');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('#password-error')).toHaveText(`Error: ${adminMessages.passwordShort}`);
  await page.getByLabel('Contraseña', { exact: true }).fill(newcomer.password);
  // A new administrator asks the acting admin's own password again (a stolen token alone cannot).
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('#ownPassword-error')).toHaveText(`Error: ${adminMessages.confirmWithPassword}`);
  await page.getByLabel('Su contraseña actual').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, 'Administrador creado.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(newcomer.name) })).toContainText(newcomer.email);

  const other = await browser.newPage();
  await signIn(other, newcomer);
  await other.close();

  // The same e-mail twice: the server's 409 message, on the e-mail field.
  await page.getByRole('link', { name: 'Nuevo administrador' }).click();
  await page.getByLabel('Nombre').fill('Otra persona');
  await page.getByLabel('Correo electrónico').fill(newcomer.email.toUpperCase());
  await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-larga');
  await page.getByLabel('Su contraseña actual').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: adminMessages.duplicateEmail })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveAccessibleDescription(
    new RegExp(adminMessages.duplicateEmail),
  );

  // Editing: an empty 'Nueva contraseña' keeps the password; a new one replaces it.
  await page.goto('/admin/administradores');
  await page.getByRole('link', { name: `Editar ${newcomer.name}` }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue(newcomer.name);
  await expect(page.getByLabel('Nueva contraseña')).toHaveValue('');
  await page.getByLabel('Nueva contraseña').fill('segunda-clave-456');
  // A reset asks the acting admin's own password again (a stolen token alone cannot do it).
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('#ownPassword-error')).toHaveText(`Error: ${adminMessages.confirmWithPassword}`);
  await page.getByLabel('Su contraseña actual').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, 'Administrador actualizado.')).toBeVisible();
  const old = await page.request.post('/api/login', { data: { email: newcomer.email, password: newcomer.password } });
  expect(old.status()).toBe(401);
  const renewed = await page.request.post('/api/login', {
    data: { email: newcomer.email, password: 'segunda-clave-456' },
  });
  expect(renewed.status()).toBe(200);

  await page.getByRole('button', { name: `Eliminar ${newcomer.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(notification(page, 'Administrador eliminado.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(newcomer.name) })).toHaveCount(0);
  // The signed-in admin has no Eliminar of their own row (the server refuses it too).
  await expect(page.getByRole('button', { name: `Eliminar ${e2eAdmin.name}` })).toHaveCount(0);
});

// A 1×1 PNG.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('Mi cuenta: the profile (name, uploaded avatar) updates the top bar; a password change keeps this session and ends the old password', async ({
  page,
}) => {
  const admin: TestAdmin = {
    name: 'Cuenta Propia E2E',
    email: 'e2e-cuenta-propia@example.com',
    password: 'clave-original-1',
  };
  await ensureAdmin(admin);
  await signIn(page, admin);
  await page.getByRole('button', { name: /Perfil de/ }).click();
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi cuenta');

  const profile = page.getByRole('form', { name: 'Perfil' });
  await profile.getByLabel('Nombre').fill('Cuenta Renombrada E2E');
  // The avatar is an image uploaded here: the CSP shows no image of another host.
  await profile
    .getByLabel('Subir imagen')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(profile.getByText('Archivo subido: avatar.png')).toBeVisible();
  await expect(profile.getByLabel('Avatar')).toHaveValue(/^\/api\/files\/[0-9a-f-]{36}\/avatar\.png$/);
  await profile.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(notification(page, 'Perfil actualizado.')).toBeVisible();
  const topBarProfile = page.getByRole('button', { name: 'Perfil de Cuenta Renombrada E2E' });
  await expect(topBarProfile).toBeVisible();
  await expect
    .poll(() =>
      topBarProfile.locator('img.avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(1);

  const password = page.getByRole('form', { name: 'Cambiar contraseña' });
  await password.getByLabel('Contraseña actual').fill('no-es-esta-clave');
  await password.getByLabel('Nueva contraseña', { exact: true }).fill('clave-nueva-2');
  await password.getByLabel('Repita la nueva contraseña').fill('clave-nueva-2');
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.locator('#currentPassword-error')).toHaveText(`Error: ${adminMessages.wrongCurrentPassword}`);

  const tokenBefore = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  await password.getByLabel('Contraseña actual').fill(admin.password);
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(notification(page, 'Contraseña cambiada.')).toBeVisible();
  const tokenAfter = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  expect(tokenAfter).not.toBe(tokenBefore);

  // This tab carries on with the new token.
  await page
    .getByRole('navigation', { name: 'Menú de administración' })
    .getByRole('link', { name: 'Administradores' })
    .click();
  await expect(page.getByRole('row', { name: /Cuenta Renombrada E2E/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/administradores$/);
  expect(
    (await page.request.post('/api/login', { data: { email: admin.email, password: admin.password } })).status(),
  ).toBe(401);
});

test('editing oneself offers no password reset, which would end the session: Mi cuenta does that', async ({ page }) => {
  await ensureAdmin();
  const { userId } = await useSession(page);
  await page.goto(`/admin/administradores/${userId}/editar`);
  await expect(page.getByLabel('Nombre')).toHaveValue(e2eAdmin.name);
  await expect(page.getByLabel('Nueva contraseña')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/admin/account');
});
