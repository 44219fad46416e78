import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { payThroughSimulator } from './helpers/simulator-payment.ts';

test('a payment made through the simulator is listed, detailed and exported', async ({ browser, page }) => {
  // Its own service number, so the filter finds only this test's payment.
  const serviceNumber = `33${String(Date.now()).slice(-8)}`;
  const customer = await browser.newPage();
  await payThroughSimulator(customer, serviceNumber, 45678);
  await customer.close();

  await ensureAdmin();
  await useSession(page);
  await page.goto('/admin/pagos');
  await page.getByLabel('Número de servicio').fill(serviceNumber);
  await page.getByLabel('Estado').selectOption('paid');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pagos\\?status=paid&serviceNumber=${serviceNumber}$`));

  const table = page.getByRole('table', { name: /Pagos con tarjeta/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Fecha',
    'Número de servicio',
    'Monto',
    'Estado',
    'Código de autorización',
    'Tarjeta',
    'Tipo de pago',
    'Cuotas',
    'Detalle',
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell')).toHaveText([
    /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
    '$45.678',
    'Pagado',
    '1213',
    '**** 6623',
    'Débito',
    '',
    /Ver detalle/,
  ]);
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText('Página 1 de 1');

  // The filters survive a reload: they live in the address.
  await page.reload();
  await expect(page.getByLabel('Número de servicio')).toHaveValue(serviceNumber);
  await expect(rows).toHaveCount(1);

  await rows
    .first()
    .getByRole('link', { name: /Ver detalle/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detalle del pago');
  const bill = page.getByRole('region', { name: 'Cuenta' });
  await expect(bill).toContainText(serviceNumber);
  await expect(bill).toContainText('$45.678');
  await expect(bill).toContainText('Pagado');
  await expect(bill).toContainText('cliente@example.com');
  const webpay = page.getByRole('region', { name: 'Registro de Webpay' });
  await expect(webpay).toContainText('1213');
  await expect(webpay).toContainText('**** 6623');
  await expect(webpay).toContainText('Débito');
  await expect(webpay).toContainText(/Fecha de la transacción\s*\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
  await expect(webpay).not.toContainText('Cuotas');
  await page.getByRole('link', { name: 'Volver a Pagos Webpay' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?status=paid&serviceNumber=${serviceNumber}$`));

  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pagos/exportar\\?status=paid&serviceNumber=${serviceNumber}$`));
  // The list (whose bills requiring a person have summaries too) is gone once the export's title shows.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exportar pagos');
  await expect(page.locator('main dl')).toContainText('Pagado');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pagos-webpay-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: download.suggestedFilename() })).toBeVisible();
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Fecha;Número de servicio;Monto;Estado;Código de autorización;Tarjeta;Tipo de pago;Cuotas;Fecha de transacción;Correo',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(
      `^\\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}:\\d{2};${serviceNumber};45678;Pagado;1213;6623;Débito;0;\\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}:\\d{2};cliente@example.com$`,
    ),
  );
});

test('the filters are checked with the shared schema before the list is asked for', async ({ page }) => {
  await ensureAdmin();
  await useSession(page);
  await page.goto('/admin/pagos');
  await page.getByLabel('Desde').fill('2025-03-10');
  await page.getByLabel('Hasta').fill('2025-03-01');
  await page.getByLabel('Número de servicio').fill('12a');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Hasta: La fecha final debe ser posterior a la inicial.',
    'Número de servicio: Ingrese solo dígitos.',
  ]);
  await expect(page).toHaveURL(/\/admin\/pagos$/);
});

test('with no matching payment the list says so', async ({ page }) => {
  await ensureAdmin();
  await useSession(page);
  await page.goto('/admin/pagos?serviceNumber=999999999999');
  await expect(page.getByText('No hay pagos que coincidan con los filtros.')).toBeVisible();
});
