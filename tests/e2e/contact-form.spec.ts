import { expect, test, type Page } from '@playwright/test';
import { query } from './helpers/database.ts';
import { mailTo, outboxMails } from './helpers/outbox.ts';

async function fillValid(page: Page, name = 'Marta') {
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Apellido').fill('Soto');
  await page.getByLabel('Correo electrónico').fill('marta@example.com');
  await page.getByLabel('Teléfono').fill('+56 9 8765 4321');
  await page.getByLabel('Ciudad').fill('Coyhaique');
  await page.getByLabel('Mensaje').fill('Quisiera cambiar la dirección de envío de mi boleta.');
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contacto');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
});

test('a visitor sends a message: stored, mailed to the utility, confirmed with its reference and follow-up link', async ({
  page,
}) => {
  const name = `Marta${Date.now()}`;
  await fillValid(page, name);
  await page.getByRole('button', { name: 'Enviar' }).click();

  const status = page.getByRole('status');
  await expect(status).toContainText('Mensaje enviado.');
  const reference = (await status.textContent())!.match(/CON-[2-9A-Z]{8}/)![0];
  await expect(status.getByRole('link', { name: 'Siga su caso en línea' })).toHaveAttribute(
    'href',
    `/seguimiento?referencia=${reference}`,
  );
  await expect(page.getByLabel('Nombre')).toHaveValue('');
  await expect(page.getByLabel('Mensaje')).toHaveValue('');

  const rows = await query('SELECT name, email, city, reqs FROM contact_messages WHERE reference = $1', [reference]);
  expect(rows).toEqual([
    {
      name,
      email: 'marta@example.com',
      city: 'Coyhaique',
      reqs: 'Quisiera cambiar la dirección de envío de mi boleta.',
    },
  ]);

  // Two mails: the message to the utility, and the acknowledgement to the visitor.
  const mails = await outboxMails(reference, 2);
  expect(mailTo(mails, 'contacto@example.com')).toContain('Reply-To: marta@example.com');
  expect(mailTo(mails, 'marta@example.com')).toContain(`Subject: Recibimos su mensaje (${reference})`);
});

test('an incomplete form shows an error summary that takes focus and links to each field', async ({ page }) => {
  await page.getByLabel('Correo electrónico').fill('marta@');
  await page.getByRole('button', { name: 'Enviar' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Nombre: Ingrese su nombre.',
    'Apellido: Ingrese su apellido.',
    'Correo electrónico: Por favor ingrese un correo electrónico válido.',
    'Mensaje: Escriba su mensaje.',
  ]);

  const email = page.getByLabel('Correo electrónico');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-describedby', 'email-hint email-error');
  await expect(page.locator('#email-error')).toHaveText('Error: Por favor ingrese un correo electrónico válido.');
  await expect(page.locator('#email-error .visually-hidden')).toHaveText('Error:');

  await summary.getByRole('link', { name: /Correo electrónico/ }).click();
  await expect(email).toBeFocused();
});

test('while sending, the button is disabled and shows progress', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/contacto', async (route) => {
    await held;
    await route.continue();
  });
  await fillValid(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  const sending = page.getByRole('button', { name: 'Enviando…' });
  await expect(sending).toBeDisabled();
  await expect(page.locator('form')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('status')).toContainText('Mensaje enviado.');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
});

for (const [failure, fulfil] of [
  [
    'the server fails',
    { status: 500, json: { success: false, error: 'Ha ocurrido un error. Por favor intente más tarde.' } },
  ],
  ['the answer is 200 without success', { status: 200, json: { success: false } }],
] as const) {
  test(`when ${failure}, the error is shown and nothing typed is lost`, async ({ page }) => {
    await page.route('/api/contacto', (route) => route.fulfill(fulfil));
    await fillValid(page);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Ha ocurrido un error\. Por favor intente más tarde\./);
    await expect(page.getByLabel('Nombre')).toHaveValue('Marta');
    await expect(page.getByLabel('Mensaje')).toHaveValue('Quisiera cambiar la dirección de envío de mi boleta.');
  });
}

test('when the network is down, the error is shown and nothing typed is lost', async ({ page }) => {
  await page.route('/api/contacto', (route) => route.abort('internetdisconnected'));
  await fillValid(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Ha ocurrido un error\. Por favor intente más tarde\./);
  await expect(page.getByLabel('Apellido')).toHaveValue('Soto');
});

test('field errors found by the server are shown on the fields', async ({ page }) => {
  await page.route('/api/contacto', (route) =>
    route.fulfill({
      status: 400,
      json: {
        success: false,
        error: 'Revise los datos del formulario.',
        errors: { email: 'Por favor ingrese un correo electrónico válido.' },
      },
    }),
  );
  await fillValid(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('#email-error')).toHaveText('Error: Por favor ingrese un correo electrónico válido.');
});

test("when the form's schema does not arrive, the form sends and shows the server's check", async ({ page }) => {
  // The schema's own chunk (`contact`, after src/shared/contact/schema.ts: astro.config.mjs), loaded once
  // the visitor starts on the form: here the connection drops on the way.
  await page.route(/\/_astro\/contact\.[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  const posted = page.waitForRequest('/api/contacto');
  await page.getByLabel('Correo electrónico').fill('marta@');
  await page.getByRole('button', { name: 'Enviar' }).click();
  expect((await posted).postDataJSON()).toMatchObject({ email: 'marta@' });
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' }).getByRole('link')).toHaveText([
    'Nombre: Ingrese su nombre.',
    'Apellido: Ingrese su apellido.',
    'Correo electrónico: Por favor ingrese un correo electrónico válido.',
    'Mensaje: Escriba su mensaje.',
  ]);
});

test('what the visitor typed survives a reload', async ({ page }) => {
  await page.getByLabel('Nombre').fill('Marta');
  await page.getByLabel('Mensaje').fill('Texto a medio escribir');
  await page.reload();
  await expect(page.getByLabel('Nombre')).toHaveValue('Marta');
  await expect(page.getByLabel('Mensaje')).toHaveValue('Texto a medio escribir');
});

test('only one notification is shown at a time', async ({ page }) => {
  let calls = 0;
  await page.route('/api/contacto', (route) =>
    ++calls === 1
      ? route.fulfill({ status: 500, json: {} })
      : route.fulfill({
          status: 200,
          json: { success: true, message: 'Mensaje enviado.', data: { reference: 'CON-ABCD2345' } },
        }),
  );
  await fillValid(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.toast')).toContainText('Ha ocurrido un error');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.toast')).toContainText('Mensaje enviado.');
});

test('text typed before the form comes alive is kept and sent', async ({ browser }) => {
  const page = await browser.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The islands' code, held (the offline worker's registration is in the page itself).
  await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contacto', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await fillValid(page, 'Temprana');
  release();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await expect(page.getByLabel('Nombre')).toHaveValue('Temprana');

  let posted: Record<string, string> | undefined;
  await page.route('/api/contacto', (route) => {
    posted = route.request().postDataJSON();
    return route.fulfill({
      status: 200,
      json: { success: true, message: 'Mensaje enviado.', data: { reference: 'CON-ABCD2345' } },
    });
  });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toContainText('Mensaje enviado.');
  expect(posted).toMatchObject({ name: 'Temprana', surname: 'Soto', email: 'marta@example.com' });
  await page.close();
});
