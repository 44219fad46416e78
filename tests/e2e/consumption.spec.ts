import { expect, test, type Page } from '@playwright/test';
import { adminThemes, expectNoAdminViolations, useAdminTheme } from './helpers/admin-axe.ts';
import { useAdminSessions } from './helpers/admin-session.ts';
import { sendComplaintForm } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { adminScreenshots, screenshot } from './helpers/screenshots.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';

// Mi consumo (docs/features/consumption.md), on the demo data: 100001 with its holder's RUT and 24
// periods that show every cause; 100002 with no RUT on file. Every test comes from one address:
// the look-up throttle's count is forgotten before each, as cases-follow-up.spec.ts does.
test.beforeEach(() => query('DELETE FROM follow_up_failures'));

async function lookUp(page: Page, serviceNumber: string, rut: string) {
  await page.goto('/consumo');
  await page.getByLabel('Número de servicio').fill(serviceNumber);
  await page.getByLabel('RUT del titular').fill(rut);
  await page.getByRole('button', { name: 'Ver mi consumo' }).click();
}

for (const width of [390, 1280]) {
  test(`at ${width} px, 100001 with its RUT shows the chart, the table and the causes, and its reclamo is a case /seguimiento finds`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await lookUp(page, '100001', '12.345.678-5');

    const history = page.getByRole('region', { name: /^Consumo del servicio 100001/ });
    const chart = history.getByRole('img', { name: /Metros cúbicos de cada boleta/ });
    await expect(chart).toBeVisible();
    // The chart fits the phone's width, and nothing but the table's own region scrolls sideways.
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expect(history.locator('.consumption-chart__bar')).toHaveCount(24);
    await expect(history.locator('.consumption-chart__bar--estimada')).toHaveCount(1);
    const table = history.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(25);
    await expect(table.getByRole('cell', { name: 'Estimada' })).toHaveCount(1);

    const causes = page.getByRole('region', { name: '¿Por qué cambió mi boleta?' });
    await expect(causes.getByRole('heading', { level: 3 }).first()).toHaveText(/^Frente a /);
    await expect(causes.locator('[data-cause="consumo"]').first()).toContainText('m³ más');
    await expect(causes.locator('[data-cause="compensacion"]').first()).toBeVisible();
    // The demo's outage in Coyhaique during the last period, with what it may mean for the bill (other
    // tests publish outages in Coyhaique too: this one is found by its sector).
    const outage = causes.locator('[data-kind="corte"]').filter({ hasText: 'Villa Los Ñires' });
    await expect(outage).toContainText('Corte de emergencia en Coyhaique (Villa Los Ñires)');
    await expect(outage).toContainText('la SISS recomienda revisar la boleta');
    // No chart script: what the page loads is held by its row of the JS budget (quality-gates.spec.ts).
    expect(await pageViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `consumo-${width}.png`, { fullPage: true });

    // The reclamo comes written: the service number and the bill's period.
    await page.getByRole('link', { name: /^Reclamar por la boleta de / }).click();
    await expect(page).toHaveURL(/\/reclamos\?servicio=100001&periodo=\d{4}-\d{2}$/);
    await expect(page.getByLabel('Número de servicio')).toHaveValue('100001');
    await expect(page.getByLabel('Detalle del reclamo')).toHaveValue(/^Reclamo por la boleta de \p{L}+ de \d{4}: $/u);
    const email = `consumo.${width}.${Date.now()}@example.com`;
    await page.getByLabel('Nombre').fill('Elena');
    await page.getByLabel('Apellido').fill('Muñoz');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Dirección del servicio').fill('Av. General Baquedano 1240');
    await page.getByLabel('Ciudad').fill('Coyhaique');
    await page.getByLabel('Detalle del reclamo').pressSequentially('El consumo no corresponde.');
    const { reference } = await sendComplaintForm(page);

    await page.goto(`/seguimiento?referencia=${reference}`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('region', { name: `Caso ${reference}` })).toContainText('Recibido');
  });
}

test('a wrong RUT, and a service without a RUT on file, get the same answer, with what was typed kept', async ({
  page,
}) => {
  await lookUp(page, '100001', '11.111.111-1');
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toContainText('No encontramos un servicio con ese número y ese RUT de titular.');
  await expect(page.getByLabel('Número de servicio')).toHaveValue('100001');
  await expect(page.getByLabel('RUT del titular')).toHaveValue('11.111.111-1');
  const wrongRut = await page.locator('main').textContent();
  await lookUp(page, '100002', '11.111.111-1');
  expect((await page.locator('main').textContent())!.replace('100002', '100001')).toBe(wrongRut);
  expect(await pageViolations(page)).toEqual([]);
});

test('/boleta, /pago and the Clientes menu lead to Mi consumo', async ({ page }) => {
  for (const path of ['/boleta', '/pago']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('link', { name: 'Mi consumo' })).toHaveAttribute('href', '/consumo');
  }
  await expect(page.locator('header').getByRole('link', { name: 'Mi consumo', includeHidden: true })).toHaveAttribute(
    'href',
    '/consumo',
  );
});

test.describe('Cuentas: a service for staff', () => {
  useAdminSessions();
  for (const theme of adminThemes)
    test(`shows 100002, which has no RUT, printable, and passes axe (${theme})`, async ({ page }, testInfo) => {
      await useAdminTheme(page, theme);
      await page.goto('/admin/cuentas/importar');
      await page
        .getByRole('navigation', { name: 'Cuentas' })
        .getByRole('link', { name: 'Consumo de un servicio' })
        .click();
      await page.getByLabel('Número de servicio').fill('100002');
      await page.getByRole('button', { name: 'Ver consumo' }).click();
      await expect(page).toHaveURL(/\/admin\/cuentas\/consumo\?servicio=100002$/);
      await expect(page.getByRole('img', { name: /Metros cúbicos de cada boleta/ })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(25);
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
      // Staff read the view; the reclamo and the leak test are the holder's.
      await expect(page.getByRole('link', { name: /^Reclamar por la boleta/ })).toHaveCount(0);
      await expectNoAdminViolations(page, theme, '/admin/cuentas/consumo');
      // Printed, the view alone: no top bar, side menu, tabs or form.
      await page.emulateMedia({ media: 'print' });
      for (const shell of ['.topbar', '.side-menu', '.view-switch', 'form'])
        await expect(page.locator(shell)).toBeHidden();
      await expect(page.getByRole('img', { name: /Metros cúbicos de cada boleta/ })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
      await adminScreenshots(page, testInfo, `admin-consumo-${theme}`);
    });
});
