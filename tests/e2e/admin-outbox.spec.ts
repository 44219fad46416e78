import { expect, test } from '@playwright/test';
import { mailProblems } from '../../src/shared/outbox/schema.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { query } from './helpers/database.ts';

const reference = 'AP-E2E-OUTBOX-1';

test.beforeEach(async () => {
  await ensureAdmin();
  await query('DELETE FROM outbox WHERE reference = $1', [reference]);
});
test.afterEach(() => query('DELETE FROM outbox WHERE reference = $1', [reference]));

test('a mail held for two hours shows the alert; Correo saliente sends it with Reintentar ahora', async ({ page }) => {
  // A receipt the provider refused (say, before the recipient's mailbox was fixed), two hours ago.
  await query(
    `INSERT INTO outbox (reference, recipient, subject, body, status, problem, attempts, last_error, created_at)
     VALUES ($1, 'cliente-e2e@example.com', 'Comprobante de pago', 'Texto del comprobante', 'held', 'rejected', 3,
             'Resend rejected the mail', now() - interval '2 hours')`,
    [reference],
  );
  await useSession(page);
  await page.goto('/admin/pagos');
  const alert = page.getByRole('status').filter({ hasText: /sin enviar hace más de una hora/ });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'Ver Correo saliente' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Correo saliente');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Comprobante de pago');
  await expect(row).toContainText('Cliente');
  await expect(row).toContainText('Detenido (3 intentos)');
  await expect(row).toContainText(mailProblems.rejected);
  // Never the mail's text or address.
  await expect(page.getByText('cliente-e2e@example.com')).toHaveCount(0);
  await expect(page.getByText('Texto del comprobante')).toHaveCount(0);

  await row.getByRole('button', { name: `Reintentar ahora ${reference}` }).click();
  await expect(page.getByText(`Correo ${reference} enviado.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  const [sent] = await query<{ status: string }>('SELECT status FROM outbox WHERE reference = $1', [reference]);
  expect(sent?.status).toBe('sent');
});
