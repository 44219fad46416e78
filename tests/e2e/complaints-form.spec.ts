import { expect, test } from '@playwright/test';
import { fillComplaint, sendComplaintForm } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { mailTo, outboxMails } from './helpers/outbox.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/reclamos');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
});

test('a complaint is stored, mailed to the complaints mailbox and confirmed with its reference and follow-up link', async ({
  page,
}) => {
  await fillComplaint(page);
  const { status, reference } = await sendComplaintForm(page);
  await expect(status.getByRole('link', { name: 'Siga su caso en línea' })).toHaveAttribute(
    'href',
    `/seguimiento?referencia=${reference}`,
  );
  await expect(page.getByLabel('Detalle del reclamo')).toHaveValue('');

  const rows = await query('SELECT city, client_number FROM complaints WHERE reference = $1', [reference]);
  expect(rows).toEqual([{ city: 'Puerto Aysén', client_number: '100001' }]);
  // Two mails: the complaint to the complaints mailbox, and the acknowledgement to the visitor.
  const mails = await outboxMails(reference, 2);
  expect(mailTo(mails, 'reclamos@example.com')).toContain('Reply-To: jorge@example.com');
  expect(mailTo(mails, 'jorge@example.com')).toContain(`Subject: Recibimos su reclamo (${reference})`);
});

test("the browser sends without checking (spec §5); the server's answers show on the fields", async ({ page }) => {
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/reclamos')) requests += 1;
  });
  await page.getByLabel('Nombre').fill('Jorge');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: /Detalle del reclamo: Describa su reclamo\./ })).toBeVisible();
  await expect(page.locator('#email-error')).toHaveText('Error: Ingrese su correo electrónico.');
  expect(requests).toBe(1);
  await expect(page.getByLabel('Nombre')).toHaveValue('Jorge');
});

test('when the server fails, the spec message shows and nothing typed is lost', async ({ page }) => {
  await page.route('/api/reclamos', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await fillComplaint(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Ha ocurrido un error\. Por favor intente más tarde\./);
  await expect(page.getByLabel('Detalle del reclamo')).toHaveValue('Desde el lunes la presión del agua es muy baja.');
});
