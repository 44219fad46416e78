import { expect, test, type Page } from '@playwright/test';
import navigation from '../../content/navigation.json' with { type: 'json' };
import site from '../../content/site.json' with { type: 'json' };

test('an unknown path answers 404 with the home page and a notice', async ({ page }) => {
  const response = await page.goto('/esta/pagina/no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('status')).toHaveText(/Página no encontrada/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Agua potable y saneamiento para la Región de Aysén',
  );
});

test('every page carries the site header and footer with the customer phone and e-mail', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const region of [page.getByRole('banner'), page.getByRole('contentinfo')]) {
    await expect(region.getByRole('link', { name: site.customerPhone })).toHaveAttribute(
      'href',
      `tel:${site.customerPhone.replace(/\s/g, '')}`,
    );
    await expect(region.getByRole('link', { name: site.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${site.contactEmail}`,
    );
  }
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/contacto');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido principal' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

const phone = { width: 390, height: 844 };
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

// Menú is the next stop after the logo; it and each group open with the keyboard.
const openMenuWithKeyboard = async (page: Page) => {
  const toggle = mainMenu(page).getByText('Menú', { exact: true });
  await page.getByRole('banner').getByRole('link', { name: site.shortName }).focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  for (const group of navigation) {
    await expect(mainMenu(page).getByText(group.label, { exact: true })).toBeVisible();
  }
  for (const group of navigation) {
    await mainMenu(page).getByText(group.label, { exact: true }).focus();
    await page.keyboard.press('Enter');
    for (const item of group.items) {
      await expect(mainMenu(page).getByRole('link', { name: item.label, exact: true })).toBeVisible();
    }
  }
};

test.describe('on a phone', () => {
  test.use({ viewport: phone });

  test('the header is one short row: the content starts within 150 px of the top', async ({ page }) => {
    await page.goto('/contacto');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.customerPhone })).toBeVisible();
    await expect(header.getByRole('link', { name: site.contactEmail })).toBeVisible();
    await expect(header.getByRole('link', { name: site.shortName })).toBeVisible();
    await expect(mainMenu(page).getByText('Empresa', { exact: true })).toBeHidden();
    expect((await page.locator('main').boundingBox())!.y).toBeLessThan(150);
  });

  test('the five menus fold into one Menú that opens with the keyboard', async ({ page }) => {
    await page.goto('/contacto');
    await openMenuWithKeyboard(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('Menú opens with the keyboard and shows every group and link', async ({ page }) => {
      await page.goto('/');
      await openMenuWithKeyboard(page);
    });

    test('Menú leads to the contact page', async ({ page }) => {
      await page.goto('/');
      await mainMenu(page).getByText('Menú', { exact: true }).click();
      await mainMenu(page).getByText('Contacto', { exact: true }).click();
      await mainMenu(page).getByRole('link', { name: 'Escríbanos' }).click();
      await expect(page).toHaveURL(/\/contacto$/);
    });
  });
});

test('on a desktop the five menus stand in one row beside the logo, without Menú', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contacto');
  await expect(mainMenu(page).getByText('Menú', { exact: true })).toBeHidden();
  const brand = await page.getByRole('banner').getByRole('link', { name: site.shortName }).boundingBox();
  for (const group of navigation) {
    const summary = mainMenu(page).getByText(group.label, { exact: true });
    await expect(summary).toBeVisible();
    const box = (await summary.boundingBox())!;
    expect(Math.abs(box.y + box.height / 2 - (brand!.y + brand!.height / 2))).toBeLessThan(10);
  }
  await mainMenu(page).getByText('Clientes', { exact: true }).click();
  await expect(mainMenu(page).getByRole('link', { name: 'Mi boleta' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Nosotros', exact: true })).toBeHidden();
});

test.describe('security headers from netlify.toml', () => {
  for (const path of ['/', '/contacto', '/no-existe']) {
    test(`are sent with ${path}`, async ({ request }) => {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      // Inline code runs only by the hashes the header names (docs/security.md, "Content-Security-Policy").
      expect(headers['content-security-policy']).not.toContain("'unsafe-inline'");
      expect(headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      // FLoC is gone from browsers; naming it only earns a console warning.
      expect(headers['permissions-policy']).not.toContain('interest-cohort');
    });
  }
});

test('the API holds 50 concurrent requests with 50 correct answers', async ({ request }) => {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      request.post('/api/contacto', {
        data: { name: `Carga ${i}`, surname: 'Concurrente', email: `carga${i}@example.com`, reqs: `Mensaje ${i}` },
      }),
    ),
  );
  const bodies = await Promise.all(answers.map((answer) => answer.json()));
  expect(answers.map((answer) => answer.status())).toEqual(Array(50).fill(200));
  expect(bodies.every((body) => body.success === true)).toBe(true);
  expect(new Set(bodies.map((body) => body.data.reference)).size).toBe(50);
});

test('the brand draws its drop in the page, 40 px and hidden from readers, and names it as the icon: no request for either', async ({
  page,
}) => {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  await page.goto('/contacto', { waitUntil: 'domcontentloaded' });
  const drop = page.getByRole('banner').getByRole('link', { name: site.shortName }).locator('svg');
  await expect(drop).toHaveAttribute('aria-hidden', 'true');
  expect(await drop.boundingBox()).toMatchObject({ width: 40, height: 40 });
  expect(images.filter((path) => path === '/favicon.svg')).toEqual([]);
  // The tab's icon is the same drop, in the icon link's address.
  const icon = (await page.locator('link[rel="icon"]').getAttribute('href'))!;
  expect(icon).toMatch(/^data:image\/svg\+xml,/);
  const favicon = await page.request.get('/favicon.svg');
  expect(decodeURIComponent(icon.slice('data:image/svg+xml,'.length))).toBe((await favicon.text()).trim());
});

test('a phone finds the home-screen icon and the manifest in every page’s head, and a reporter the security contact', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/contacto', { waitUntil: 'load' });
  const touchIcon = (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!;
  // The manifest is linked seconds after the load (OfflineRegistration.astro): in the HTML,
  // Chromium fetched it and its icon beside the page's first paint.
  expect(await (await page.request.get('/contacto')).text()).not.toContain('rel="manifest"');
  expect(fetched.filter((path) => path === touchIcon || path.endsWith('.webmanifest'))).toEqual([]);
  const manifestLink = page.locator('link[rel="manifest"]');
  await expect(manifestLink).toHaveCount(1, { timeout: 10_000 });
  const manifestPath = (await manifestLink.getAttribute('href'))!;
  const icon = await page.request.get(touchIcon);
  expect(icon.headers()['content-type']).toBe('image/png');
  const manifest = await page.request.get(manifestPath);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const { icons } = (await manifest.json()) as { icons: { src: string }[] };
  for (const { src } of icons) expect((await page.request.get(src)).status(), src).toBe(200);
  const security = await page.request.get('/.well-known/security.txt');
  expect(security.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await security.text()).toContain(`Contact: mailto:${site.mailboxes.security}`);
});
