import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { sealTotpSecret } from '../../../src/server/auth/second-factor.ts';
import { passwordCounters, secondFactorCounters } from '../../../src/server/throttle/uses.ts';
import type { AdminRole } from '../../../src/shared/admins/schema.ts';
import { e2eAdmin, e2eCompliance, e2eTotpKey, e2eTotpSecret } from './admin-credentials.ts';
import { query } from './database.ts';

export { e2eAdmin, e2eCompliance };

export interface TestAdmin {
  name: string;
  email: string;
  password: string;
}

/**
 * Makes sure the admin exists with this password and these roles (an administrator unless said),
 * the known second factor enrolled (e2eTotpSecret), and no recent failed sign-ins (5 failures
 * from one client lock that e-mail there for 15 minutes). A compliance user's desk is open: as
 * if they had chosen the password after the grant, as its owner does. A test that signs
 * out or changes a password uses an admin of its own: signing out ends every token of that
 * admin, those of tests running beside it too.
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
  const id = row!.id;
  await query(
    `UPDATE admins SET totp_secret = $2, totp_enrolled_at = coalesce(totp_enrolled_at, now()),
       compliance_granted_at = CASE WHEN 'cumplimiento' = ANY(roles) THEN now() - interval '1 minute' END,
       password_chosen_at = CASE WHEN 'cumplimiento' = ANY(roles) THEN now() END
     WHERE id = $1`,
    [id, await sealTotpSecret(id, e2eTotpSecret, Buffer.from(e2eTotpKey, 'base64'))],
  );
  await forgetFailedSignIns(admin.email, id);
  return id;
}

/**
 * Forgets the failed sign-ins of `email` from this machine, for the browser's address over IPv4 and
 * over IPv6: its counter of that e-mail and client group, the client group's own, which every
 * test's failures share, and with `adminId` the account's wrong codes (src/server/throttle/uses.ts).
 * The counters are keyed hashes, found by the local server's own secret as it finds them.
 */
export async function forgetFailedSignIns(email: string, adminId?: string): Promise<void> {
  const counters = await Promise.all(
    ['127.0.0.1', '::1'].map((address) =>
      adminId ? secondFactorCounters(email, adminId, address) : passwordCounters(email, address),
    ),
  );
  await query('DELETE FROM login_failures WHERE client = ANY($1)', [counters.flat().map(({ key }) => key)]);
}

const PERIOD_MS = 30_000;
const totpAt = (step: number, secret = e2eTotpSecret) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS });

/**
 * A code of the known secret the server has not accepted yet for this admin. The server takes a
 * code once (RFC 6238 §5.2: sign-in-second-factor.test.ts and admin-second-factor.spec.ts prove
 * it), and the tests sign one admin in many times a minute: the code of the first step after the
 * last accepted while the server still takes it (now or the next); once both are used, the test
 * forgets the last accepted step, as ensureAdmin forgets failed sign-ins, rather than wait up to
 * 30 seconds for the next one in every test.
 */
export async function nextTotpCode(email: string, secret = e2eTotpSecret): Promise<string> {
  const [row] = await query<{ last: string | null }>(
    'SELECT totp_last_step::text AS last FROM admins WHERE lower(email) = lower($1)',
    [email],
  );
  const now = Math.floor(Date.now() / PERIOD_MS);
  // Not the previous step: it may be out of the server's window by the time the code arrives.
  const step = Math.max(now, Number(row?.last ?? -Infinity) + 1);
  if (step <= now + 1) return totpAt(step, secret);
  await query('UPDATE admins SET totp_last_step = $2 WHERE lower(email) = lower($1)', [email, now - 1]);
  return totpAt(now, secret);
}

/** The password step at `path` (/login), as a person types it: the second step comes next. */
export async function typePassword(page: Page, admin: TestAdmin, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña').fill(admin.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * Signs in through /login as a person does, with the second factor (enrolling the secret shown
 * at an account's first sign-in), and waits for the first admin screen. Two tests of one admin
 * may take the same code at once: the one refused takes the next.
 */
export async function signIn(page: Page, admin: TestAdmin = e2eAdmin, path = '/login'): Promise<void> {
  await typePassword(page, admin, path);
  const profile = page.getByRole('button', { name: new RegExp(`Perfil de ${admin.name}`) });
  const codeField = page.getByLabel('Código de verificación');
  // The password is checked with scrypt at OWASP's cost: slow on a busy machine.
  await expect(codeField).toBeVisible({ timeout: 20_000 });
  const key = page.getByLabel('Clave de configuración', { exact: true });
  if (await key.isVisible()) {
    const secret = (await key.textContent())!.replaceAll(' ', '');
    await codeField.fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await page.getByRole('button', { name: 'Activar y entrar' }).click();
    await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
  } else {
    for (let attempt = 0; attempt < 3; attempt++) {
      await codeField.fill(await nextTotpCode(admin.email));
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(profile.or(page.locator('#code-error'))).toBeVisible();
      if (await profile.isVisible()) break;
    }
  }
  await expect(profile).toBeVisible();
  // The first screen is a lazy chunk: a test starts once its title is there.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Both steps of /api/login through the page's request context: the admin and an access token. */
export async function signInThroughApi(
  page: Page,
  admin: TestAdmin = e2eAdmin,
): Promise<{ accessToken: string; userId: string }> {
  for (let attempt = 0; ; attempt++) {
    const first = await page.request.post('/api/login', { data: { email: admin.email, password: admin.password } });
    expect(first.status()).toBe(200);
    const { data: step } = (await first.json()) as { data: { challenge: string } };
    const second = await page.request.post('/api/login/second-factor', {
      data: { challenge: step.challenge, code: await nextTotpCode(admin.email) },
    });
    if (second.status() === 200 || attempt === 2) {
      expect(second.status()).toBe(200);
      const { data } = (await second.json()) as { data: { accessToken: string; user: { id: string } } };
      return { accessToken: data.accessToken, userId: data.user.id };
    }
  }
}

/** This worker's sign-ins, by e-mail: a code serves once, so tests of one admin share a sign-in while it works. */
const sessions = new Map<string, { accessToken: string; userId: string }>();

/**
 * Signs in through the API (or reuses this worker's sign-in of the admin while the server still
 * takes it) and hands the session to the page the way the app keeps it (spec §4: sessionStorage
 * accessToken and userId), for tests about a screen rather than about signing in.
 */
export async function useSession(
  page: Page,
  admin: TestAdmin = e2eAdmin,
): Promise<{ accessToken: string; userId: string }> {
  const kept = sessions.get(admin.email);
  const live =
    kept &&
    (await page.request.get('/api/admin/account', { headers: { Authorization: `Bearer ${kept.accessToken}` } })).ok();
  const session = live ? kept : await signInThroughApi(page, admin);
  sessions.set(admin.email, session);
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('accessToken')) {
      sessionStorage.setItem('accessToken', stored.accessToken);
      sessionStorage.setItem('userId', stored.userId);
    }
  }, session);
  return session;
}

/**
 * A spec of the admin's screens: the e2e admin ensured once, and each test's page signed in with
 * useSession. Answers the access token of the test's session, for its API calls.
 */
export function useAdminSessions(): () => string {
  let accessToken = '';
  test.beforeAll(async () => {
    await ensureAdmin();
  });
  test.beforeEach(async ({ page }) => {
    ({ accessToken } = await useSession(page));
  });
  return () => accessToken;
}
