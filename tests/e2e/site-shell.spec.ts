import { expect, test } from '@playwright/test';
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

test('the menu opens without JavaScript and leads to the contact page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Principal' }).getByText('Contacto', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Escríbanos' }).click();
  await expect(page).toHaveURL(/\/contacto$/);
  await context.close();
});

test.describe('security headers from netlify.toml', () => {
  for (const path of ['/', '/contacto', '/no-existe']) {
    test(`are sent with ${path}`, async ({ request }) => {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
    });
  }
});

test('the pages run under the CSP: no violation is reported', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/contacto', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await page.goto('/');
  expect(violations).toEqual([]);
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
