import { expect, test, type Page } from '@playwright/test';
import { secondFactorCounters } from '../../src/server/throttle/uses.ts';
import { authMessages } from '../../src/shared/auth/schema.ts';
import { secondFactorLockTexts } from '../../src/shared/auth/texts.ts';
import {
  e2eAdmin,
  ensureAdmin,
  forgetFailedSignIns,
  nextTotpCode,
  signIn,
  typePassword,
  type TestAdmin,
} from './helpers/admin-session.ts';
import { query } from './helpers/database.ts';

test.beforeAll(async () => {
  await ensureAdmin();
});

test('signs in with the local admin and lands on Pagos Webpay, its name in the profile menu', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/pagos$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagos Webpay');
  const session = await page.evaluate(() => ({
    token: sessionStorage.getItem('accessToken'),
    userId: sessionStorage.getItem('userId'),
  }));
  expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session.userId).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: /Perfil de/ }).click();
  await expect(page.getByText(e2eAdmin.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/admin/account');
});

/** At /login, the admin's e-mail with a wrong password: the server's message is shown. */
async function signInWithWrongPassword(page: Page, admin: TestAdmin) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: authMessages.wrongCredentials })).toBeVisible();
}

test('a wrong password shows the server message and keeps what was typed', async ({ page }) => {
  const admin: TestAdmin = {
    name: 'Clave equivocada',
    email: 'e2e-wrong-password@example.com',
    password: 'una-clave-larga-1',
  };
  await ensureAdmin(admin);
  await signInWithWrongPassword(page, admin);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(admin.email);
  await expect(page).toHaveURL(/\/login$/);
});

test('after 5 failures the server asks to wait, and the screen says so', async ({ page }) => {
  const email = 'e2e-locked@example.com';
  await forgetFailedSignIns(email);
  await page.goto('/login');
  // Five failures from this very browser: failures count per e-mail and client address.
  const statuses = await page.evaluate(async (target) => {
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: target, password: `intento-${attempt}` }),
      });
      answers.push(response.status);
    }
    return answers;
  }, email);
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('cualquier-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: authMessages.tooManyAttempts })).toBeVisible();
});

/** At /login, the admin's e-mail and password: the second step's code field is shown. */
async function passwordStep(page: Page, admin: TestAdmin) {
  await typePassword(page, admin);
  // The password is checked with scrypt: slow on a busy machine.
  await expect(page.getByLabel('Código de verificación')).toBeVisible({ timeout: 20_000 });
}

test('a challenge the server no longer takes sends the admin back to the password, saying why', async ({ page }) => {
  const admin: TestAdmin = {
    name: 'Desafío usado',
    email: 'e2e-challenge-refused@example.com',
    password: 'una-clave-larga-2',
  };
  const id = await ensureAdmin(admin);
  await passwordStep(page, admin);
  // Used meanwhile by another sign-in, as one sent from another client group is refused.
  await query('DELETE FROM sign_in_challenges WHERE admin_id = $1', [id]);
  await page.getByLabel('Código de verificación').fill(await nextTotpCode(admin.email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: authMessages.challengeExpired })).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toBeVisible();
});

test('an account locked by wrong codes says so, to the right code too', async ({ page }) => {
  const admin: TestAdmin = {
    name: 'Cuenta en pausa',
    email: 'e2e-account-locked@example.com',
    password: 'una-clave-larga-3',
  };
  const id = await ensureAdmin(admin);
  // Ten wrong codes of this account already typed, from other addresses.
  const [, , account] = await secondFactorCounters(admin.email, id, '127.0.0.1');
  await query('INSERT INTO login_failures (client, failures) VALUES ($1, 10)', [account!.key]);
  await passwordStep(page, admin);
  await page.getByLabel('Código de verificación').fill(await nextTotpCode(admin.email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: secondFactorLockTexts.locked })).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login paints its form from the built HTML, before any script', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByLabel('Contraseña')).toHaveAttribute('type', 'password');
    // Sending waits for the script: a native submit would put the password in the URL.
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeDisabled();
  });
});

test('what was typed before the script ran is kept and sent', async ({ page }) => {
  const admin: TestAdmin = {
    name: 'Escribe antes',
    email: 'e2e-typed-early@example.com',
    password: 'clave-temprana-1',
  };
  await ensureAdmin(admin);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holds = 0;
  await page.route(/\/_astro\/LoginScreen\.[\w-]+\.js$/, async (route) => {
    holds += 1;
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña').fill(admin.password);
  // The island asks for its script once the page has painted, which under load can come after the typing.
  await expect.poll(() => holds).toBe(1);
  release();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // The second factor, then the admin.
  await page.getByLabel('Código de verificación').fill(await nextTotpCode(admin.email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/admin\/pagos$/);
  await expect(page.getByRole('button', { name: new RegExp(`Perfil de ${admin.name}`) })).toBeVisible();
});

test('empty fields are named in the error summary, which takes focus', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Correo electrónico: Ingrese su correo electrónico.',
    'Contraseña: Ingrese su contraseña.',
  ]);
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('aria-describedby', 'email-error');
  await expect(page.locator('#email-error')).toHaveText('Error: Ingrese su correo electrónico.');
});

test('an admin page without a session goes to /login, and back to that page after signing in', async ({ page }) => {
  await page.goto('/admin/documentos');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, e2eAdmin, '/admin/documentos');
  await expect(page).toHaveURL(/\/admin\/documentos$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentos');
});

for (const [situation, token] of [
  ['an expired', expiredToken()],
  ['a garbage', 'esto-no-es-un-token'],
] as const) {
  test(`${situation} stored token is cleared and the visitor goes to /login`, async ({ page }) => {
    await page.addInitScript((stored) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        sessionStorage.setItem('accessToken', stored);
        sessionStorage.setItem('userId', '00000000-0000-0000-0000-000000000000');
      }
    }, token);
    await page.goto('/admin/pagos');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    expect(
      await page.evaluate(() => [sessionStorage.getItem('accessToken'), sessionStorage.getItem('userId')]),
    ).toEqual([null, null]);
  });
}

test('a token the server refuses (401) ends the session: back to /login with a message', async ({ page }) => {
  // Unexpired by its payload, but not signed by the server: the profile call answers 401.
  const forged = `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 3600 })}.firma`;
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      sessionStorage.setItem('accessToken', stored);
      sessionStorage.setItem('userId', '00000000-0000-0000-0000-000000000000');
    }
  }, forged);
  await page.goto('/admin/pagos');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: authMessages.unauthorized })).toBeVisible();
});

// Each sign-out test has its own admin: signing out ends every token of that admin.
test.describe('signing out', () => {
  test('Cerrar Sesión goes to /login and the old token no longer works', async ({ page }) => {
    const admin: TestAdmin = {
      name: 'Persona que sale',
      email: 'e2e-sign-out@example.com',
      password: 'clave-para-salir-1',
    };
    await ensureAdmin(admin);
    await signIn(page, admin);
    const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    const userId = await page.evaluate(() => sessionStorage.getItem('userId'));
    await page.getByRole('button', { name: /Perfil de/ }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
    const old = await page.request.get(`/api/admins/${userId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(old.status()).toBe(401);
    await page.goto('/admin/pagos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a failed logout says 'No se pudo cerrar sesión.' and keeps the session", async ({ page }) => {
    const admin: TestAdmin = {
      name: 'Persona que no sale',
      email: 'e2e-logout-fails@example.com',
      password: 'clave-para-quedarse-1',
    };
    await ensureAdmin(admin);
    await signIn(page, admin);
    await page.route('/api/logout', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'Error' } }),
    );
    await page.getByRole('button', { name: /Perfil de/ }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo cerrar sesión.' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/pagos$/);
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).not.toBeNull();
  });
});

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A well-formed token whose expiry has passed: the app must not even try it. */
function expiredToken(): string {
  return `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })}.firma`;
}

test('a session left open nears its token expiry: the app renews the token, so a long edit is not signed out', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page);
  const first = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  // Tokens are stamped to the second: let one pass so the renewed token differs.
  await page.waitForTimeout(1_100);
  // 50 minutes of typing without a call (a key every 10 minutes keeps the idle timeout away):
  // the token has 10 of its 60 minutes left.
  for (let minutes = 0; minutes < 50; minutes += 10) {
    await page.keyboard.press('Shift');
    await page.clock.fastForward('10:00');
  }
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('accessToken'))).not.toBe(first);
  const renewed = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  expect(
    (await page.request.get('/api/admin/audit', { headers: { Authorization: `Bearer ${renewed}` } })).status(),
  ).toBe(200);
  await expect(page.getByRole('button', { name: new RegExp(`Perfil de ${e2eAdmin.name}`) })).toBeVisible();
});

test('Registro de actividad shows the sign-in, a failed attempt and the sign-out, under Accesos', async ({ page }) => {
  const admin: TestAdmin = {
    name: 'Audita Accesos',
    email: 'e2e-audit-access@example.com',
    password: 'una-clave-larga-2',
  };
  await ensureAdmin(admin);
  await signInWithWrongPassword(page, admin);
  await signIn(page, admin);

  await page
    .getByRole('navigation', { name: 'Menú de administración' })
    .getByRole('link', { name: 'Registro de actividad' })
    .click();
  const views = page.getByRole('navigation', { name: 'Qué mostrar' });
  await expect(views.getByRole('link', { name: 'Todo' })).toHaveAttribute('aria-current', 'page');
  await views.getByRole('link', { name: 'Accesos' }).click();
  await expect(views.getByRole('link', { name: 'Accesos' })).toHaveAttribute('aria-current', 'page');
  const mine = page
    .getByRole('table', { name: /Cambios y accesos/ })
    .locator('tbody tr')
    .filter({ hasText: admin.email });
  await expect(mine.nth(0)).toContainText('Inició sesión');
  await expect(mine.nth(0)).toContainText('Inicio de sesión correcto');
  await expect(mine.nth(1)).toContainText('Intento fallido de iniciar sesión');
  await expect(mine.nth(1)).toContainText('Contraseña incorrecta');

  // Cambios lists no access at all.
  await views.getByRole('link', { name: 'Cambios' }).click();
  await expect(page).toHaveURL(/view=cambios/);
  await expect(
    page
      .getByRole('table', { name: /Cambios y accesos/ })
      .locator('tbody tr')
      .filter({ hasText: 'sesión' }),
  ).toHaveCount(0);

  await page.getByRole('button', { name: /Perfil de/ }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const [signOut] = await query<{ action: string }>(
    `SELECT action FROM audit_log WHERE admin_email = $1 ORDER BY id DESC LIMIT 1`,
    [admin.email],
  );
  expect(signOut?.action).toBe('sign_out');
});
