import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import type { SubmissionAnswer } from '../../src/shared/api.ts';
import { caseMessages } from '../../src/shared/cases/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { fillComplaint, sendComplaintForm } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { mailTo, outboxMails } from './helpers/outbox.ts';
import { screenshot, screenshotsAtBothWidths } from './helpers/screenshots.ts';
import { expectAccessible } from './helpers/site-shell-axe.ts';

// Every test comes from one address, and some type wrong codes on purpose: its waits, which grow
// after five failures, would hold back the right code of the next test. A person's own address
// is theirs alone; here the count is forgotten before each test, as ensureAdmin forgets failed
// sign-ins.
test.beforeEach(() => query('DELETE FROM follow_up_failures'));

// /seguimiento: a citizen follows a case with its reference and the e-mail given in the form.

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** A complaint sent as the form sends it; `at` (honoured in local mode only) is when it arrived. */
async function sendComplaint(request: APIRequestContext, email: string, at?: string): Promise<string> {
  const response = await request.post('/api/reclamos', {
    data: {
      name: 'Jorge',
      surname: 'Navarro',
      email,
      phone: '',
      address: 'Prat 450',
      city: 'Puerto Aysén',
      clientNumber: '100001',
      complaintDetails: 'Desde el lunes la presión del agua es muy baja.',
    },
    headers: at ? { 'X-Local-Now': at } : {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as SubmissionAnswer).data.reference;
}

async function lookUp(page: Page, reference: string, email: string) {
  await page.goto('/seguimiento');
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  await page.getByLabel('Número de referencia').fill(reference);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

const caseSection = (page: Page, reference: string) => page.getByRole('region', { name: `Caso ${reference}` });

test('a complaint sent on /reclamos is followed from its confirmation: the reference filled in, Recibido and the promised date', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('jorge');
  await page.goto('/reclamos');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await fillComplaint(page, { email });
  const { status, reference } = await sendComplaintForm(page);
  await screenshot(page, testInfo, 'reclamos-confirmacion-1280.png');

  await status.getByRole('link', { name: 'Siga su caso en línea' }).click();
  await expect(page).toHaveURL(`/seguimiento?referencia=${reference}`);
  await expect(page.getByLabel('Número de referencia')).toHaveValue(reference);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Consultar' }).click();

  const found = caseSection(page, reference);
  await expect(found.getByRole('heading', { level: 2, name: `Caso ${reference}` })).toBeFocused();
  await expect(found.getByRole('list', { name: 'Etapas del caso' }).locator('[aria-current="step"]')).toHaveText(
    'Recibido (etapa actual)',
  );
  await expect(found.locator('dl > div')).toHaveText([
    'Tipo de casoReclamo',
    'EstadoRecibido',
    /^Fecha de recepción\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
  ]);
  // The date the acknowledgement mail promised.
  const mail = await PostalMime.parse(mailTo(await outboxMails(reference, 2), email));
  const promised = mail.text!.match(/a más tardar el ([^.]+)\./)![1]!;
  await expect(found.getByText(`Le responderemos a más tardar el ${promised}.`)).toBeVisible();
  await expect(found).toContainText('Aún no le hemos respondido.');
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshot(found, testInfo, 'seguimiento-recibido-390.png');
});

test('the link of the acknowledgement mail opens the page with the reference filled in', async ({ page }) => {
  const email = uniqueEmail('marta');
  const reference = await sendComplaint(page.request, email);
  const mail = await PostalMime.parse(mailTo(await outboxMails(reference, 2), email));
  const link = new URL(mail.text!.match(/https?:\/\/\S+\/seguimiento\S*/)![0]);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel('Número de referencia')).toHaveValue(reference);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(caseSection(page, reference)).toBeVisible();
});

test("a complaint's due date is its 10th business day in Chile's calendar, holidays skipped; times are Chile's", async ({
  page,
}) => {
  const email = uniqueEmail('ana');
  // Monday 14 September 2026, noon in Coyhaique; Friday the 18th is a public holiday.
  const reference = await sendComplaint(page.request, email, '2026-09-14T12:00:00-03:00');
  // The reference may be typed in lower case and with blanks around it.
  await lookUp(page, ` ${reference.toLowerCase()} `, email);

  const found = caseSection(page, reference);
  await expect(found.locator('dl > div').nth(2)).toHaveText('Fecha de recepción14-09-2026 12:00:00');
  await expect(found.getByText('Le responderemos a más tardar el martes, 29 de septiembre de 2026.')).toBeVisible();
});

test('a wrong e-mail shows the one generic message and no case', async ({ page }) => {
  const reference = await sendComplaint(page.request, uniqueEmail('pedro'));
  await lookUp(page, reference, 'otra.persona@example.com');

  await expect(page.getByRole('alert')).toHaveText(caseMessages.followUpNotFound);
  await expect(page.getByRole('region', { name: /^Caso / })).toHaveCount(0);
  await expect(page.getByText(reference)).toHaveCount(0);
  // Nothing is tied to either field: the message does not say which one was wrong.
  await expect(page.getByLabel('Correo electrónico')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Número de referencia')).not.toHaveAttribute('aria-invalid');
});

test('an answered case shows Respondido, the answer date and each reply as text with its line breaks, never a staff note', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('rosa');
  const reference = await sendComplaint(page.request, email, '2026-11-02T10:15:00-03:00');
  // Answered by staff (the desk itself is tested with the admin): a reply, then a note kept internal.
  const reply = 'Estimada Rosa:\nRevisamos la presión en su sector.\n\nEl <b>lunes</b> quedó normalizada.';
  await query(
    `WITH answered AS (
       UPDATE cases SET status = 'respondido', answered_at = '2026-11-05T16:40:00-03:00' WHERE reference = $1 RETURNING id
     )
     INSERT INTO case_entries (case_id, kind, body, admin_name, created_at)
     SELECT id, 'reply', $2, 'Ana Pérez', timestamptz '2026-11-05T16:40:00-03:00' FROM answered
     UNION ALL SELECT id, 'note', 'Nota interna: llamar al cliente.', 'Ana Pérez', timestamptz '2026-11-05T16:45:00-03:00' FROM answered`,
    [reference, reply],
  );

  await lookUp(page, reference, email);
  const found = caseSection(page, reference);
  const steps = found.getByRole('list', { name: 'Etapas del caso' }).getByRole('listitem');
  await expect(steps).toHaveText([
    'Recibido (etapa cumplida)',
    'En revisión (etapa cumplida)',
    'Respondido (etapa actual)',
    'Cerrado',
  ]);
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(found.locator('dl > div')).toHaveText([
    'Tipo de casoReclamo',
    'EstadoRespondido',
    'Fecha de recepción02-11-2026 10:15:00',
    'Fecha de respuesta05-11-2026 16:40:00',
  ]);
  // Answered: no more promise of a date.
  await expect(found.getByText(/Le responderemos/)).toHaveCount(0);
  const answer = found.getByRole('listitem').filter({ hasText: 'Respuesta del 05-11-2026 16:40:00' });
  expect(await answer.locator('p').nth(1).innerText()).toBe(reply);
  await expect(found.locator('b')).toHaveCount(0);
  await expect(found).not.toContainText('Nota interna');

  await expectAccessible(page, 'seguimiento-respondido', testInfo);
});

test.describe('what the page says when the lookup fails', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/seguimiento');
    await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  });

  test('empty fields are checked in the browser, in an error summary that takes focus', async ({ page }) => {
    await page.getByRole('button', { name: 'Consultar' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Número de referencia: Ingrese el número de referencia.',
      'Correo electrónico: Ingrese su correo electrónico.',
    ]);
  });

  test('too many failed lookups: the throttle message', async ({ page }) => {
    await page.route('/api/seguimiento', (route) =>
      route.fulfill({
        status: 429,
        json: {
          success: false,
          error: caseMessages.followUpThrottled(30),
          message: caseMessages.followUpThrottled(30),
        },
      }),
    );
    await page.getByLabel('Número de referencia').fill('REC-AAAAAAAA');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Consultar' }).click();
    // The wait is the server's: it grows with the client's failures.
    await expect(page.getByRole('alert')).toHaveText(caseMessages.followUpThrottled(30));
  });

  test('no connection: the generic message, and what was typed stays', async ({ page }) => {
    await page.route('/api/seguimiento', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Número de referencia').fill('REC-AAAAAAAA');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.genericError);
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana@example.com');
  });

  test('screenshots of the form and of a failed lookup, on a phone and a desktop', async ({ page }, testInfo) => {
    await page.route('/api/seguimiento', (route) =>
      route.fulfill({
        status: 404,
        json: { success: false, error: caseMessages.followUpNotFound, message: caseMessages.followUpNotFound },
      }),
    );
    await screenshotsAtBothWidths(page, testInfo, 'seguimiento-formulario');
    await page.getByLabel('Número de referencia').fill('REC-AAAAAAAA');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText(caseMessages.followUpNotFound);
    await screenshotsAtBothWidths(page, testInfo, 'seguimiento-error');
  });
});
