import { expect, test } from '@playwright/test';
import { query } from './helpers/database.ts';
import { outboxMailTo, outboxMails } from './helpers/outbox.ts';
import { islandScriptsAroundFirstPaint, shiftAndLargestPaint } from './helpers/paint-metrics.ts';
import { expectAccessible } from './helpers/site-shell-axe.ts';

/** E-mail alerts of cortes: subscribe, confirm by the mailed link, one mail per notice, leave. */

const EMAIL = 'vecina.coyhaique@example.com';

/** A mail's text as written: quoted-printable soft breaks joined and escapes decoded. */
const decoded = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const linkIn = (eml: string, path: string) =>
  new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_-]{43})`).exec(decoded(eml))![1]!;

/** The outages this worker published, closed once its tests of this file are done. */
const published: string[] = [];

/** A published outage in Coyhaique with a notice; answers the notice's id. */
async function notice(kind: 'published' | 'update', outageId?: string) {
  const [outage] = outageId
    ? [{ id: outageId }]
    : await query<{ id: string }>(
        `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
         VALUES ('programado', 'coyhaique', 'Población Vista Hermosa', now() + interval '3 days',
           now() + interval '3 days 6 hours', 'publicado', now()) RETURNING id::text AS id`,
      );
  const [update] =
    kind === 'update'
      ? await query<{ id: string }>(`INSERT INTO outage_updates (outage_id, body) VALUES ($1, $2) RETURNING id`, [
          outage!.id,
          'Los trabajos terminarán una hora antes.',
        ])
      : [];
  published.push(outage!.id);
  const [row] = await query<{ id: string }>(
    `INSERT INTO outage_notices (outage_id, kind, update_id) VALUES ($1, $2, $3) RETURNING id::text AS id`,
    [outage!.id, kind, update?.id ?? null],
  );
  return { outageId: outage!.id, noticeId: row!.id };
}

// The e2e database outlives the run: outages left current would show on every later run's pages.
// Only this worker's: each worker runs afterAll when its share of the file is done.
test.afterAll(async () => {
  await query(`UPDATE outages SET status = 'restablecido', closed_at = now() WHERE id = ANY($1::bigint[])`, [
    published,
  ]);
});

test('a visitor subscribes to Coyhaique, confirms by the mailed link, gets one mail per notice and leaves', async ({
  page,
}, testInfo) => {
  // Only this spec's subscriber: other specs' run beside it (outage-journey.spec.ts has its own).
  // Here, not before each test of the file: another of them starting on the other worker deleted
  // it in the middle of this journey (its unsubscribe link then found nothing).
  await query(`DELETE FROM outage_subscriptions WHERE lower(email) = $1`, [EMAIL]);
  await page.goto('/cortes');
  await page.getByRole('link', { name: 'suscríbase a los avisos de cortes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos de cortes por correo o teléfono');

  // E-mail is the default; without a town, the error summary names the field.
  await expect(page.getByRole('radio', { name: 'Correo electrónico' })).toBeChecked();
  await expect(page.getByRole('main').getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
    'href',
    '/privacidad#avisos-de-cortes-por-correo',
  );
  await page.getByRole('textbox', { name: 'Dirección de correo electrónico' }).fill(EMAIL);
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByRole('alert').getByRole('link')).toHaveText('Localidades: Seleccione al menos una localidad.');

  await page.getByRole('checkbox', { name: 'Coyhaique' }).check();
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le enviamos un correo' })).toBeVisible();
  await expectAccessible(page, 'alertas', testInfo);

  const [subscription] = await query<{ reference: string }>(
    `SELECT reference FROM outbox WHERE recipient = $1 AND reference LIKE 'ALE-%' ORDER BY id DESC LIMIT 1`,
    [EMAIL],
  );
  const [confirmation] = await outboxMails(subscription!.reference, 1);
  expect(decoded(confirmation!)).toContain(
    'avisos sanitarios y de servicio (hervir el agua, restricciones de uso y otros) de Coyhaique',
  );

  // Opening the link confirms nothing: the button does.
  await page.goto(linkIn(confirmation!, '/cortes/alertas/confirmar'));
  expect(await query(`SELECT confirmed_at FROM outage_subscriptions WHERE email = $1`, [EMAIL])).toEqual([
    { confirmed_at: null },
  ]);
  await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(page.getByRole('status')).toContainText('Su suscripción quedó confirmada');
  await expect(page.getByRole('status').getByRole('listitem')).toHaveText(['Coyhaique']);
  await expectAccessible(page, 'alertas-confirmar', testInfo);

  const published = await notice('published');
  const update = await notice('update', published.outageId);
  // Run as Netlify's scheduler does, until both are queued: a run takes at most 20 notices, oldest
  // first, and other files' outages and notices wait in the same queue.
  const references = [`COR-${published.noticeId}`, `COR-${update.noticeId}`];
  await expect
    .poll(async () => {
      expect((await page.request.post('/.netlify/functions/outage-alerts')).status()).toBe(200);
      const [queued] = await query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox WHERE recipient = $1 AND reference = ANY($2)',
        [EMAIL, references],
      );
      return queued!.n;
    })
    .toBe(2);
  const publishedMail = await outboxMailTo(`COR-${published.noticeId}`, EMAIL);
  const updateMail = await outboxMailTo(`COR-${update.noticeId}`, EMAIL);
  expect(decoded(publishedMail)).toContain('Sectores afectados: Población Vista Hermosa');
  expect(decoded(updateMail)).toContain('Los trabajos terminarán una hora antes.');
  // A second run mails nobody again.
  await page.request.post('/.netlify/functions/outage-alerts');
  expect(
    await query(`SELECT count(*)::int AS count FROM outbox WHERE reference IN ($1, $2) AND recipient = $3`, [
      `COR-${published.noticeId}`,
      `COR-${update.noticeId}`,
      EMAIL,
    ]),
  ).toEqual([{ count: 2 }]);

  await page.goto(linkIn(updateMail, '/cortes/alertas/baja'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anular avisos de cortes');
  await page.getByRole('button', { name: 'Anular suscripción' }).click();
  await expect(page.getByRole('status')).toContainText('Su suscripción quedó anulada');
  expect(await query(`SELECT 1 FROM outage_subscriptions WHERE email = $1`, [EMAIL])).toEqual([]);
  await expectAccessible(page, 'alertas-baja', testInfo);
});

// The towns are in the page's HTML (the function outages-page), so the page neither asks
// for them nor moves when the island takes their place (it moved by 0.015 below "Cargando localidades…").
test('the towns are in the page: listed without JavaScript, and nothing moves as the island takes over', async ({
  page,
  browser,
}) => {
  const towns = await query<{ slug: string }>('SELECT slug FROM outage_towns');
  const apiCalls: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/cortes/alertas', { waitUntil: 'load' });
  const { shift } = await shiftAndLargestPaint(page, 2_000);
  expect(shift).toBeLessThan(0.001);
  await expect(page.getByRole('group', { name: 'Localidades' }).getByRole('checkbox')).toHaveCount(towns.length);
  await expect(page.getByRole('checkbox', { name: 'Coyhaique' })).toBeEnabled();
  expect(apiCalls).toEqual([]);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const withoutScripts = await context.newPage();
  await withoutScripts.goto('/cortes/alertas');
  // They can be ticked before the script comes (forms-before-scripts.spec.ts); sending waits for it.
  await expect(withoutScripts.getByRole('checkbox', { name: 'Puerto Aysén' })).toBeEnabled();
  await expect(withoutScripts.getByRole('button', { name: 'Suscribirme' })).toBeDisabled();
  await context.close();
});

test('a mailed link opened without its code says so where the button stands, and nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (const action of ['confirmar', 'baja']) {
    await page.goto(`/cortes/alertas/${action}`, { waitUntil: 'load' });
    const { shift } = await shiftAndLargestPaint(page, 1_500);
    await expect(page.getByRole('alert')).toHaveText(
      'Falta el código del enlace. Ábralo desde el correo que le enviamos.',
    );
    await expect(page.getByRole('button', { name: /suscripción/ })).toBeHidden();
    expect(shift).toBeLessThan(0.001);
  }
});

// Lighthouse counts in its simulated largest paint every request that ended before the paint it
// observed: on a busy machine React and the island's chunks had, and /cortes/alertas and its link
// pages measured 1.7 s on the default profile (client:painted, src/integrations/hydrate-after-paint.ts).
test('the islands of the alert pages fetch their scripts after the first paint', async ({ page }) => {
  for (const path of ['/cortes/alertas', '/cortes/alertas/confirmar', '/cortes/alertas/baja']) {
    await page.goto(path, { waitUntil: 'load' });
    // Once React has been fetched, the island's scripts have been asked for.
    const fetched = async () => Object.values(await islandScriptsAroundFirstPaint(page)).flat();
    await expect.poll(async () => (await fetched()).some((file) => file.includes('/react.'))).toBe(true);
    expect((await islandScriptsAroundFirstPaint(page)).before, path).toEqual([]);
  }
});
