import { expect, test, type Page } from '@playwright/test';
import { e2eBootstrapToken } from './helpers/admin-credentials.ts';
import { e2eCompliance, ensureAdmin } from './helpers/admin-session.ts';
import { wcagViolations } from './helpers/axe.ts';

// The server's database has administrators, so the bootstrap is closed: the screen says so and
// the server refuses even the right token. Its form is reached by answering GET /api/bootstrap
// as a new site would; the POST still goes to the server. Creating the first administrator on an
// empty database is covered by tests/integration/bootstrap-function.test.ts.

test.beforeAll(async () => {
  await ensureAdmin();
});

const answerStatusAvailable = (page: Page) =>
  page.route('/api/bootstrap', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { success: true, data: { status: 'available' } } })
      : route.fallback(),
  );

test('once an administrator exists, /login offers no bootstrap and its screen says why', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear el primer administrador' })).toHaveCount(0);

  await page.goto('/admin/primer-administrador');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear el primer administrador');
  await expect(
    page.getByText('El sitio ya tiene un administrador: inicie sesión. Otro administrador puede crearle una cuenta.'),
  ).toBeVisible();
  await expect(page.getByLabel('Clave de arranque')).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the bootstrap form checks what it can and shows the server’s refusals', async ({ page }) => {
  await answerStatusAvailable(page);
  await page.goto('/login');
  const offer = page.getByRole('link', { name: 'Crear el primer administrador' });
  await expect(offer).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await offer.click();
  await expect(page).toHaveURL(/\/admin\/primer-administrador$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear el primer administrador');

  await page.getByRole('button', { name: 'Crear administrador' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Clave de arranque: Ingrese la clave de arranque.',
    'Nombre: Ingrese el nombre.',
    'Correo electrónico: Ingrese su correo electrónico.',
    'Contraseña: Ingrese una contraseña.',
  ]);

  await page.getByLabel('Clave de arranque').fill('una-clave-equivocada-de-mas-de-32-caracteres');
  await page.getByLabel('Nombre').fill('Primera Persona');
  await page.getByLabel('Correo electrónico').fill('e2e-primera@example.com');
  await page.getByLabel('Contraseña', { exact: true }).fill('una-contraseña-larga');
  await page.getByLabel('Repita la contraseña').fill('otra-contraseña-larga');
  await page.getByRole('button', { name: 'Crear administrador' }).click();
  await expect(page.getByLabel('Repita la contraseña')).toHaveAccessibleDescription(/Las contraseñas no coinciden\./);

  await page.getByLabel('Repita la contraseña').fill('una-contraseña-larga');
  await page.getByRole('button', { name: 'Crear administrador' }).click();
  await expect(page.getByLabel('Clave de arranque')).toHaveAccessibleDescription(
    /La clave de arranque no es correcta\./,
  );

  await page.getByLabel('Clave de arranque').fill(e2eBootstrapToken);
  await page.getByRole('button', { name: 'Crear administrador' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'El sitio ya tiene un administrador' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Perfil de/ })).toHaveCount(0);
});

test('the first compliance user has a bootstrap of its own, an invitation, closed once one exists', async ({
  page,
}) => {
  await ensureAdmin(e2eCompliance, ['cumplimiento']);
  await page.goto('/admin/primer-cumplimiento');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear el primer encargado de cumplimiento');
  await expect(
    page.getByText(
      'El sitio ya tiene un encargado de cumplimiento: inicie sesión. Un miembro del equipo de cumplimiento puede darle acceso.',
    ),
  ).toBeVisible();

  // As a site without one would answer: the form, whose POST the server refuses with the right token too.
  await page.route('/api/bootstrap?rol=cumplimiento', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { success: true, data: { status: 'available' } } })
      : route.continue(),
  );
  await page.reload();
  await expect(page.getByText(/la única cuenta que puede leer las denuncias/)).toBeVisible();
  await page.getByLabel('Clave de arranque').fill(e2eBootstrapToken);
  await page.getByLabel('Nombre').fill('Encargada Nueva');
  await page.getByLabel('Correo electrónico').fill('e2e-encargada@example.com');
  // No password: that person chooses it at the invitation link.
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Crear enlace de invitación' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El sitio ya tiene un encargado de cumplimiento' }),
  ).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
