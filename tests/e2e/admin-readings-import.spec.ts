import { expect, test } from '@playwright/test';
import { expectReportShown, serviceNumbers } from './helpers/accounts-import.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { query } from './helpers/database.ts';

test.beforeAll(async () => {
  await ensureAdmin();
});

const HEADER =
  'service_number;period;read_from;read_to;reading_from;reading_to;consumption_m3;reading_type;overconsumption_m3;fixed_charge;water_charge;sewer_charge;treatment_charge;overconsumption_charge;subsidy_amount;agreement_instalment;other_charges;compensation;total;due_date;doc_url\n';
const line = (service: string, period: string, total = 19500) =>
  `${service};${period};2026-10-01;2026-10-28;100;118;18;real;0;1500;9000;6000;3000;0;0;0;0;0;${total};2026-11-10;\n`;

test('the readings CSV is imported at Cuentas: good lines stored, bad ones listed with their reasons', async ({
  page,
}) => {
  const number = serviceNumbers('72');
  const service = number(1);
  await query(`INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Calle de prueba 1')`, [
    service,
  ]);

  await useSession(page);
  await page.goto('/admin/cuentas/importar');
  await page.getByRole('navigation', { name: 'Cuentas' }).getByRole('link', { name: 'Lecturas' }).click();
  await expect(page).toHaveURL(/\/admin\/cuentas\/lecturas$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Importar lecturas');

  await page.getByLabel('Archivo CSV de lecturas').setInputFiles({
    name: 'lecturas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${HEADER}${line(service, '2026-09')}${line(service, '2026-10')}${line(service, '2026-11', 1)}`,
    ),
  });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expectReportShown(page);
  const summary = page.locator('.summary-list');
  await expect(summary).toContainText('Períodos importados2');
  await expect(summary).toContainText('Líneas rechazadas1');
  const rejected = page.getByRole('table', { name: 'Líneas rechazadas (1)' });
  await expect(rejected.locator('tbody tr').first()).toContainText(
    'total 1 no es la suma de los cargos: según ellos es 19500',
  );
  expect(
    await query(`SELECT period FROM consumption_periods WHERE service_number = $1 ORDER BY period`, [service]),
  ).toEqual([{ period: '2026-09' }, { period: '2026-10' }]);
  // The form is ready for the next file.
  await expect(page.getByLabel('Archivo CSV de lecturas')).toHaveValue('');
});
