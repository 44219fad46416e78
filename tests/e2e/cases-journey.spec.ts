import { expect, test } from '@playwright/test';
import PostalMime from 'postal-mime';
import { caseMessages, SISS_SENTENCE } from '../../src/shared/cases/schema.ts';
import { e2eAdmin, ensureAdmin } from './helpers/admin-session.ts';
import { outboxMails } from './helpers/outbox.ts';
import { atServer, fillComplaint, sendComplaintForm, staffCaseRow } from './helpers/cases.ts';
import { query } from './helpers/database.ts';

// Every test comes from one address, and some type wrong codes on purpose: its waits, which grow
// after five failures, would hold back the right code of the next test. A person's own address
// is theirs alone; here the count is forgotten before each test, as ensureAdmin forgets failed
// sign-ins.
test.beforeEach(() => query('DELETE FROM follow_up_failures'));

/**
 * Atención ciudadana, end to end: a reclamo sent on /reclamos reaches Atención ciudadana with its deadline
 * (10 business days, pushed a day by Inmaculada Concepción), is assigned and answered, its answer
 * mailed with the SISS sentence, and the citizen reads it on /seguimiento.
 */

// Monday 30 November 2026, 10:00 in Chile: the tenth business day after it is Tuesday 15
// December, not Monday 14, because Tuesday 8 December is a public holiday.
const ARRIVAL = '2026-11-30T13:00:00.000Z';
// The staff open it on Wednesday 2 December: 8 business days left.
const STAFF_DAY = '2026-12-02T13:00:00.000Z';

test.beforeAll(async () => {
  await ensureAdmin();
});

test('a reclamo from /reclamos is due after the holiday, answered in the desk, and followed on /seguimiento', async ({
  page,
  browser,
}) => {
  const email = `rosa.${Date.now()}@example.com`;
  await page.route('**/api/reclamos', atServer(ARRIVAL));
  await page.goto('/reclamos');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await fillComplaint(page, {
    name: 'Rosa',
    surname: 'Vera',
    email,
    address: 'Baquedano 100',
    city: 'Coyhaique',
    details: 'Me cobraron dos veces el mes de octubre.',
  });
  const { reference } = await sendComplaintForm(page);

  // Atención ciudadana, on Wednesday 2 December.
  const { staff, row } = await staffCaseRow(browser, reference, STAFF_DAY);
  await expect(row.getByRole('cell')).toContainText([
    'Reclamo',
    'Rosa Vera',
    'Coyhaique',
    '15-12-2026Quedan 8 días hábiles',
  ]);

  await row.getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${reference}`);
  const work = staff.getByRole('form', { name: 'Estado y asignación' });
  await work.getByLabel('Asignado a').selectOption(e2eAdmin.name);
  await work.getByRole('button', { name: 'Guardar' }).click();
  await expect(staff.getByRole('status')).toContainText('Caso actualizado.');

  const reply = staff.getByRole('form', { name: 'Responder' });
  await reply
    .getByLabel('Respuesta')
    .fill('Revisamos su cuenta: le devolveremos el cobro duplicado en la próxima boleta.');
  await reply.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(staff.getByRole('status')).toContainText('Respuesta enviada.');

  // The reply, in the outbox (acknowledgement and reply to the citizen, the utility's copy).
  const mails = await Promise.all((await outboxMails(reference, 3)).map((eml) => PostalMime.parse(eml)));
  const answerMail = mails.find((mail) => mail.subject === `Respuesta a su reclamo (${reference})`)!;
  expect(answerMail.to?.map((to) => to.address)).toEqual([email]);
  expect(answerMail.text).toContain('le devolveremos el cobro duplicado');
  expect(answerMail.text).toContain(SISS_SENTENCE);

  // The citizen follows the case.
  await page.unroute('**/api/reclamos');
  await page.goto(`/seguimiento?referencia=${reference}`);
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  await page.getByLabel('Correo electrónico').fill('otra.persona@example.com');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: caseMessages.followUpNotFound })).toBeVisible();

  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const found = page.getByRole('region', { name: `Caso ${reference}` });
  await expect(found.locator('[aria-current="step"]')).toHaveText('Respondido (etapa actual)');
  await expect(found).toContainText('le devolveremos el cobro duplicado en la próxima boleta.');
  await expect(found).toContainText(SISS_SENTENCE);
  await staff.close();
});
