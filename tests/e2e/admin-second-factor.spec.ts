import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { authMessages } from '../../src/shared/auth/schema.ts';
import {
  e2eCompliance,
  ensureAdmin,
  nextTotpCode,
  typePassword,
  useSession,
  type TestAdmin,
} from './helpers/admin-session.ts';
import { adminThemes, expectNoAdminViolations, useAdminTheme } from './helpers/admin-axe.ts';
import { query } from './helpers/database.ts';
import { qrCodeText } from '../helpers/qr-code.ts';
import { screenshot } from './helpers/screenshots.ts';

/** The second factor at /login, and a compliance role that opens the desk only to its owner. */

test.beforeAll(async () => {
  await ensureAdmin(e2eCompliance, ['cumplimiento']);
});

const codeNow = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });
const profileButton = (page: Page, admin: TestAdmin) =>
  page.getByRole('button', { name: new RegExp(`Perfil de ${admin.name}`) });

/** An account as an administrator creates it: a password someone else typed, no second factor yet. */
async function newAccount(label: string): Promise<TestAdmin> {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const admin = {
    name: `${label} ${stamp}`,
    email: `e2e-${label.toLowerCase()}-${stamp}@example.com`,
    password: 'clave-inicial-larga',
  };
  await ensureAdmin(admin);
  await query('UPDATE admins SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL WHERE email = $1', [
    admin.email,
  ]);
  return admin;
}

/** Signs in at /login for the first time: enrols TOTP from the key shown, keeps the recovery codes. Answers the secret. */
async function enrolAtFirstSignIn(page: Page, admin: TestAdmin): Promise<string> {
  await typePassword(page, admin);
  const key = page.getByLabel('Clave de configuración', { exact: true });
  // The password is checked with scrypt at OWASP's cost: slow on a busy machine.
  await expect(key).toBeVisible({ timeout: 20_000 });
  const secret = (await key.textContent())!.replaceAll(' ', '');
  await expect(page.getByRole('link', { name: 'abrirla con la clave ya ingresada' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.*secret=${secret}`),
  );
  // The QR code says the same URI, read back from its pixels by a decoder no one on the team wrote.
  const qr = page.getByRole('img', { name: 'Código QR de la clave de configuración' });
  await expect(qr.locator('svg')).toBeVisible();
  expect(await qrCodeText(await qr.screenshot())).toBe(
    await page.getByRole('link', { name: 'abrirla con la clave ya ingresada' }).getAttribute('href'),
  );
  await page.getByLabel('Código de verificación').fill('000000');
  await page.getByRole('button', { name: 'Activar y entrar' }).click();
  await expect(page.locator('#code-error')).toContainText(authMessages.wrongCode);
  await page.getByLabel('Código de verificación').fill(codeNow(secret));
  await page.getByRole('button', { name: 'Activar y entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Sus códigos de recuperación' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(10);
  const codes = await page.getByRole('listitem').allTextContents();
  // Kept by a download and by the clipboard, both holding every code.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar los códigos' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('codigos-de-recuperacion.txt');
  const file = await readFile((await download.path())!, 'utf8');
  for (const code of codes) expect(file).toContain(code);
  await expect(page.getByRole('status').filter({ hasText: 'Códigos descargados' })).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copiar los códigos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Códigos copiados' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const code of codes) expect(copied).toContain(code);
  await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
  await expect(profileButton(page, admin)).toBeVisible();
  return secret;
}

test('the first sign-in enrols TOTP; the next asks for a code of it', async ({ page }) => {
  test.slow();
  const admin = await newAccount('Enrola');
  const secret = await enrolAtFirstSignIn(page, admin);

  // A new visit, in a tab of its own (its session storage empty): the server asks for a code of
  // that secret. Clearing this tab's storage instead raced the app's own move to /login
  // (net::ERR_ABORTED on the test's navigation).
  const visit = await page.context().newPage();
  await typePassword(visit, admin);
  await expect(visit.getByText('Ingrese el código que muestra su aplicación de autenticación.')).toBeVisible();
  await visit.getByLabel('Código de verificación').fill(await nextTotpCode(admin.email, secret));
  await visit.getByRole('button', { name: 'Verificar' }).click();
  await expect(profileButton(visit, admin)).toBeVisible();
});

for (const theme of adminThemes)
  test(`the enrolment shows its QR code beside the key, in room of its own (${theme})`, async ({ page }, testInfo) => {
    test.slow();
    const admin = await newAccount(`Tema${theme}`);
    try {
      await useAdminTheme(page, theme);
      await page.setViewportSize({ width: 390, height: 844 });
      await typePassword(page, admin);
      const key = page.getByLabel('Clave de configuración', { exact: true });
      await expect(key).toBeVisible({ timeout: 20_000 });
      const qr = page.getByRole('img', { name: 'Código QR de la clave de configuración' });
      await expect(qr.locator('svg')).toBeVisible();
      // Its room is kept before its code loads: the key below does not move when it comes.
      const box = (await qr.boundingBox())!;
      expect(Math.round(box.width)).toBe(Math.round(box.height));
      expect(box.width).toBeGreaterThanOrEqual(180);
      await screenshot(page, testInfo, `second-factor-enrolment-${theme}-390.png`, { fullPage: true });
      await expectNoAdminViolations(page, theme, 'the enrolment');
    } finally {
      await query('DELETE FROM admins WHERE email = $1', [admin.email]);
    }
  });

test('a granted compliance role ends the sessions and keeps the desk closed until the owner sets their own password and second factor', async ({
  page,
  browser,
}) => {
  test.slow();
  const grantee = await newAccount('Otorgada');
  await useSession(page, e2eCompliance);
  await page.goto('/admin/denuncias/equipo');
  const row = page.getByRole('row').filter({ hasText: grantee.email });
  await row.getByRole('button', { name: `Otorgar cumplimiento a ${grantee.name}` }).click();
  await expect(page.getByText(`Rol de cumplimiento otorgado a ${grantee.name}.`)).toBeVisible();

  // The owner, in a browser of their own: the second factor first, then the desk is still closed.
  const owner = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  try {
    await enrolAtFirstSignIn(owner, grantee);
    await owner.goto('/admin/denuncias');
    await expect(owner.getByRole('main').getByRole('alert')).toContainText(authMessages.deskClosed);

    // Their own password, in Mi cuenta, opens it.
    await owner.goto('/admin/account');
    await owner.getByLabel('Contraseña actual', { exact: true }).fill(grantee.password);
    await owner.getByLabel('Nueva contraseña', { exact: true }).fill('mi-clave-propia-larga');
    await owner.getByLabel('Repita la nueva contraseña').fill('mi-clave-propia-larga');
    await owner.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(owner.getByText('Contraseña cambiada.')).toBeVisible();
    await owner.goto('/admin/denuncias');
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Denuncias');
    await expect(owner.getByRole('main').getByRole('alert')).toHaveCount(0);
  } finally {
    await owner.context().close();
    await query('DELETE FROM admins WHERE email = $1', [grantee.email]);
  }
});
