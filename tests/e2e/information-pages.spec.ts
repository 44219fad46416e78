import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import site from '../../content/site.json' with { type: 'json' };
import { shiftOfEveryFrame } from './helpers/paint-metrics.ts';
import { TOKEN_PAGES } from '../../src/shared/token-pages.ts';

// Spec §2: every public route that is not a form or the payment flow, with its page heading.
const pages: [string, RegExp][] = [
  ['/nosotros', /Nosotros/],
  ['/cortes', /Cortes/i],
  ['/oficinas', /Oficinas y Horarios/],
  ['/tarifas', /Tarifas/],
  ['/clientes', /clientes/i],
  ['/sostenibilidad', /Sostenibilidad/i],
  ['/comunicados', /Comunicados y Noticias/],
  ['/lugares-y-medios-de-pago', /pago/i],
  ['/areas-de-concesion', /concesión/i],
  ['/obras-y-proyectos', /Obras y proyectos/i],
  ['/venta-de-agua-y-servicios', /Venta de agua/i],
  ['/subsidios', /Subsidio/i],
  ['/formularios', /Formularios/i],
  ['/apr', /Rural|APR/i],
  ['/preguntas-frecuentes', /Preguntas frecuentes/i],
  ['/beneficios-covid-19', /Covid/i],
  ['/video', /Video/i],
  ['/puntodedescarga', /Punto de descarga/i],
  ['/patagones-todos', /Patagones Todos/i],
  ['/ley-covid-21423', /21\.423/],
  ['/educacion', /Educación/],
  ['/factibilidad', /Factibilidad/i],
  ['/obras', /Obras/],
  ['/horarios-fiestas-patrias', /Fiestas Patrias/i],
  ['/invierno', /invierno/i],
  ['/medidor', /medidor/i],
  ['/tuberias', /tuber/i],
  ['/compliance', /Compliance|cumplimiento/i],
  ['/marco-regulatorio', /Marco regulatorio/],
  ['/accesibilidad', /Declaración de accesibilidad/],
];

// One visit each, in one context (CI's time): a failing page is named in its message.
test('every information page answers 200 with its page heading, title and description', async ({ browser }) => {
  // Without JavaScript: /marco-regulatorio would otherwise leave for the regulator's site.
  test.slow(); // 30 pages
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [route, heading] of pages) {
    // What is checked is in the HTML: no need to wait for its images.
    const response = await page.goto(route, { waitUntil: 'domcontentloaded' });
    expect.soft(response?.status(), route).toBe(200);
    await expect.soft(page.getByRole('heading', { level: 1 }), route).toHaveText(heading);
    await expect.soft(page, route).toHaveTitle(/\| Aguas Patagonia de Aysén$/);
    expect.soft(await page.locator('meta[name="description"]').getAttribute('content'), route).toMatch(/.{40,}/);
  }
  await context.close();
});

test('the holiday hours table gives the September 2022 hours of spec §9', async ({ page }) => {
  await page.goto('/horarios-fiestas-patrias');
  const table = page.getByRole('table');
  await expect(table).toContainText('Coyhaique');
  await expect(table).toContainText('08:30');
  await expect(table).toContainText('14:15');
  await expect(table).toContainText('18:15');
});

test('the FAQ has 13 questions that open and close, and FAQPage structured data', async ({ page }) => {
  await page.goto('/preguntas-frecuentes');
  const questions = page.locator('main details');
  await expect(questions).toHaveCount(13);
  await questions.first().locator('summary').click();
  await expect(questions.first()).toHaveAttribute('open', '');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity).toHaveLength(13);
});

test('the home page carries Organization structured data and the site has a sitemap', async ({ page, request }) => {
  await page.goto('/');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({ '@type': 'Organization', name: site.name, email: site.contactEmail });
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const route of ['/nosotros', '/oficinas', '/contacto', '/preguntas-frecuentes'])
    expect(sitemap).toContain(`${route}</loc>`);
  expect(sitemap).not.toContain('/404');
  // Each fixed comunicado's page; the index names the sitemap of what staff publish, which lists the rest.
  expect(sitemap).toContain('/comunicados/compromiso</loc>');
  expect(await (await request.get('/sitemap-index.xml')).text()).toContain('/sitemap-publicaciones.xml</loc>');
  const published = await request.get('/sitemap-publicaciones.xml');
  expect(published.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await published.text()).toMatch(/\/comunicados\/comunicado-\d+<\/loc>/);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  // The pages a mailed link opens are one person's step: out of the sitemap and of search results.
  for (const route of TOKEN_PAGES) {
    expect(sitemap, route).not.toContain(`${route}</loc>`);
    expect(await (await request.get(route)).text(), route).toContain('<meta name="robots" content="noindex">');
  }
  expect(await (await request.get('/contacto')).text()).not.toContain('name="robots"');
});

test('a shared link shows the page’s own title and address and a picture of the size the networks show whole', async ({
  page,
}) => {
  await page.goto('/tarifas');
  const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
  const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
  expect(await meta('og:url')).toBe(canonical);
  expect(new URL(canonical).pathname).toBe('/tarifas');
  expect(await meta('og:title')).toBe(await page.title());
  const image = new URL((await meta('og:image'))!);
  // Absolute, at the site's address, as the networks' crawlers need it.
  expect(image.origin).toBe(new URL(canonical).origin);
  const picture = await page.request.get(image.pathname);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  expect([await meta('og:image:width'), await meta('og:image:height')]).toEqual(['1200', '630']);
  expect(await sharp(await picture.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
  expect(await meta('og:image:alt')).toBeTruthy();
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
});

test('/marco-regulatorio opens the regulator in a new tab and returns the visitor to where they were', async ({
  page,
}) => {
  await page
    .context()
    .route(`${site.links.regulator}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>SISS</title>' }),
    );
  await page.goto('/contacto');
  const menu = page.getByRole('navigation', { name: 'Principal' });
  await menu.getByText('Empresa', { exact: true }).click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    menu.getByRole('link', { name: 'Marco regulatorio' }).click(),
  ]);
  expect(popup.url()).toBe(site.links.regulator);
  await expect(page).toHaveURL(/\/contacto$/);
});

test('the compliance page links to the denuncias form and offers the 8 policy documents', async ({ page }) => {
  await page.goto('/compliance');
  await expect(page.locator('main a[href="/denuncias"]').first()).toBeVisible();
  await expect(page.locator('main a[href^="/documentos/compliance/"]')).toHaveCount(8);
  await expect(page.locator(`main a[href="mailto:${site.mailboxes.compliance}"]`).first()).toBeVisible();
});

test('the footer leads to the accessibility statement, which says how to report a problem', async ({ page }) => {
  await page.goto('/contacto');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Declaración de accesibilidad' }).click();
  await expect(page).toHaveURL(/\/accesibilidad$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaración de accesibilidad');
  const main = page.getByRole('main');
  await expect(main).toContainText('WCAG 2.2 nivel AA');
  await expect(main).toContainText('revisada por última vez el 22 de noviembre de 2026');
  await expect(main.getByRole('link', { name: site.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${site.contactEmail}`,
  );
  await expect(main.getByRole('link', { name: site.customerPhone })).toBeVisible();
  await expect(main.getByRole('link', { name: 'formulario de contacto' })).toHaveAttribute('href', '/contacto');
});

// An MDX page carries one stylesheet, the site's, with its components' styles in it (they came
// as four more files, which held back the first paint), written into the page: no file to wait for.
test('the MDX pages carry one stylesheet, which styles their components, and load none', async ({ page }) => {
  for (const [route, component] of [
    ['/clientes', '.link-box'],
    ['/compliance', '.download-link'],
    ['/tarifas', '.pdf-embed__frame'],
    ['/ley-covid-21423', '.accordion-item'],
  ] as const) {
    await page.goto(route);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    const sheetsWithIt = await page
      .locator('style')
      .evaluateAll(
        (styles, selector) => styles.filter((style) => style.textContent!.includes(selector)).length,
        component,
      );
    expect(sheetsWithIt).toBe(1);
    expect(
      await page
        .locator(component!)
        .first()
        .evaluate((element) => getComputedStyle(element).borderTopStyle),
    ).toBe('solid');
  }
});

// Lighthouse counted Chromium's PDF viewer adding its toolbar above the document it had
// painted (CLS 0.034 on /apr, 0.011 on /tarifas), a shift in the embedded frame, which only the
// trace sees: PdfEmbed opens the viewer without it.
for (const route of ['/apr', '/tarifas']) {
  test(`${route} does not move while its PDF loads, in the embedded viewer either (412 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const shift = await shiftOfEveryFrame(page, route);
    // The PDF was in view and loaded: its viewer's shifts, had there been any, were measured.
    expect(page.frames().some((frame) => new URL(frame.url()).pathname.endsWith('.pdf'))).toBe(true);
    expect(shift).toBeLessThan(0.01);
  });
}
