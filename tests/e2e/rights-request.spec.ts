import { expect, test, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { confirmationNotSentTexts, confirmTexts, rightsTexts, rightTypes } from '../../src/shared/rights/texts.ts';
import { site, telHref } from '../../src/shared/site.ts';
import { query } from './helpers/database.ts';
import { mailTo, outboxMails } from './helpers/outbox.ts';
import { shiftAndLargestPaint } from './helpers/paint-metrics.ts';
import { expectAccessible } from './helpers/site-shell-axe.ts';

// Derechos ARCO+, the public side: /privacidad/derechos sends a rights request, the mailed
// link's page confirms the e-mail once, and the footer, /privacidad and every form lead there.

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Requests to `path` arrive at `now` (x-local-now, honoured in local mode only). */
async function arriveAt(page: Page, path: string, now: string) {
  await page.route(path, (route) => route.continue({ headers: { ...route.request().headers(), 'x-local-now': now } }));
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Enviar solicitud' });

async function openForm(page: Page) {
  await page.goto('/privacidad/derechos');
  await expect(sendButton(page)).toBeEnabled();
}

test('a visitor asks for their data with the keyboard, confirms the e-mail from the mail once, and follows the request', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('rosa');
  // Friday 4 December 2026, 17:00 in Aysén; Tuesday 8 December is a public holiday.
  await arriveAt(page, '/api/derechos', '2026-12-04T20:00:00Z');
  await openForm(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rightsTexts.pageTitle);
  await expect(page).toHaveTitle(`${rightsTexts.pageTitle} | Aguas Patagonia de Aysén`);

  // Every right with its one sentence, which describes its button.
  const rights = page.getByRole('group', { name: rightsTexts.typeLegend });
  for (const { label, explanation } of Object.values(rightTypes)) {
    const radio = rights.getByRole('radio', { name: label, exact: true });
    await expect(radio).toHaveAccessibleDescription(explanation);
  }

  // Typed, not filled: the keyboard alone. The right not chosen, the RUT wrong, no details.
  await page.getByLabel('Nombre completo').pressSequentially('Rosa Vera');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12.345.678-9');
  await page.keyboard.press('Enter');

  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Derecho: Elija el derecho que desea ejercer.',
    'RUT: Ingrese un RUT válido, por ejemplo 12.345.678-5.',
    'Su solicitud: Cuéntenos qué necesita.',
  ]);
  await expect(page.locator('#type-error')).toHaveText('Error: Elija el derecho que desea ejercer.');
  await expect(rights).toHaveAttribute('aria-describedby', 'type-error');
  const rut = page.getByLabel('RUT');
  await expect(rut).toHaveAttribute('aria-invalid', 'true');
  await expect(rut).toHaveAttribute('aria-describedby', 'rut-hint rut-error');
  await expect(page.locator('#rut-error')).toHaveText('Error: Ingrese un RUT válido, por ejemplo 12.345.678-5.');
  // Nothing typed is lost.
  await expect(page.getByLabel('Nombre completo')).toHaveValue('Rosa Vera');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(rut).toHaveValue('12.345.678-9');

  // The summary's link leads to the field.
  await summary.getByRole('link', { name: /^RUT/ }).click();
  await expect(rut).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('12.345.678-5');

  // The radio group by the keyboard: Space chooses, the arrows move the choice.
  await rights.getByRole('radio', { name: 'Acceso', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(rights.getByRole('radio', { name: 'Rectificación' })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(rights.getByRole('radio', { name: 'Acceso', exact: true })).toBeChecked();

  await page.getByLabel('Su solicitud').focus();
  await page.keyboard.type('Quiero una copia de mis datos. Envié el reclamo REC-7K3M9Q2X.');
  await sendButton(page).focus();
  await page.keyboard.press('Enter');

  // 15 business days from Friday 4: the 8th and Christmas skipped.
  const sent = page.getByRole('status').filter({ hasText: 'Recibimos su solicitud' });
  await expect(sent).toContainText(/con el número de referencia DER-[2-9A-Z]{8}\./);
  await expect(sent).toContainText('Le responderemos a más tardar el martes, 29 de diciembre de 2026.');
  await expect(sent).toContainText(rightsTexts.confirmFirst);
  const reference = (await sent.textContent())!.match(/DER-[2-9A-Z]{8}/)![0];
  await expect(sent.getByRole('link', { name: 'Siga su caso en línea' })).toHaveAttribute(
    'href',
    `/seguimiento?referencia=${reference}`,
  );
  await expect(page.getByLabel('Nombre completo')).toHaveValue('');
  await expect(rights.getByRole('radio', { name: 'Acceso', exact: true })).not.toBeChecked();
  await expectAccessible(page, 'derechos-enviada', testInfo);

  expect(
    await query('SELECT type, name, email, rut, email_confirmed_at FROM rights_requests WHERE reference = $1', [
      reference,
    ]),
  ).toEqual([{ type: 'acceso', name: 'Rosa Vera', email, rut: '12.345.678-5', email_confirmed_at: null }]);

  // The mailed link: opening it confirms nothing, the button does, once.
  const mail = await PostalMime.parse(mailTo(await outboxMails(reference, 2), email));
  const link = new URL(mail.text!.match(/https?:\/\/\S+\/privacidad\/derechos\/confirmar\?token=[\w-]{43}/)![0]);
  await arriveAt(page, '/api/derechos/confirmar', '2026-12-07T12:00:00Z');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(confirmTexts.title);
  const confirmButton = page.getByRole('button', { name: confirmTexts.button });
  await expect(confirmButton).toBeEnabled();
  expect(await query('SELECT email_confirmed_at FROM rights_requests WHERE reference = $1', [reference])).toEqual([
    { email_confirmed_at: null },
  ]);
  await confirmButton.click();
  const confirmed = page.getByRole('status');
  await expect(confirmed).toContainText(confirmTexts.confirmed(reference));
  await expect(confirmed.getByRole('link', { name: 'Siga su caso en línea' })).toHaveAttribute(
    'href',
    `/seguimiento?referencia=${reference}`,
  );
  await expect(confirmButton).toBeHidden();
  const [row] = await query<{ confirmed: boolean }>(
    `SELECT email_confirmed_at = '2026-12-07T12:00:00Z'::timestamptz AS confirmed FROM rights_requests WHERE reference = $1`,
    [reference],
  );
  expect(row).toEqual({ confirmed: true });
  await expectAccessible(page, 'derechos-confirmada', testInfo);

  // The same link again: used.
  await page.reload();
  await page.getByRole('button', { name: confirmTexts.button }).click();
  await expect(page.getByRole('alert')).toHaveText(confirmTexts.invalid);
  await expectAccessible(page, 'derechos-confirmar-usado', testInfo);

  // /seguimiento shows it as what it is, with the date the page promised.
  await page.goto(`/seguimiento?referencia=${reference}`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const found = page.getByRole('region', { name: `Caso ${reference}` });
  await expect(found.locator('dl > div').first()).toHaveText('Tipo de casoDerechos de datos');
  await expect(found.getByText('Le responderemos a más tardar el martes, 29 de diciembre de 2026.')).toBeVisible();
});

test('the form is accessible as it loads and with its errors; the page says what the law gives and how it works', async ({
  page,
}, testInfo) => {
  await openForm(page);
  const main = page.getByRole('main');
  await expect(main).toContainText('Es gratuito.');
  await expect(main).toContainText('dentro de 15 días hábiles');
  await expect(main).toContainText('una sola vez por otros 15 días hábiles');
  await expect(main).toContainText('Hasta que lo confirme no revisaremos ni enviaremos ningún dato');
  await expect(main).toContainText('Las denuncias confidenciales no se atienden por este formulario');
  await expect(main.getByRole('link', { name: 'política de privacidad', exact: true })).toHaveAttribute(
    'href',
    '/privacidad#sus-derechos',
  );
  await expect(main.getByRole('link', { name: 'Seguimiento de casos' })).toHaveAttribute('href', '/seguimiento');
  // Its own privacy line: the notice's part about this form, not a link to itself.
  const note = main.getByText('Cómo tratamos sus datos:');
  await expect(note.getByRole('link')).toHaveText(['Política de privacidad']);
  await note.getByRole('link', { name: 'Política de privacidad' }).click();
  await expect(page).toHaveURL(/\/privacidad#solicitudes-de-derechos$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Solicitudes de derechos' })).toBeInViewport();

  await openForm(page);
  await expectAccessible(page, 'derechos', testInfo);
  await sendButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' }).getByRole('link')).toHaveText([
    'Derecho: Elija el derecho que desea ejercer.',
    'Nombre completo: Ingrese su nombre completo.',
    'Correo electrónico: Ingrese su correo electrónico.',
    'Su solicitud: Cuéntenos qué necesita.',
  ]);
  await expectAccessible(page, 'derechos-errores', testInfo);
});

test('past the address’s daily share of our mails, the page says no confirmation mail was sent and what to do instead', async ({
  page,
}, testInfo) => {
  // The request is stored as any; the answer says its link was not mailed, as POST /api/derechos
  // answers the fourth request of a day from one address (rights-function.test.ts). The e2e server
  // lifts the cap, since the forms' tests use the same addresses run after run (playwright.config.ts).
  await page.route('/api/derechos', async (route) => {
    const response = await route.fetch();
    const answer = await response.json();
    await route.fulfill({ response, json: { ...answer, data: { ...answer.data, confirmationSent: false } } });
  });
  await openForm(page);
  await page.getByRole('radio', { name: 'Acceso', exact: true }).check();
  await page.getByLabel('Nombre completo').fill('Rosa Vera');
  await page.getByLabel('Correo electrónico').fill(uniqueEmail('tope'));
  await page.getByLabel('Su solicitud').fill('Quiero una copia de mis datos.');
  await sendButton(page).click();

  const sent = page.getByRole('status').filter({ hasText: 'Recibimos su solicitud' });
  await expect(sent).toContainText(/^Recibimos su solicitud con el número de referencia DER-[2-9A-Z]{8}\./);
  await expect(sent).toContainText(confirmationNotSentTexts.why);
  const { retry, orCall, withReference } = confirmationNotSentTexts;
  await expect(sent).toContainText(
    `${retry} ${site.mailboxes.privacy} ${orCall} ${site.customerPhone}, ${withReference}`,
  );
  await expect(sent.getByRole('link', { name: site.mailboxes.privacy })).toHaveAttribute(
    'href',
    `mailto:${site.mailboxes.privacy}`,
  );
  await expect(sent.getByRole('link', { name: site.customerPhone })).toHaveAttribute(
    'href',
    telHref(site.customerPhone),
  );
  // Nothing that sends the person to look for a mail, or waits for a confirmation that cannot come.
  await expect(sent).not.toContainText('Le enviamos un correo');
  await expect(sent).not.toContainText(rightsTexts.confirmFirst);
  await expect(sent).not.toContainText('Le responderemos a más tardar');
  await expectAccessible(page, 'derechos-sin-correo', testInfo);
});

test('when the server fails, the error is shown and nothing typed is lost', async ({ page }) => {
  await page.route('/api/derechos', (route) =>
    route.fulfill({
      status: 500,
      json: { success: false, error: 'Ha ocurrido un error. Por favor intente más tarde.' },
    }),
  );
  await openForm(page);
  await page.getByRole('radio', { name: 'Supresión' }).check();
  await page.getByLabel('Nombre completo').fill('Luis Soto');
  await page.getByLabel('Correo electrónico').fill('luis@example.com');
  await page.getByLabel('Su solicitud').fill('Borren mi registro de motorhome.');
  await sendButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Ha ocurrido un error. Por favor intente más tarde.');
  await expect(page.getByRole('radio', { name: 'Supresión' })).toBeChecked();
  await expect(page.getByLabel('Nombre completo')).toHaveValue('Luis Soto');
  await expect(page.getByLabel('Su solicitud')).toHaveValue('Borren mi registro de motorhome.');
});

test('the confirmation page without its token says so where the button stands, and nothing moves; with a malformed one, the server’s words', async ({
  page,
}, testInfo) => {
  // A phone as Lighthouse's, and its slow processor: the island finds the token missing late.
  await page.setViewportSize({ width: 412, height: 823 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/privacidad/derechos/confirmar', { waitUntil: 'load' });
  const { shift } = await shiftAndLargestPaint(page, 1_500);
  await expect(page.getByRole('alert')).toHaveText(confirmTexts.missing);
  await expect(page.getByRole('button', { name: confirmTexts.button })).toBeHidden();
  expect(shift).toBeLessThan(0.001);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expectAccessible(page, 'derechos-confirmar-sin-codigo', testInfo);

  await page.goto('/privacidad/derechos/confirmar?token=abc');
  await page.getByRole('button', { name: confirmTexts.button }).click();
  await expect(page.getByRole('alert')).toHaveText('El código de confirmación no es válido.');
});

test('the footer, /privacidad and every form’s privacy line lead to the rights form', async ({ page }) => {
  // Not the home page, whose opening dialogs would cover the footer.
  await page.goto('/nosotros');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Derechos sobre sus datos' }).click();
  await expect(page).toHaveURL(/\/privacidad\/derechos$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rightsTexts.pageTitle);

  await page.goto('/privacidad');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'formulario de solicitud de derechos' })).toHaveCount(2);
  for (const link of await main.getByRole('link', { name: 'formulario de solicitud de derechos' }).all())
    await expect(link).toHaveAttribute('href', '/privacidad/derechos');
  // The mailbox stays, as another way.
  await expect(main.getByText(/También puede escribirnos a/)).toBeVisible();

  await page.goto('/contacto');
  await page.getByText('Cómo tratamos sus datos:').getByRole('link', { name: 'Ejercer sus derechos' }).click();
  await expect(page).toHaveURL(/\/privacidad\/derechos$/);
});
