import { expect, type Page } from '@playwright/test';
import { query } from './database.ts';

/** Service `serviceNumber` owes `balance` (each test pays its own, so parallel and repeated runs do not meet). */
export const account = (serviceNumber: string, balance: number) =>
  query(
    `INSERT INTO accounts (service_number, balance, install_address, expiration_date, doc_url) VALUES ($1, $2, 'Calle de prueba 1, Coyhaique', CURRENT_DATE + 10, '/documentos/boletas/boleta-ejemplo.pdf')
     ON CONFLICT (service_number) DO UPDATE SET balance = EXCLUDED.balance`,
    [serviceNumber, balance],
  );

/** At /pago, pays `serviceNumber` with Webpay, up to the Webpay simulator's page. */
export async function payWithWebpay(page: Page, serviceNumber: string): Promise<void> {
  await page.goto('/pago');
  await expect(page.getByRole('button', { name: 'Pagar' })).toBeEnabled();
  await page.getByRole('radio', { name: /Webpay/ }).check();
  await page.getByLabel('Número de servicio').fill(serviceNumber);
  await page.getByLabel('Correo electrónico').fill('cliente@example.com');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Webpay (simulador)' })).toBeVisible();
}

/** A customer pays service `serviceNumber`, owing `balance`, through /pago and the Webpay simulator, approving it. */
export async function payThroughSimulator(page: Page, serviceNumber: string, balance: number): Promise<void> {
  await account(serviceNumber, balance);
  await payWithWebpay(page, serviceNumber);
  await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
  await expect(page.getByText('Tu cuenta está pagada')).toBeVisible();
}
