import { expect, type Page } from '@playwright/test';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { AdminRole } from '../../src/shared/admins.ts';
import { e2eAdmin, e2eCompliance } from './admin-credentials.ts';
import { query } from './database.ts';

export { e2eAdmin, e2eCompliance };

export interface TestAdmin {
  name: string;
  email: string;
  password: string;
}

/**
 * Makes sure the admin exists with this password and these roles (an administrator unless said;
 * the first compliance user is the operator's: `npm run admin:create -- --role cumplimiento`)
 * and no recent failed sign-ins (5 failures from
 * one client lock that e-mail there for 15 minutes). A test that signs out or changes a password uses an admin of its
 * own: signing out ends every token of that admin, those of tests running beside it too.
 */
export async function ensureAdmin(
  admin: TestAdmin = e2eAdmin,
  roles: AdminRole[] = ['administrador'],
): Promise<string> {
  const [row] = await query<{ id: string }>(
    `INSERT INTO admins (name, email, password_hash, roles) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO UPDATE SET name = EXCLUDED.name, password_hash = EXCLUDED.password_hash,
       roles = EXCLUDED.roles
     RETURNING id`,
    [admin.name, admin.email, await hashPassword(admin.password), roles],
  );
  await query('DELETE FROM login_failures WHERE lower(email) = lower($1)', [admin.email]);
  return row!.id;
}

/** Signs in through /login as a person does and waits for the first admin screen. */
export async function signIn(page: Page, admin: TestAdmin = e2eAdmin, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña').fill(admin.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`Perfil de ${admin.name}`) })).toBeVisible();
  // The first screen is a lazy chunk: a test starts once its title is there.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Signs in through the API and hands the session to the page the way the app keeps it (spec §4:
 * sessionStorage accessToken and userId), for tests about a screen rather than about signing in.
 */
export async function useSession(
  page: Page,
  admin: TestAdmin = e2eAdmin,
): Promise<{ accessToken: string; userId: string }> {
  const response = await page.request.post('/api/login', { data: { email: admin.email, password: admin.password } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { accessToken: string; user: { id: string } } };
  const session = { accessToken: data.accessToken, userId: data.user.id };
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('accessToken')) {
      sessionStorage.setItem('accessToken', stored.accessToken);
      sessionStorage.setItem('userId', stored.userId);
    }
  }, session);
  return session;
}
