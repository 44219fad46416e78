import { XMLParser } from 'fast-xml-parser';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { validateCap } from '../helpers/cap-schema.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { hoursFromNow } from './helpers/notices.ts';
import { outboxMailTo } from './helpers/outbox.ts';

/**
 * Avisos from end to end: staff publish a boil-water notice for Puerto Aysén through the admin;
 * /avisos, the home band, a confirmed subscriber's mail, the CAP index with its schema-valid
 * Alert and /cortes.geojson all carry it; an update is a CAP Update referencing the Alert; lifting
 * it mails the lift, publishes a Cancel and takes the band away.
 */

const SUBSCRIBER = 'suscriptora.avisos@example.com';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

interface CapAlert {
  identifier: string;
  sender: string;
  sent: string;
  msgType: string;
  references?: string;
  info: { category: string; event: string; headline: string; area: { areaDesc: string; circle: string } };
}

/** The mails of this notice to the subscriber, in order, after running the alerts as Netlify's scheduler does. */
async function alertsUntil(request: APIRequestContext, advisoryId: string, count: number) {
  await expect
    .poll(async () => {
      expect((await request.post('/.netlify/functions/outage-alerts')).status()).toBe(200);
      return (await mailsOf(advisoryId)).length;
    })
    .toBe(count);
  return mailsOf(advisoryId);
}

const mailsOf = (advisoryId: string) =>
  query<{ reference: string; subject: string; body: string }>(
    `SELECT reference, subject, body FROM outbox
     WHERE recipient = $1 AND body LIKE '%/avisos/' || $2 || '%' ORDER BY id`,
    [SUBSCRIBER, advisoryId],
  );

/** This notice's CAP messages in the Atom index, newest first, each fetched, parsed and schema-checked. */
async function capMessages(request: APIRequestContext, advisoryId: string) {
  const atom = await request.get('/cap/alertas.atom');
  expect(atom.headers()['content-type']).toContain('application/atom+xml');
  const feed = xml.parse(await atom.text()) as { feed: { entry?: unknown } };
  const entries = [feed.feed.entry ?? []].flat() as { link: { rel: string; type: string; href: string }[] }[];
  const links = entries
    .flatMap((entry) => [entry.link].flat())
    .filter((link) => link.type === 'application/cap+xml' && link.href.includes(`/cap/aviso-${advisoryId}-`));
  return Promise.all(
    links.map(async (link) => {
      const answer = await request.get(new URL(link.href).pathname);
      expect(answer.headers()['content-type']).toContain('application/cap+xml');
      const text = await answer.text();
      const { valid, report } = await validateCap(text);
      expect(valid, report).toBe(true);
      return (xml.parse(text) as { alert: CapAlert }).alert;
    }),
  );
}

const reference = (alert: CapAlert) => `${alert.sender},${alert.identifier},${alert.sent}`;

/** Only this test's notice in GET /api/advisories: other files publish notices while the suite runs. */
const onlyNotice = (page: Page, advisoryId: string) =>
  page.route('**/api/advisories', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { advisories: { id: string }[] };
    await route.fulfill({
      response,
      json: { ...body, advisories: body.advisories.filter(({ id }) => id === advisoryId) },
    });
  });

test.beforeAll(async () => {
  await ensureAdmin();
  // A confirmed subscriber of Puerto Aysén (the subscription pages have their own spec).
  await query('DELETE FROM outage_subscriptions WHERE lower(email) = $1', [SUBSCRIBER]);
  await query(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ($1, ARRAY['puerto-aysen'], md5(random()::text), md5(random()::text), now())`,
    [SUBSCRIBER],
  );
});

test.afterAll(async () => {
  await query('DELETE FROM outage_subscriptions WHERE lower(email) = $1', [SUBSCRIBER]);
});

test('a boil-water notice reaches /avisos, the home band, a subscriber, CAP and GeoJSON; its lift ends it everywhere', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const sectors = uniqueName('Población Los Glaciares');
  const instructions = 'Hierva el agua al menos un minuto antes de beberla o de cocinar con ella.';
  await useSession(page);
  await page.goto('/admin/avisos/nuevo');
  await page.getByLabel('Tipo de aviso').selectOption({ label: 'Hervir el agua antes de consumirla' });
  await page.getByRole('group', { name: 'Localidades' }).getByLabel('Puerto Aysén').check();
  await page.getByLabel('Sectores').fill(sectors);
  await page.getByLabel('Desde').fill(hoursFromNow(-1));
  await page.getByLabel('Indicaciones para la población').fill(instructions);
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  const situation = page.getByRole('region', { name: 'Situación' });
  await situation.getByRole('button', { name: 'Publicar' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Vigente');
  const advisoryId = /\/admin\/avisos\/(\d+)$/.exec(page.url())![1]!;

  // /avisos, under Puerto Aysén, readable as the server sends it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/avisos');
  const card = visitor
    .getByRole('region', { name: 'Puerto Aysén' })
    .getByRole('article', { name: /Hervir el agua antes de consumirla/ })
    .filter({ hasText: sectors });
  await expect(card).toContainText(instructions);

  // The home page's band names it.
  await onlyNotice(visitor, advisoryId);
  await visitor.goto('/');
  const band = visitor.getByRole('complementary', { name: 'Avisos' });
  await expect(band).toContainText('Hervir el agua antes de consumirla en Puerto Aysén.');
  await expect(band.getByRole('link', { name: 'Ver el aviso' })).toHaveAttribute('href', `/avisos/${advisoryId}`);

  // The subscriber's mail.
  const [published] = await alertsUntil(request, advisoryId, 1);
  expect(published!.subject).toContain('Hervir el agua antes de consumirla');
  expect(published!.body).toContain(instructions);
  await outboxMailTo(published!.reference, SUBSCRIBER);

  // CAP: the index links the notice's Alert, schema-valid, a health alert over Puerto Aysén.
  const [alert] = await capMessages(request, advisoryId);
  expect(alert).toMatchObject({ msgType: 'Alert', info: { category: 'Health' } });
  expect(alert!.references).toBeUndefined();
  expect(alert!.info.area.areaDesc).toContain('Puerto Aysén');
  expect(alert!.sent).toMatch(/-03:00$/);

  // GeoJSON: the notice at Puerto Aysén's point, [lon, lat].
  const geojson = await request.get('/cortes.geojson');
  expect(geojson.headers()['content-type']).toContain('application/geo+json');
  const { features } = (await geojson.json()) as {
    features: { id: string; geometry: { type: string; coordinates: number[][] } }[];
  };
  const feature = features.find(({ id }) => id === `aviso-${advisoryId}`);
  expect(feature!.geometry).toEqual({ type: 'MultiPoint', coordinates: [[-72.6918, -45.403]] });

  // An update: one more mail, and a CAP Update referencing the Alert.
  const update = 'Las muestras de esta mañana siguen en análisis; mantenga el agua hervida.';
  await page.getByRole('textbox', { name: 'Actualización' }).fill(update);
  await page.getByRole('button', { name: 'Agregar actualización' }).click();
  await expect(page.getByRole('region', { name: 'Actualizaciones' }).getByRole('listitem')).toContainText(update);
  const [, updated] = await alertsUntil(request, advisoryId, 2);
  expect(updated!.body).toContain(update);
  const [latest] = await capMessages(request, advisoryId);
  expect(latest!.msgType).toBe('Update');
  expect(latest!.references).toBe(reference(alert!));

  // Lifted: the lift mail, a Cancel referencing both, and no band.
  const liftMessage = 'Las muestras salieron limpias: ya puede beber el agua de la llave sin hervirla.';
  await situation.getByRole('button', { name: 'Levantar', exact: true }).click();
  const lifting = page.getByRole('dialog', { name: '¿Levantar el aviso?' });
  await lifting.getByLabel('Mensaje de término').fill(liftMessage);
  await lifting.getByRole('button', { name: 'Levantar el aviso' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Levantado');
  const [, , lifted] = await alertsUntil(request, advisoryId, 3);
  expect(lifted!.body).toContain(liftMessage);
  const [cancel] = await capMessages(request, advisoryId);
  expect(cancel!.msgType).toBe('Cancel');
  expect(cancel!.references).toBe(`${reference(alert!)} ${reference(latest!)}`);
  // The notice is no longer in force: GET /api/advisories leaves it out, so the band goes.
  await visitor.goto('/');
  await expect(band).toBeHidden();
  expect(
    ((await (await request.get('/api/advisories')).json()) as { advisories: { id: string }[] }).advisories.map(
      ({ id }) => id,
    ),
  ).not.toContain(advisoryId);
});
