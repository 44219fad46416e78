import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { addBusinessDays, businessDaysUntil } from '../../src/shared/time/business-days.ts';
import { longDate } from '../../src/shared/time/long-date.ts';
import { thirdPartyTexts } from '../../src/shared/rights/desk/texts.ts';
import { confirmTexts, exportTexts, rightsMailTexts, rightsMessages } from '../../src/shared/rights/texts.ts';
import { e2eAdmin, ensureAdmin } from './helpers/admin-session.ts';
import { adminThemes, expectNoAdminViolations, useAdminTheme } from './helpers/admin-axe.ts';
import { atServer, staffCaseRow } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { sendDenuncia } from './helpers/denuncias.ts';
import { screenshotsAtBothWidths } from './helpers/screenshots.ts';

/**
 * End to end: a request for acceso arrives on a Friday before a Chilean holiday, due 15 business
 * days later; the mailed link confirms the e-mail; staff find the requester's complaint and alert
 * subscription (never the denuncia sent with the same e-mail) and, once they record her proof of
 * identity, a third person's complaint for her service number marked "De un tercero" with why,
 * which they include by hand; they extend the deadline once (a second extension is refused) and
 * send the export; the download holds exactly those records, without the third person's contact
 * data, and serves once.
 */

// Friday 4 December 2026, 17:00 in Aysén: Tuesday 8 December and Friday 25 are public holidays.
const ARRIVAL = '2026-12-04T20:00:00.000Z';
const DUE = '2026-12-29';
// Staff open it on Monday 7 December, 10:00 in Aysén.
const STAFF_DAY = '2026-12-07T13:00:00.000Z';

/** The token of the link mailed for `subject`, from the outbox's copy (not yet redacted). */
async function mailedToken(subject: string, path: string): Promise<string> {
  const [mail] = await query<{ body: string }>('SELECT body FROM outbox WHERE subject = $1', [subject]);
  return new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w-]{43})`).exec(mail!.body)![1]!;
}

/** The ZIP the download page saves when its button is pressed. */
async function download(page: Page, token: string) {
  await page.goto(`/privacidad/derechos/descarga?token=${token}`);
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: exportTexts.button }).click();
  const file = await saving;
  return unzipSync(new Uint8Array(await readFile((await file.path())!)));
}

test.beforeAll(async () => {
  await ensureAdmin();
});

test('an acceso request is confirmed, searched without the denuncia, extended once and answered with a single-use export', async ({
  page,
  browser,
}, testInfo) => {
  const email = `rosa.${Date.now()}@example.com`;
  const service = String(Date.now()).slice(-9);
  const marta = { name: 'Marta', surname: 'Inquilina', email: `marta.${Date.now()}@example.com` };

  // What the site holds about Rosa: a complaint, a confirmed alert subscription, and a denuncia
  // she sent with the same e-mail, which no rights request may reveal.
  const complaint = await page.request.post('/api/reclamos', {
    data: {
      name: 'Rosa',
      surname: 'Vera',
      email,
      address: 'Baquedano 100',
      city: 'Coyhaique',
      clientNumber: '',
      complaintDetails: 'Me cobraron dos veces.',
    },
  });
  const complaintReference = ((await complaint.json()) as { data: { reference: string } }).data.reference;
  expect((await page.request.post('/api/cortes/alertas', { data: { email, towns: ['coyhaique'] } })).status()).toBe(
    200,
  );
  const [subscription] = await query<{ id: string }>(
    'SELECT id FROM outage_subscriptions WHERE lower(email) = lower($1)',
    [email],
  );
  const [alertMail] = await query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC', [
    email,
  ]);
  const alertToken = /\/cortes\/alertas\/confirmar\?token=([\w-]{43})/.exec(alertMail!.body)![1]!;
  expect((await page.request.post('/api/cortes/alertas/confirmar', { data: { token: alertToken } })).status()).toBe(
    200,
  );
  const denuncia = await sendDenuncia(page.request, { email, text: 'Se retiran materiales sin registro.' });
  // A third person's complaint for Rosa's service, from her own address.
  const third = await page.request.post('/api/reclamos', {
    data: {
      ...marta,
      address: 'Pasaje Oculto 77',
      city: 'Coyhaique',
      clientNumber: service,
      complaintDetails: 'El medidor marca de más desde octubre.',
    },
  });
  const thirdReference = ((await third.json()) as { data: { reference: string } }).data.reference;

  // The request, on the Friday.
  await page.route('**/api/derechos', atServer(ARRIVAL));
  await page.goto('/privacidad/derechos');
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toBeEnabled();
  await page.getByRole('radio', { name: 'Acceso', exact: true }).check();
  await page.getByLabel('Nombre completo').fill('Rosa Vera');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Número de servicio').fill(service);
  await page.getByLabel('Su solicitud').fill('Quiero una copia de todos mis datos.');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Recibimos su solicitud' });
  await expect(sent).toContainText(`Le responderemos a más tardar el ${longDate(DUE)}.`);
  const reference = (await sent.textContent())!.match(/DER-[2-9A-Z]{8}/)![0];
  expect(addBusinessDays('2026-12-04', 15)).toBe(DUE);

  // Staff see it at once, but nothing about Rosa's data before she confirms.
  const { staff, row } = await staffCaseRow(browser, reference, STAFF_DAY);
  await expect(row.getByRole('cell')).toContainText([
    'Derechos de datos',
    'Rosa Vera',
    `29-12-2026Quedan ${businessDaysUntil('2026-12-07', DUE)} días hábiles`,
  ]);
  await row.getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Derechos de datos ${reference}`);
  const desk = staff.getByRole('region', { name: 'Derechos de datos' });
  await expect(desk).toContainText('Sin confirmar');
  await expect(desk).toContainText(rightsMessages.notConfirmed);
  await expect(staff.getByRole('region', { name: 'Lo que el sitio guarda de esta persona' })).toHaveCount(0);

  // Rosa follows the link in her mail.
  const token = await mailedToken(rightsMailTexts.confirmSubject(reference), '/privacidad/derechos/confirmar');
  await page.goto(`/privacidad/derechos/confirmar?token=${token}`);
  await page.getByRole('button', { name: confirmTexts.button }).click();
  await expect(page.getByRole('status')).toContainText(confirmTexts.confirmed(reference));

  // The desk finds her complaint and her alert subscription, never the denuncia.
  await staff.reload();
  const found = staff.getByRole('region', { name: 'Lo que el sitio guarda de esta persona' });
  await expect(found.getByRole('listitem').filter({ hasText: `Reclamos ${complaintReference}` })).toBeVisible();
  await expect(found.getByRole('listitem').filter({ hasText: 'Suscripciones a avisos de cortes' })).toBeVisible();
  await expect(found).not.toContainText(denuncia.reference);
  await expect(found).not.toContainText('materiales');
  // The service number she typed finds nothing before her identity is proven.
  await expect(found).toContainText(thirdPartyTexts.unproven);
  await expect(found).not.toContainText(thirdReference);

  // Staff record the proof received: the third person's complaint is listed, marked, with why.
  const proof = staff.getByRole('form', { name: 'Antecedentes de identidad' });
  await proof.getByLabel('Antecedentes recibidos').fill('Copia de la cédula, cotejada con la boleta.');
  await proof.getByRole('button', { name: 'Guardar' }).click();
  await expect(staff.getByRole('status')).toContainText('Antecedentes de identidad guardados.');
  const theirs = found.getByRole('listitem').filter({ hasText: `Reclamos ${thirdReference}` });
  await expect(theirs).toContainText(thirdPartyTexts.mark);
  await expect(theirs).toContainText(`Coincide el número de servicio ${service}`);
  await expect(found).toContainText(thirdPartyTexts.found(5, email, 1, `el número de servicio ${service}`));
  // Never to be erased: no box to choose it.
  await expect(theirs.getByRole('checkbox')).toHaveCount(0);
  await expect(found.getByRole('listitem').filter({ hasText: `Reclamos ${complaintReference}` })).not.toContainText(
    thirdPartyTexts.mark,
  );
  await theirs.getByRole('button', { name: `${thirdPartyTexts.include}: Reclamos ${thirdReference}` }).click();
  await expect(theirs).toContainText(`Incluido en la copia de los datos por ${e2eAdmin.name} el `);
  await expect(
    theirs.getByRole('button', { name: `${thirdPartyTexts.exclude}: Reclamos ${thirdReference}` }),
  ).toBeVisible();
  // The desk in both themes: axe, and a look on a phone and a desktop.
  for (const theme of adminThemes) {
    await useAdminTheme(staff, theme);
    await staff.reload();
    await expect(staff.locator('.admin')).toHaveAttribute('data-theme', theme);
    await expect(found.getByRole('listitem').first()).toBeVisible();
    await expectNoAdminViolations(staff, theme, 'Derechos de datos');
    await screenshotsAtBothWidths(staff, testInfo, `derechos-desk-${theme}`);
  }

  // One extension of 15 business days; the form is gone, and the API refuses a second one.
  const extension = staff.getByRole('form', { name: 'Ampliar el plazo' });
  await extension.getByLabel('Motivo de la ampliación').fill('Debemos revisar registros en papel de la oficina.');
  await extension.getByRole('button', { name: 'Ampliar el plazo' }).click();
  await expect(staff.getByRole('status')).toContainText('Plazo ampliado.');
  const extended = addBusinessDays(DUE, 15);
  await expect(desk).toContainText(`hasta el ${longDate(extended)}`);
  await expect(extension).toHaveCount(0);
  const caseId = new URL(staff.url()).pathname.split('/').pop()!;
  const again = await staff.evaluate(
    async (path) =>
      (
        await fetch(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            Authorization: `Bearer ${sessionStorage.getItem('accessToken')}`,
          },
          body: JSON.stringify({ reason: 'Otra vez.' }),
        })
      ).status,
    `/api/admin/cases/${caseId}/rights/extension`,
  );
  expect(again).toBe(409);
  expect(await query('SELECT due_on::text AS due FROM cases WHERE reference = $1', [reference])).toEqual([
    { due: extended },
  ]);

  // The export, with one press.
  await found.getByRole('button', { name: 'Enviar copia de los datos' }).click();
  await expect(staff.getByRole('status')).toContainText('Enlace de descarga enviado al correo confirmado');
  const exportToken = await mailedToken(rightsMailTexts.exportSubject(reference), '/privacidad/derechos/descarga');

  // What Rosa downloads: exactly those records, the denuncia nowhere.
  const files = await download(page, exportToken);
  const data = JSON.parse(strFromU8(files['datos.json']!)) as {
    records: { source: string; reference: string | null; thirdParty: { reason: string } | null }[];
  };
  expect(data.records.map((record) => record.source).sort()).toEqual([
    'cases',
    'cases',
    'complaints',
    'complaints',
    'outage_subscriptions',
    'rights_requests',
  ]);
  expect(data.records.find((record) => record.reference === thirdReference)?.thirdParty).toEqual({
    reason: `Coincide el número de servicio ${service}`,
  });
  expect(data.records.filter((record) => record.source === 'outage_subscriptions')).toEqual([
    expect.objectContaining({ id: subscription!.id }),
  ]);
  for (const [name, bytes] of Object.entries(files)) {
    expect(strFromU8(bytes), name).not.toContain(denuncia.reference);
    expect(strFromU8(bytes), name).not.toContain('materiales');
    for (const theirOwn of [marta.email, marta.surname, 'Pasaje Oculto 77'])
      expect(strFromU8(bytes), name).not.toContain(theirOwn);
  }
  expect(Object.keys(files)).toContain('LEAME.txt');

  // The link served once.
  await page.goto(`/privacidad/derechos/descarga?token=${exportToken}`);
  await page.getByRole('button', { name: exportTexts.button }).click();
  await expect(page.getByRole('alert')).toHaveText(rightsMessages.downloadGone);
  await staff.close();
});
