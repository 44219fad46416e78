import { expect, test, type Page } from '@playwright/test';
import { chileNow } from '../../src/shared/time/wall-clock.ts';
import {
  ACCOUNTS_HEADER,
  expectReportShown,
  importCsv,
  paidOnlineHoursAgo,
  serviceNumbers,
} from './helpers/accounts-import.ts';
import {
  ADMIN_SHELL,
  adminShellMarkup,
  adminThemes as themes,
  expectNoAdminViolations,
  useAdminTheme,
} from './helpers/admin-axe.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { caseIdOf, complaintArrivalFor, sendComplaint, uniqueName } from './helpers/cases.ts';
import { adminScreenshots, screenshot, screenshotsWanted } from './helpers/screenshots.ts';

// The public pages are checked by quality-gates.spec.ts from the build; the admin screens need a
// session and their data, so they are checked here, in both themes (spec §3 Settings).

const screens = [
  '/admin/pagos',
  '/admin/pagos/exportar?status=paid',
  '/admin/cuentas/importar',
  '/admin/cuentas/consumo?servicio=100001',
  '/admin/cuentas/avisos',
  '/admin/cuentas/lecturas',
  '/admin/administradores',
  '/admin/administradores/nuevo',
  '/admin/documentos',
  '/admin/documentos/nuevo',
  '/admin/comunicados',
  '/admin/comunicados/nuevo',
  '/admin/educacion',
  '/admin/educacion/nuevo',
  '/admin/account',
  '/admin/registro',
  '/admin/correo',
  '/admin/atencion',
  '/admin/no-existe',
  '/admin/primer-administrador',
];

/** Every Content-Security-Policy violation the page reports (the app must run under the site's CSP). */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
}

test.beforeAll(async () => {
  await ensureAdmin();
});

for (const theme of themes) {
  test.describe(`theme ${theme}`, () => {
    test.beforeEach(async ({ page }) => {
      await useAdminTheme(page, theme);
    });

    test('/login has no WCAG 2.2 AA violations, with and without errors', async ({ page }) => {
      const csp = cspViolations(page);
      await page.goto('/login');
      await settle(page);
      await expect(page.locator('.admin')).toHaveAttribute('data-theme', theme);
      await expectNoAdminViolations(page, theme, '/login');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeVisible();
      await expectNoAdminViolations(page, theme, '/login with errors');
      expect(csp).toEqual([]);
    });

    test('the admin screens have no WCAG 2.2 AA violations and run under the CSP', async ({ page }) => {
      test.slow();
      const csp = cspViolations(page);
      await useSession(page);
      // The shell (top bar, side menu) is checked whole on the first screen, and left out of the
      // others where it reads the same: it was a good part of each screen's axe time.
      let checkedShell: string | undefined;
      for (const path of screens) {
        await page.goto(path);
        await settle(page);
        const shell = await adminShellMarkup(page);
        await expectNoAdminViolations(page, theme, path, shell === checkedShell ? ADMIN_SHELL : []);
        if (shell.trim()) checkedShell ??= shell;
      }
      expect(csp).toEqual([]);
    });

    test('open menus, a form with errors and the delete dialog have no violations', async ({ page }) => {
      await useSession(page);
      await page.goto('/admin/documentos');
      await settle(page);
      await page.getByRole('button', { name: 'Configuración' }).click();
      await expectNoAdminViolations(page, theme, 'settings popover');
      await page.getByRole('button', { name: /Perfil de/ }).click();
      await expectNoAdminViolations(page, theme, 'profile menu');
      await page.keyboard.press('Escape');

      await page
        .getByRole('button', { name: /^Eliminar / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAdminViolations(page, theme, 'delete dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

      await page.goto('/admin/comunicados/nuevo');
      await settle(page);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
      await expectNoAdminViolations(page, theme, 'comunicado form with errors');
    });

    test('the accounts import with its report, and the first-administrator form, have no violations; screenshots', async ({
      page,
    }, testInfo) => {
      const shoot = (target: Page, name: string) => adminScreenshots(target, testInfo, `${name}-${theme}`);
      await useSession(page);
      await page.goto('/admin/cuentas/importar');
      await settle(page);
      await page.getByRole('button', { name: 'Importar' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
      await expectNoAdminViolations(page, theme, 'accounts import with errors');

      const number = serviceNumbers(theme === 'LIGHT' ? '73' : '74');
      await paidOnlineHoursAgo(number(1), 18990, 1);
      await importCsv(
        page,
        `${ACCOUNTS_HEADER}${number(1)};18990;Los Coigües 12, Coyhaique;2026-12-10;\n${number(2)};25400;Prat 450, Puerto Aysén;;\nABC;100;Sin número;;\n`,
        chileNow(new Date(Date.now() - 2 * 60 * 60 * 1000)),
      );
      await expectReportShown(page);
      await expectNoAdminViolations(page, theme, 'accounts import report');
      await shoot(page, 'cuentas');

      // Signed out, as the person creating the first administrator is; the status as on a new site.
      // A new tab: the session lives in the first tab's sessionStorage.
      const visitor = await page.context().newPage();
      await useAdminTheme(visitor, theme);
      await visitor.route('/api/bootstrap', (route) =>
        route.fulfill({ json: { success: true, data: { status: 'available' } } }),
      );
      await visitor.goto('/admin/primer-administrador');
      await settle(visitor);
      await expectNoAdminViolations(visitor, theme, 'first-administrator form');
      await visitor.getByRole('button', { name: 'Crear administrador' }).click();
      await expect(visitor.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
      await expectNoAdminViolations(visitor, theme, 'first-administrator form with errors');
      await shoot(visitor, 'primer-administrador');
      await visitor.close();
    });

    test('Atención ciudadana: the list with its marks, a case with its history and forms with errors have no violations on a desktop and a phone; screenshots', async ({
      page,
    }, testInfo) => {
      test.slow();
      const { accessToken } = await useSession(page);
      const surname = uniqueName('Axe');
      const overdue = await sendComplaint(page.request, { surname, arrivedOn: complaintArrivalFor(-3) });
      const answered = await sendComplaint(page.request, { surname, arrivedOn: complaintArrivalFor(1) });
      const [overdueId, answeredId] = [await caseIdOf(overdue), await caseIdOf(answered)];
      const staff = { Authorization: `Bearer ${accessToken}` };
      for (const [id, kind, body] of [
        [overdueId, 'notes', 'Pedí a terreno que revise el medidor.'],
        [answeredId, 'notes', 'Se revisó la presión del sector.'],
        [answeredId, 'replies', 'Cambiamos la válvula reductora de su sector.'],
      ] as const) {
        const response = await page.request.post(`/api/admin/cases/${id}/${kind}`, { headers: staff, data: { body } });
        expect(response.status()).toBe(201);
      }

      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        const shoot = (name: string) =>
          screenshot(page, testInfo, `${name}-${theme}-${device}.png`, { fullPage: true });

        await page.goto(`/admin/atencion?q=${surname}`);
        await settle(page);
        await expect(page.locator('.badge')).toHaveCount(1);
        await expectNoAdminViolations(page, theme, `case list, ${device}`);
        await page.getByText('Plazo de respuesta a mensajes').click();
        await page.getByLabel('Días hábiles').fill('');
        await page.getByRole('button', { name: 'Guardar plazo' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
        await expectNoAdminViolations(page, theme, `case settings with errors, ${device}`);
        await shoot('atencion');

        await page.goto(`/admin/atencion/${answeredId}`);
        await settle(page);
        await expectNoAdminViolations(page, theme, `answered case, ${device}`);

        await page.goto(`/admin/atencion/${overdueId}`);
        await settle(page);
        await expect(page.getByText('Vencido hace 3 días hábiles')).toBeVisible();
        await expectNoAdminViolations(page, theme, `overdue case, ${device}`);
        await shoot('caso');
        await page.getByRole('button', { name: 'Enviar respuesta' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
        await expectNoAdminViolations(page, theme, `reply with errors, ${device}`);
      }
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test('the open side menu has no violations', async ({ page }) => {
        await useSession(page);
        await page.goto('/admin/pagos');
        await settle(page);
        await page.getByRole('button', { name: 'Menú' }).click();
        await expectNoAdminViolations(page, theme, 'mobile menu');
      });
    });

    // For a person to look at: written under test-results/ (kept after the run), not compared.
    test('screenshots of the sign-in, the payments list and a form, on a desktop and a phone', async ({
      page,
    }, testInfo) => {
      test.skip(!screenshotsWanted, 'only screenshots, written when E2E_SCREENSHOTS is set');
      const shoot = (name: string) => adminScreenshots(page, testInfo, `${name}-${theme}`);
      await page.goto('/login');
      await settle(page);
      await shoot('login');
      await useSession(page);
      await page.goto('/admin/pagos');
      await settle(page);
      await shoot('pagos');
      await page.goto('/admin/comunicados/nuevo');
      await settle(page);
      await shoot('comunicado');
    });
  });
}
