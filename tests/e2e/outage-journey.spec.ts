import { expect, test, type APIRequestContext } from '@playwright/test';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { hoursFromNow } from './helpers/notices.ts';
import { outboxMailTo } from './helpers/outbox.ts';

/**
 * Cortes de agua from end to end: staff publish a planned outage for Coyhaique through the admin; the
 * public sees it on /cortes (list and map), in the feed and the calendar, on the home page's band
 * and through ¿Me afecta?; a confirmed subscriber gets exactly one mail for the publication and
 * one for an update; closing it takes it off /cortes.
 */

const SUBSCRIBER = 'suscriptora.recorrido@example.com';

/**
 * The alerts function, as Netlify's scheduler calls it, until the subscriber has `count` mails of
 * this outage: other specs' notices may be pending too, and a run works within a time budget.
 */
async function alertsUntil(request: APIRequestContext, sectors: string, count: number) {
  await expect
    .poll(async () => {
      expect((await request.post('/.netlify/functions/outage-alerts')).status()).toBe(200);
      return (await mailsTo(sectors)).length;
    })
    .toBe(count);
}

const mailsTo = (sectors: string) =>
  query<{ reference: string }>(
    `SELECT o.reference FROM outbox o WHERE o.recipient = $1 AND o.body LIKE '%' || $2 || '%' ORDER BY o.id`,
    [SUBSCRIBER, sectors],
  );

test.beforeAll(async () => {
  await ensureAdmin();
  // A confirmed subscriber of Coyhaique (the subscription pages have their own spec).
  await query('DELETE FROM outage_subscriptions WHERE lower(email) = $1', [SUBSCRIBER]);
  await query(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ($1, ARRAY['coyhaique'], md5(random()::text), md5(random()::text), now())`,
    [SUBSCRIBER],
  );
  await query(`UPDATE accounts SET locality = 'coyhaique' WHERE service_number = '100001'`);
});

test.afterAll(async () => {
  await query('DELETE FROM outage_subscriptions WHERE lower(email) = $1', [SUBSCRIBER]);
});

test('staff publish an outage; the public, the feeds, the home page and a subscriber all get it, once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const sectors = uniqueName('Población Ribera Sur');
  await useSession(page);
  await page.goto('/admin/cortes/nuevo');
  await page.getByLabel('Tipo de corte').selectOption({ label: 'Programado' });
  await page.getByLabel('Localidad').selectOption({ label: 'Coyhaique' });
  await page.getByLabel('Sectores afectados').fill(sectors);
  await page.getByLabel('Inicio').fill(hoursFromNow(4 * 24));
  await page.getByLabel('Reposición estimada').fill(hoursFromNow(4 * 24 + 6));
  await page.getByRole('button', { name: 'Agregar punto de abastecimiento' }).click();
  const point = page.getByRole('group', { name: 'Punto 1' });
  await point.getByLabel('Nombre').fill('Camión aljibe');
  await point.getByLabel('Dirección').fill('Plaza de Armas');
  await point.getByLabel('Latitud').fill('-45.5660');
  await point.getByLabel('Longitud').fill('-72.0600');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  const situation = page.getByRole('region', { name: 'Situación' });
  await situation.getByRole('button', { name: 'Publicar' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Publicado');

  // /cortes: under Coyhaique, with its supply point, on the map.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await visitor.goto('/cortes');
  const card = visitor.getByRole('region', { name: 'Coyhaique' }).locator('article, li').filter({ hasText: sectors });
  await expect(card.first()).toContainText('Camión aljibe, Plaza de Armas');
  // Feeds.
  expect(await (await request.get('/cortes/feed.xml')).text()).toContain(sectors);
  expect(await (await request.get('/cortes/coyhaique.ics')).text()).toContain(sectors);
  // ¿Me afecta? with service 100001 (in Coyhaique).
  await visitor.getByLabel('Número de servicio').fill('100001');
  await visitor.getByRole('button', { name: 'Consultar' }).click();
  await expect(visitor.getByText('Su servicio está en Coyhaique. Estos cortes afectan a su localidad:')).toBeVisible();
  await expect(visitor.getByText(sectors).first()).toBeVisible();
  // The home page's band. A health notice another file has in force would take its place
  // (advisories.spec.ts tests that), so this page reads none.
  await visitor.route('**/api/advisories', (route) => route.fulfill({ json: { success: true, advisories: [] } }));
  await visitor.goto('/');
  await expect(visitor.getByRole('complementary', { name: 'Cortes de agua' })).toContainText('en Coyhaique');

  // One mail for the publication; an update, one more; a second run, none.
  await alertsUntil(request, sectors, 1);
  await page.getByRole('textbox', { name: 'Actualización' }).fill('El camión aljibe llegará a las 9:00.');
  await page.getByRole('button', { name: 'Agregar actualización' }).click();
  await expect(page.getByRole('region', { name: 'Actualizaciones' }).getByRole('listitem')).toContainText(
    'El camión aljibe llegará a las 9:00.',
  );
  await alertsUntil(request, sectors, 2);
  expect((await request.post('/.netlify/functions/outage-alerts')).status()).toBe(200);
  expect(await mailsTo(sectors)).toHaveLength(2);
  const [published, updated] = await mailsTo(sectors);
  expect(published!.reference).not.toBe(updated!.reference);
  // Delivered (its .eml written), and it carries the update.
  await outboxMailTo(updated!.reference, SUBSCRIBER);
  const [body] = await query<{ body: string }>('SELECT body FROM outbox WHERE reference = $1 AND recipient = $2', [
    updated!.reference,
    SUBSCRIBER,
  ]);
  expect(body!.body).toContain('El camión aljibe llegará a las 9:00.');

  // Closed, it leaves /cortes.
  await situation.getByRole('button', { name: 'Marcar restablecido' }).click();
  await page
    .getByRole('dialog', { name: '¿Marcar el corte como restablecido?' })
    .getByRole('button', { name: 'Marcar restablecido' })
    .click();
  await expect(situation.getByRole('definition').first()).toHaveText('Restablecido');
  await visitor.goto('/cortes');
  await expect(visitor.getByText(/^Actualizado a las/)).toBeVisible();
  await expect(visitor.getByText(sectors)).toHaveCount(0);
});
