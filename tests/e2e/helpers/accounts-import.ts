import { expect, type Page } from '@playwright/test';
import { query } from './database.ts';

export const ACCOUNTS_HEADER = 'service_number;balance;install_address;expiration_date;doc_url\n';

/** Service numbers of one test: a prefix no other run shares, and a digit each. */
export const serviceNumbers = (prefix: string) => {
  const base = `${prefix}${String(Date.now()).slice(-7)}`;
  return (digit: number) => `${base}${digit}`;
};

/** An account whose debt was paid online `hoursAgo` (written to the database, as a past payment). */
export async function paidOnlineHoursAgo(serviceNumber: string, amount: number, hoursAgo: number): Promise<void> {
  await query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Calle de prueba 2, Coyhaique')
     ON CONFLICT (service_number) DO UPDATE SET balance = 0`,
    [serviceNumber],
  );
  await query(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, paid_at)
     VALUES ($1, $2, '', 'boleta', 'webpay-plus', 'paid', 'AP' || $1, 'S' || $1, now() - make_interval(hours => $3))`,
    [serviceNumber, amount, hoursAgo],
  );
}

/** Chooses the CSV and the export's time in /admin/cuentas/importar and imports it. */
export async function importCsv(page: Page, csv: string, exportedAt: string, fileName = 'cuentas.csv'): Promise<void> {
  await page.getByLabel('Archivo CSV de cuentas').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByLabel('Fecha y hora de la exportación').fill(exportedAt);
  await page.getByRole('button', { name: 'Importar' }).click();
}

export const balanceOf = async (serviceNumber: string): Promise<number | undefined> =>
  (await query<{ balance: number }>('SELECT balance FROM accounts WHERE service_number = $1', [serviceNumber]))[0]
    ?.balance;

export const expectReportShown = (page: Page) =>
  expect(page.getByRole('heading', { name: 'Resultado de la importación' })).toBeFocused();
