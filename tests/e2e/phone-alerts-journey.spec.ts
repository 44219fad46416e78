import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { phoneAlertMessages } from '../../src/shared/outage-alerts/schema.ts';
import { fitsOneSegment } from '../../src/shared/phone-alerts/gsm7.ts';
import { adminThemes, expectNoAdminViolations, useAdminTheme } from './helpers/admin-axe.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { hoursFromNow } from './helpers/notices.ts';
import { codeIn, forgetWrongCodes, phoneMessages, phoneMessageWith } from './helpers/phones.ts';
import { screenshot, screenshotsWanted } from './helpers/screenshots.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';

/**
 * Alerts by phone from end to end, through the phone simulator of local mode: a visitor subscribes
 * a mobile to Coyhaique by SMS on /cortes/alertas and confirms it with the code the simulator
 * received; staff publish an emergency cut there (sent at once, whatever the hour: the quiet
 * hours hold back only the others) and restore it; the phone replies SIGO SIN AGUA, which staff
 * see counted on the outage's page, then BAJA, after which the next cut reaches it no more.
 */

// A number of this run alone: a phone gets PHONE_CODES_PER_DAY codes a day, and the e2e database
// outlives the run, with every earlier run's subscriptions in it.
const PHONE = `+569${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** As people type it: nine digits in groups, no +56. */
const TYPED = `${PHONE.slice(3, 4)} ${PHONE.slice(4, 8)} ${PHONE.slice(8)}`;

test.beforeAll(async () => {
  await ensureAdmin();
  await forgetWrongCodes(PHONE);
});

/** The cuts this file published: the e2e database outlives the run, and a cut left current would show on every later run's pages. */
const published: string[] = [];

test.afterAll(async () => {
  await query('DELETE FROM outage_subscriptions WHERE phone = $1', [PHONE]);
  await query(
    `UPDATE outages SET status = 'restablecido', closed_at = coalesce(closed_at, now()) WHERE id = ANY($1::bigint[])`,
    [published],
  );
});

/** Screenshots for a person to look at (E2E_SCREENSHOTS), on a small phone and a desktop. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (!screenshotsWanted) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, testInfo, `${name}-${width}.png`, { fullPage: true });
    await screenshot(page.locator('main form'), testInfo, `${name}-form-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The status of the outage the admin's page shows (its Situación's first definition). */
const outageStatus = (page: Page) => page.getByRole('region', { name: 'Situación' }).getByRole('definition').first();

/** An emergency cut in Coyhaique, published through the admin; answers its id. */
async function publishEmergency(page: Page, sectors: string): Promise<string> {
  await page.goto('/admin/cortes/nuevo');
  await page.getByLabel('Tipo de corte').selectOption({ label: 'Emergencia' });
  await page.getByLabel('Localidad').selectOption({ label: 'Coyhaique' });
  await page.getByLabel('Sectores afectados').fill(sectors);
  await page.getByLabel('Inicio').fill(hoursFromNow(0));
  await page.getByLabel('Reposición estimada').fill(hoursFromNow(6));
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(outageStatus(page)).toHaveText('Borrador');
  await page.getByRole('region', { name: 'Situación' }).getByRole('button', { name: 'Publicar' }).click();
  await expect(outageStatus(page)).toHaveText('Publicado');
  const id = /\/admin\/cortes\/(\d+)/.exec(page.url())![1]!;
  published.push(id);
  return id;
}

/** The alerts function, as Netlify's scheduler calls it, until `done` holds: other files' notices share its queue. */
async function alertsUntil(page: Page, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        expect((await page.request.post('/.netlify/functions/outage-alerts')).status()).toBe(200);
        return done();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** A text from the phone, through the simulator's page: answers the site's reply as the page shows it. */
async function textFromPhone(page: Page, text: string) {
  await page.goto(`/twilio-simulator/telefono?numero=${encodeURIComponent(PHONE)}`);
  await page.getByLabel(/^Mensaje al número del sitio/).fill(text);
  await page.getByRole('button', { name: 'Enviar SMS' }).click();
  const sent = page.getByRole('status');
  await expect(sent).toContainText(`Enviado: «${text}». El sitio respondió:`);
  return sent;
}

test('a phone subscribed by SMS on /cortes/alertas gets the emergency cut and its restoration, replies SIGO SIN AGUA, which staff see, and BAJA stops the next', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);

  // The form: a phone for SMS, the code it was sent, a wrong one first.
  await page.goto('/cortes/alertas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos de cortes por correo o teléfono');
  const how = page.getByRole('group', { name: '¿Cómo quiere recibir los avisos?' });
  await expect(how.getByRole('radio', { name: 'Correo electrónico' })).toBeChecked();
  await how.getByRole('radio', { name: 'SMS' }).check();
  await expect(page.getByRole('textbox', { name: 'Dirección de correo electrónico' })).toHaveCount(0);
  const phone = page.getByRole('textbox', { name: 'Teléfono' });
  await expect(phone).toHaveAttribute('type', 'tel');
  await expect(phone).toHaveAttribute('autocomplete', 'tel');
  await expect(page.getByRole('main').getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
    'href',
    '/privacidad#avisos-de-cortes-por-telefono',
  );
  // A landline asked for a text: the radios say why.
  await phone.fill('+56 67 2 123456');
  await page.getByRole('checkbox', { name: 'Coyhaique' }).check();
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(`Medio: ${phoneAlertMessages.landline}`);
  await phone.fill(TYPED);
  expect(await pageViolations(page), 'the phone field revealed, with an error').toEqual([]);
  await shots(page, testInfo, 'alertas-telefono');
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  // The code's step takes the form's place, its notice focused: a screen reader reads it.
  await expect(page.getByRole('status')).toContainText(phoneAlertMessages.subscribed('sms'));
  await expect(page.getByRole('status')).toBeFocused();

  const first = await phoneMessageWith(PHONE, 'su codigo para recibir avisos');
  expect(first.channel).toBe('sms');
  const code = page.getByRole('textbox', { name: 'Código de confirmación' });
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(codeIn(first) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.locator('#code-error')).toHaveText(`Error: ${phoneAlertMessages.invalidCode}`);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(await pageViolations(page), 'the code step, with an error').toEqual([]);
  await shots(page, testInfo, 'alertas-codigo');

  // A new code: the first one stops working.
  await page.getByRole('button', { name: 'Pedir un código nuevo' }).click();
  await expect
    .poll(async () => (await phoneMessages(PHONE)).filter((message) => message.reference?.startsWith('ALE-')).length)
    .toBe(2);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.locator('#code-error')).toHaveCount(0);
  const codes = (await phoneMessages(PHONE)).filter((message) => message.reference?.startsWith('ALE-'));
  await code.fill(codeIn(codes[0]!));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.locator('#code-error')).toHaveText(`Error: ${phoneAlertMessages.invalidCode}`);
  await code.fill(codeIn(codes[1]!));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const confirmed = page.getByRole('status');
  await expect(confirmed).toContainText(phoneAlertMessages.confirmed('sms'));
  await expect(confirmed.getByRole('listitem')).toHaveText(['Coyhaique']);
  await expect(confirmed).toBeFocused();
  expect(await query('SELECT channel, towns FROM outage_subscriptions WHERE phone = $1', [PHONE])).toEqual([
    { channel: 'sms', towns: ['coyhaique'] },
  ]);

  // Staff publish an emergency cut in Coyhaique: its text reaches the phone, in one segment.
  await useSession(page);
  const outageId = await publishEmergency(page, uniqueName('Población Los Coigües'));
  // The address, and no longer one (corte-12 is the start of corte-123).
  const address = new RegExp(`/cortes#corte-${outageId}(?!\\d)`);
  const withAddress = async () => (await phoneMessages(PHONE)).filter((message) => address.test(message.body));
  await alertsUntil(page, async () => (await withAddress()).length === 1);
  const [publication] = await withAddress();
  expect(publication!.channel).toBe('sms');
  expect(publication!.body).toContain('Corte de agua de emergencia en Coyhaique');
  expect(fitsOneSegment(publication!.body), publication!.body).toBe(true);

  // Restored: the text asks for SIGO SIN AGUA.
  const restore = page.getByRole('button', { name: 'Marcar restablecido' });
  await restore.click();
  // The dialog's button has the same name: the last one is the dialog's.
  await restore.last().click();
  await expect(outageStatus(page)).toHaveText('Restablecido');
  await alertsUntil(page, async () => (await withAddress()).length === 2);
  const restored = (await withAddress())[1]!;
  expect(restored.body).toContain('Se repuso el agua en Coyhaique');
  expect(restored.body).toContain('SIGO SIN AGUA');
  expect(fitsOneSegment(restored.body), restored.body).toBe(true);

  // The phone's page lists both; its reply is recorded and answered.
  await page.goto(`/twilio-simulator/telefono?numero=${encodeURIComponent(PHONE)}`);
  await expect(page.getByRole('listitem').filter({ hasText: restored.body })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: publication!.body })).toBeVisible();
  const answered = await textFromPhone(page, 'SIGO SIN AGUA');
  const reply = /El sitio respondió: «(.+)»/.exec((await answered.textContent())!)![1]!;
  await expect(page.getByRole('listitem').filter({ hasText: reply })).toBeVisible();

  // Staff see it on the outage's page, in both themes, with the alerts by channel; then mark it answered.
  const value = (section: string, term: string) =>
    page
      .getByRole('region', { name: section })
      .getByRole('term')
      .filter({ hasText: term })
      .locator('xpath=following-sibling::dd[1]');
  for (const theme of adminThemes) {
    await useAdminTheme(page, theme);
    await page.goto(`/admin/cortes/${outageId}`);
    await expect(page.locator('.admin')).toHaveAttribute('data-theme', theme);
    await expect(value('Siguen sin agua', 'Respuestas SIGO SIN AGUA al aviso de reposición')).toHaveText(
      '1 teléfono respondió SIGO SIN AGUA al aviso de reposición.',
    );
    await expect(value('Siguen sin agua', 'Sin atender')).toHaveText('1 teléfono');
    // The publication's and the restoration's texts, each taken by the provider.
    const sms = page
      .getByRole('region', { name: 'Avisos a suscriptores' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'SMS', exact: true }) });
    await expect(sms.first()).toBeVisible();
    await expectNoAdminViolations(page, theme, `/admin/cortes/${outageId}`);
    if (screenshotsWanted)
      for (const [path, name, loaded] of [
        [`/admin/cortes/${outageId}`, 'corte', 'Mensajes de cada aviso, por canal'],
        ['/admin/cortes', 'cortes', /^Cortes, los vigentes primero/],
        ['/admin/correo', 'correo', /^(Correos sin enviar|No hay correos pendientes)/],
      ] as const) {
        await page.goto(path);
        await expect(page.getByText(loaded).first()).toBeVisible({ timeout: 20_000 });
        // The list's setting of the billing phones, unfolded.
        if (name === 'cortes') {
          await page.getByText('Avisos por teléfono a los clientes').click();
          await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
        }
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await screenshot(page, testInfo, `admin-${name}-${theme}-${width}.png`, { fullPage: true });
        }
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    await page.goto(`/admin/cortes/${outageId}`);
  }
  await page.getByRole('button', { name: 'Marcar como atendidas' }).click();
  await expect(value('Siguen sin agua', 'Sin atender')).toHaveText('Ninguna');

  // BAJA: the subscription goes, and the next cut in Coyhaique reaches the phone no more.
  await textFromPhone(page, 'BAJA');
  expect(await query('SELECT 1 FROM outage_subscriptions WHERE phone = $1', [PHONE])).toEqual([]);
  const nextId = await publishEmergency(page, uniqueName('Villa Los Ñires'));
  // Its notice done: every subscriber of Coyhaique then has it queued, and sent, being urgent.
  await alertsUntil(page, async () => {
    const [notice] = await query<{ done: boolean }>(
      `SELECT bool_and(done_at IS NOT NULL) AS done FROM outage_notices WHERE outage_id = $1`,
      [nextId],
    );
    return notice!.done === true;
  });
  // Only this cut's: other files publish in Coyhaique meanwhile, which the phone may have had before its BAJA.
  const references = await query<{ reference: string }>(
    `SELECT 'COR-' || id AS reference FROM outage_notices WHERE outage_id = $1`,
    [nextId],
  );
  expect(references).toHaveLength(1);
  expect(
    await query('SELECT 1 FROM outbox WHERE recipient = $1 AND reference = ANY($2)', [
      PHONE,
      references.map(({ reference }) => reference),
    ]),
  ).toEqual([]);
  const nextAddress = new RegExp(`/cortes#corte-${nextId}(?!\\d)`);
  expect((await phoneMessages(PHONE)).filter((message) => nextAddress.test(message.body))).toEqual([]);
});
