import { expect, test } from '@playwright/test';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { query } from './helpers/database.ts';
import { account } from './helpers/simulator-payment.ts';
import { wcagViolations } from './helpers/axe.ts';

// A bill the reconciliation can no longer settle (here, a refund Transbank kept refusing
// until its 90-day window closed) is shown to staff with what they need to settle it by hand, and
// they record how they did.

test('staff see a bill that requires a person, with its buy order, token and amounts, and record its settlement', async ({
  page,
}) => {
  // Four pages of the admin app and an axe run, on a machine the other e2e workers share.
  test.setTimeout(90_000);
  const serviceNumber = `36${String(Date.now()).slice(-8)}`;
  const buyOrder = `AP${serviceNumber}`;
  const token = `01ab${serviceNumber}ef`;
  await account(serviceNumber, 0);
  const answers = [
    {
      at: new Date(Date.now() - 60_000).toISOString(),
      operation: 'refund',
      answer: { type: 'NULLIFIED', balance: 9900, response_code: -1, nullified_amount: 0 },
    },
  ];
  const [bill] = await query<{ id: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, token,
       refund_attempts, webpay_error, person_reason, person_since, webpay_answers, created_at)
     VALUES ($1, 9900, 'cliente@example.com', 'boleta', 'webpay-plus', 'requires_person', $2, 'S' || $1, $3, 2160,
       'reembolso no realizado: NULLIFIED, código de respuesta -1', 'refund-expired', now(), $4, now() - interval '91 days')
     RETURNING id`,
    [serviceNumber, buyOrder, token, JSON.stringify(answers)],
  );
  await query(
    `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code, transaction_date)
     VALUES ($1, 'AUTHORIZED', 0, 9900, $2, 'VN', '1213', now() - interval '91 days')`,
    [bill!.id, buyOrder],
  );

  await ensureAdmin();
  await useSession(page);
  await page.goto('/admin/pagos');
  const cases = page.getByRole('region', { name: /Pagos que requieren gestión manual/ });
  const item = cases.getByRole('article', { name: `Orden ${buyOrder}` });
  // The first page of the admin app loads its code: slower than the rest.
  await expect(item).toContainText(token, { timeout: 15_000 });
  await expect(item).toContainText(serviceNumber);
  await expect(item).toContainText(/Monto de la cuenta\s*\$9\.900/);
  await expect(item).toContainText(/Monto en Webpay\s*\$9\.900/);
  await expect(item).toContainText('El reembolso seguía fallando 90 días después del pago');
  await expect(item).toContainText('Reembolso (refund)');
  await expect(item).toContainText('"response_code":-1');
  await expect(item).toContainText(/Fecha de la transacción\s*\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
  expect(await wcagViolations(page)).toEqual([]);

  await item.getByRole('link', { name: /Registrar resolución/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detalle del pago');
  const manual = page.getByRole('region', { name: 'Gestión manual' });
  await expect(manual).toContainText(token);
  await expect(page.getByRole('button', { name: 'Verificar estado en Webpay' })).toHaveCount(0);

  // Both fields are required, and the summary says so in Spanish.
  await page.getByRole('button', { name: 'Registrar resolución' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Resolución: Elija cómo se resolvió el pago.',
    'Nota: Escriba una nota que explique la resolución.',
  ]);

  await page.getByLabel('Resolución', { exact: true }).selectOption('refunded-by-hand');
  await page.getByLabel('Nota', { exact: true }).fill('Devuelto por transferencia bancaria, comprobante 4411.');
  await page.getByRole('button', { name: 'Registrar resolución' }).click();
  await expect(manual.getByRole('heading', { name: 'Resolución registrada' })).toBeVisible();
  await expect(manual).toContainText(/Resolución\s*Reembolsado manualmente/);
  await expect(manual).toContainText('Devuelto por transferencia bancaria, comprobante 4411.');
  await expect(page.getByRole('region', { name: 'Cuenta' })).toContainText('Resuelto manualmente');

  // It leaves the list of bills requiring a person, and the audit log keeps what was done.
  await page.goto('/admin/pagos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagos Webpay');
  await expect(page.getByRole('article', { name: `Orden ${buyOrder}` })).toHaveCount(0);
  await page.goto('/admin/registro');
  await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: buyOrder }).first()).toContainText(
    'Reembolsado manualmente',
  );
});
