import { expect, test } from '@playwright/test';
import site from '../../content/site.json' with { type: 'json' };
import { PERIODS_KEPT } from '../../src/shared/consumption/schema.ts';
import { periodText, retention } from '../../src/shared/retention/texts.ts';
import { screenshot, screenshotsWanted } from './helpers/screenshots.ts';

// Every public form, the part of the notice about it, and how long that part says its data is kept
// (the periods the clean-up applies, src/shared/retention/texts.ts).
const forms: [route: string, section: string, kept: string][] = [
  ['/contacto', 'Formulario de contacto', periodText(retention.contactMessages)],
  ['/reclamos', 'Reclamos', periodText(retention.complaints)],
  ['/trabaje-con-nosotros', 'Postulaciones de trabajo', periodText(retention.jobApplications)],
  ['/motorhome', 'Registro de casas rodantes', periodText(retention.motorhomeRegistrations)],
  ['/denuncias', 'Denuncias confidenciales', `${periodText(retention.denuncias)} desde que cerramos el caso`],
  ['/pago', 'Pago de cuentas', periodText(retention.bills)],
  ['/boleta', 'Consulta de saldo', 'No guardamos las consultas'],
  ['/seguimiento', 'Seguimiento de casos', 'No guardamos las consultas'],
  ['/consumo', 'Mi consumo', `solo las últimas ${PERIODS_KEPT} boletas`],
  ['/denuncias/seguimiento', 'Seguimiento de denuncias', periodText(retention.receiptFailures)],
  [
    '/privacidad/derechos',
    'Solicitudes de derechos',
    `${periodText(retention.rightsRequests)} desde que cerramos su solicitud`,
  ],
];

test('/privacidad says who answers for the data, what each form collects, for how long, and the rights', async ({
  page,
}) => {
  await page.goto('/privacidad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
  await expect(page).toHaveTitle('Política de privacidad | Aguas Patagonia de Aysén');
  const main = page.getByRole('main');

  await expect(main.getByRole('link', { name: site.mailboxes.privacy }).first()).toHaveAttribute(
    'href',
    `mailto:${site.mailboxes.privacy}`,
  );
  for (const [, section, kept] of forms) {
    const heading = main.getByRole('heading', { level: 3, name: section });
    await expect(heading).toBeVisible();
    // The list right under the form's heading: what, why, legal basis, how long.
    const part = main.locator(`h3#${await heading.getAttribute('id')} + ul`);
    await expect(part).toContainText('Qué datos:');
    await expect(part).toContainText(kept);
  }
  await expect(main.getByRole('heading', { level: 3, name: 'Copias de los correos' }).locator('+ p')).toContainText(
    `se borra a los ${periodText(retention.deliveredMail)}`,
  );
  for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Portabilidad', 'Bloqueo'])
    await expect(main.getByRole('listitem').filter({ hasText: `${right}:` })).toHaveCount(1);
  await expect(main).toContainText('puede reclamar ante la Agencia de Protección de Datos Personales');
  for (const processor of ['Netlify', 'Neon', 'Resend', 'Transbank']) await expect(main).toContainText(processor);
});

test('the footer leads to the privacy notice', async ({ page }) => {
  // Not the home page, whose opening dialogs would cover the footer.
  await page.goto('/nosotros');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
});

// The line and the notice are the pages' HTML: without JavaScript, no form's island hydrates for
// nothing (ten visits of the suite's 30 minutes).
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [route, section] of forms) {
    test(`${route} links, beside its form, to what the notice says about it`, async ({ page }) => {
      await page.goto(route);
      const note = page.getByRole('main').getByText('Cómo tratamos sus datos:');
      await expect(note).toBeVisible();
      await note.getByRole('link', { name: 'Política de privacidad' }).click();
      await expect(page).toHaveURL(new RegExp(`/privacidad#`));
      await expect(page.getByRole('heading', { level: 3, name: section })).toBeInViewport();
    });
  }
});

test('screenshots of the notice and of a form with its line, on a phone and a desktop', async ({ page }, testInfo) => {
  test.skip(!screenshotsWanted, 'only screenshots, written when E2E_SCREENSHOTS is set');
  for (const [device, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/privacidad');
    await screenshot(page, testInfo, `privacidad-${device}.png`, { fullPage: true });
    await page.goto('/contacto');
    await page.getByText('Cómo tratamos sus datos:').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `contacto-${device}.png`);
  }
});
