import { expect, test } from '@playwright/test';
import { chileNow } from '../../src/shared/time/wall-clock.ts';
import {
  ACCOUNTS_HEADER,
  balanceOf,
  expectReportShown,
  importCsv,
  paidOnlineHoursAgo,
  serviceNumbers,
} from './helpers/accounts-import.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { payThroughSimulator } from './helpers/simulator-payment.ts';

test.beforeAll(async () => {
  await ensureAdmin();
});

const minutesAgo = (minutes: number) => chileNow(new Date(Date.now() - minutes * 60_000));

test('the billing CSV is imported: good lines loaded, bad ones listed, and a debt paid online since the export is not restored', async ({
  browser,
  page,
}) => {
  const number = serviceNumbers('71');
  const [paidSince, paidBefore, fresh] = [number(1), number(2), number(3)];
  // A customer pays through /pago and the simulator after the export was taken…
  const customer = await browser.newPage();
  await payThroughSimulator(customer, paidSince, 23456);
  await customer.close();
  expect(await balanceOf(paidSince)).toBe(0);
  // …another paid two hours ago, before it.
  await paidOnlineHoursAgo(paidBefore, 9000, 2);

  await useSession(page);
  await page.goto('/admin/pagos');
  await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Cuentas' }).click();
  await expect(page).toHaveURL(/\/admin\/cuentas\/importar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Importar cuentas');

  await importCsv(
    page,
    `${ACCOUNTS_HEADER}${paidSince};23456;Calle de prueba 1, Coyhaique;2026-12-10;
${paidBefore};12500;Calle de prueba 2, Coyhaique;2026-12-10;
${fresh};5000;Calle de prueba 3, Puerto Aysén;;
ABC;100;Sin número;;
${number(4)};1.000;Con puntos;;
`,
    minutesAgo(30),
  );
  await expectReportShown(page);
  const summary = page.locator('.summary-list');
  await expect(summary).toContainText('Cuentas importadas3');
  await expect(summary).toContainText('Con el saldo conservado1');
  await expect(summary).toContainText('Líneas rechazadas2');

  const kept = page.getByRole('table', { name: 'Cuentas con el saldo conservado (1)' });
  await expect(kept.locator('tbody tr')).toHaveCount(1);
  await expect(kept.locator('tbody tr').first().getByRole('cell')).toHaveText([
    '$23.456',
    '$0',
    /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
    'Pagada en línea después de la exportación',
  ]);
  await expect(kept.getByRole('rowheader')).toHaveText([paidSince]);

  const rejected = page.getByRole('table', { name: 'Líneas rechazadas (2)' });
  await expect(rejected.getByRole('row')).toHaveText([
    'LíneaMotivo',
    '5service_number debe tener de 1 a 12 dígitos',
    '6balance debe ser un número entero de pesos, sin puntos ni signo',
  ]);

  expect(await balanceOf(paidSince)).toBe(0);
  expect(await balanceOf(paidBefore)).toBe(12500);
  expect(await balanceOf(fresh)).toBe(5000);
  // The customer's view: the paid debt stays paid.
  const ticket = await page.request.post('/api/ticket', { data: { service_number: paidSince } });
  expect((await ticket.json()).data.saldo).toBe(0);

  // The form is empty again for the next file, and the import is in the audit log.
  await expect(page.getByLabel('Fecha y hora de la exportación')).toHaveValue('');
  await expect(page.getByLabel('Archivo CSV de cuentas')).toHaveValue('');
  await page.goto('/admin/registro');
  await expect(page.getByRole('row').filter({ hasText: 'Importó cuentas' }).first()).toContainText(
    /Importadas: 3; con el saldo conservado \(pagadas en línea después de la exportación\): 1; líneas rechazadas: 2/,
  );
});

test('a file that is not the export is refused on its field, and nothing is imported', async ({ page }) => {
  await useSession(page);
  await page.goto('/admin/cuentas/importar');

  // Nothing chosen: the error summary takes focus and names both fields.
  await page.getByRole('button', { name: 'Importar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Archivo CSV de cuentas: Seleccione el archivo CSV de cuentas.',
    'Fecha y hora de la exportación: Ingrese la fecha y hora de la exportación.',
  ]);

  // A spreadsheet, by its name, before anything is sent.
  await importCsv(page, 'no importa', minutesAgo(5), 'cuentas.xlsx');
  await expect(page.getByLabel('Archivo CSV de cuentas')).toHaveAccessibleDescription(
    /Seleccione el archivo CSV \(\.csv\) que exporta el sistema de facturación\./,
  );

  // A CSV without the export's columns, refused by the server.
  const number = serviceNumbers('72')(1);
  await importCsv(page, `numero;saldo\n${number};100\n`, minutesAgo(5));
  await expect(page.getByLabel('Archivo CSV de cuentas')).toHaveAccessibleDescription(
    /A la primera línea del archivo le faltan las columnas service_number, balance, install_address, expiration_date, doc_url\./,
  );
  await expect(page.getByRole('heading', { name: 'Resultado de la importación' })).toHaveCount(0);
  expect(await balanceOf(number)).toBeUndefined();
});
