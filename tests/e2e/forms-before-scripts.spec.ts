import { expect, test, type Page } from '@playwright/test';

/**
 * On a rural line a form page's scripts come seconds after its HTML, and the visitor
 * starts typing meanwhile. Every page whose purpose is a form has its fields in the HTML, enabled,
 * and keeps what was typed, chosen or ticked there once its island hydrates (a controlled React
 * field would otherwise show, and send, its own empty state).
 */

/** What the visitor does on the bare HTML, by the control's accessible name. */
type Early =
  | { fill: string; value: string }
  | { check: string; role?: 'radio' | 'checkbox'; group?: string }
  | { select: string; option: string };

interface FormPage {
  route: string;
  early: Early[];
  /** The button that sends (or, on /denuncias, moves on). */
  button: string;
  /**
   * What pressing it shows once hydrated: 'sent', a POST to the API carrying every value typed;
   * 'summary', the error summary of the fields left empty, none of the typed ones; or a heading
   * (a next step).
   */
  then: 'sent' | 'summary' | { heading: string };
}

const pages: FormPage[] = [
  {
    route: '/contacto',
    early: [
      { fill: 'Nombre', value: 'Temprana' },
      { fill: 'Apellido', value: 'Soto' },
    ],
    button: 'Enviar',
    then: 'summary',
  },
  {
    route: '/reclamos',
    early: [
      { fill: 'Nombre', value: 'Temprana' },
      { fill: 'Apellido', value: 'Soto' },
    ],
    button: 'Enviar',
    // Spec §5: the complaint form sends unchecked.
    then: 'sent',
  },
  {
    route: '/trabaje-con-nosotros',
    early: [
      { fill: 'Nombre', value: 'Temprana Soto' },
      { fill: 'Email', value: 'temprana@example.com' },
    ],
    button: 'Enviar',
    then: 'summary',
  },
  {
    route: '/motorhome',
    early: [
      { fill: 'Nombre', value: 'Temprana' },
      { fill: 'Apellido', value: 'Soto' },
      { select: 'Nacionalidad', option: 'Argentina' },
    ],
    button: 'Enviar',
    then: 'summary',
  },
  {
    route: '/denuncias',
    early: [
      { check: 'Cliente' },
      { check: 'Plantas' },
      { select: 'Tipo de denuncia', option: 'Infracción al Código de Ética' },
    ],
    button: 'Continuar',
    then: { heading: 'Detalle de la denuncia' },
  },
  {
    route: '/denuncias/seguimiento',
    early: [{ fill: 'Código de recibo', value: '1234 5678 9012 3456' }],
    button: 'Consultar',
    then: 'sent',
  },
  {
    route: '/seguimiento',
    early: [
      { fill: 'Número de referencia', value: 'REC-AAAAAAAA' },
      { fill: 'Correo electrónico', value: 'temprana@example.com' },
    ],
    button: 'Consultar',
    then: 'sent',
  },
  {
    route: '/boleta',
    early: [{ fill: 'Número de servicio', value: '310001' }],
    button: 'Consultar Saldo',
    then: 'sent',
  },
  {
    route: '/pago',
    early: [
      { check: 'Tarjeta de débito, crédito o prepago (Webpay)' },
      { fill: 'Número de servicio', value: '310001' },
      { fill: 'Correo electrónico (opcional)', value: 'temprana@example.com' },
    ],
    button: 'Pagar',
    then: 'sent',
  },
  {
    route: '/cortes',
    early: [{ fill: 'Número de servicio', value: '310001' }],
    button: 'Consultar',
    then: 'sent',
  },
  {
    route: '/cortes/alertas',
    early: [
      // Two boxes of one group: the draft keeps both, not the last.
      { check: 'Coyhaique', role: 'checkbox', group: 'Localidades' },
      { check: 'Puerto Aysén', role: 'checkbox', group: 'Localidades' },
    ],
    button: 'Suscribirme',
    then: 'summary',
  },
  {
    route: '/privacidad/derechos',
    early: [{ check: 'Acceso' }, { fill: 'Nombre completo', value: 'Temprana Soto' }],
    button: 'Enviar solicitud',
    then: 'summary',
  },
  {
    route: '/login',
    early: [
      { fill: 'Correo electrónico', value: 'temprana@example.com' },
      { fill: 'Contraseña', value: 'clave-temprana-1' },
    ],
    button: 'Ingresar',
    then: 'sent',
  },
];

const control = (page: Page, early: Early) =>
  'fill' in early
    ? page.getByLabel(early.fill, { exact: true })
    : 'check' in early
      ? page.getByRole(early.role ?? 'radio', { name: early.check, exact: true })
      : page.getByLabel(early.select, { exact: true });

/** What the visitor sees and the form holds after `early`. */
async function expectKept(page: Page, early: Early) {
  if ('fill' in early) await expect(control(page, early)).toHaveValue(early.value);
  else if ('check' in early) await expect(control(page, early)).toBeChecked();
  else await expect(control(page, early).locator('option:checked')).toHaveText(early.option);
}

for (const form of pages) {
  test(`${form.route}: what is typed before its scripts arrive is kept once they run, and sent`, async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holds = 0;
    // Every script of the site, the islands' and the page's own, as on a line where they come
    // seconds after the HTML.
    await page.route(/\/_astro\/[^/]+\.js(\?.*)?$/, async (route) => {
      holds += 1;
      await held;
      await route.continue();
    });
    // The form's submission, answered here: no case, payment or sign-in is made.
    const sent: string[] = [];
    await page.route(/\/api\//, (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      sent.push(request.postData() ?? '');
      return route.fulfill({ status: 503, json: { success: false, message: 'Servicio no disponible.' } });
    });

    await page.goto(form.route, { waitUntil: 'commit' });
    for (const early of form.early) {
      const field = control(page, early);
      // Typeable from the HTML: Playwright waits for an enabled, editable control; a short
      // limit, as the scripts it could wait for are held.
      if ('fill' in early) await field.fill(early.value, { timeout: 5_000 });
      else if ('check' in early) await field.check({ timeout: 5_000 });
      else await field.selectOption({ label: early.option }, { timeout: 5_000 });
    }
    // The islands ask for their scripts once the page has painted (client:painted), which may come
    // after the typing: held from then on, as the next line checks.
    await expect.poll(() => holds, { message: 'the scripts were held while typing' }).toBeGreaterThan(0);
    await expect(page.locator('astro-island[ssr]').first()).toBeAttached();

    release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: form.button, exact: true })).toBeEnabled();
    for (const early of form.early) await expectKept(page, early);

    await page.getByRole('button', { name: form.button, exact: true }).click();
    if (form.then === 'sent') {
      await expect.poll(() => sent.length).toBe(1);
      for (const early of form.early) {
        if ('fill' in early) expect(sent[0]).toContain(early.value);
      }
    } else if (form.then === 'summary') {
      const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
      await expect(summary).toBeFocused();
      const named = await summary.getByRole('link').allTextContents();
      for (const early of form.early) {
        const label = 'fill' in early ? early.fill : 'check' in early ? early.group : early.select;
        if (label) expect(named.filter((line) => line.startsWith(`${label}:`))).toEqual([]);
      }
      expect(sent).toEqual([]);
    } else {
      await expect(page.getByRole('heading', { name: form.then.heading })).toBeVisible();
      return;
    }
    for (const early of form.early) await expectKept(page, early);
  });
}

// A module graph runs whole in the task its last module arrives in: React's and the island's
// together were one long task (/cortes: 112 ms on Lighthouse's phone CPU). client:painted runs the
// renderer's first (src/integrations/painted-directive.ts), then asks for the island's own.
test("an island's own module is asked for once its renderer's has arrived and run", async ({ page }) => {
  await page.goto('/contacto');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const { renderer, component } = await page.evaluate(() => {
    const island = document.querySelector('astro-island')!;
    const timing = (attribute: string) =>
      performance.getEntriesByName(new URL(island.getAttribute(attribute)!, location.href).href)[0] as
        PerformanceResourceTiming | undefined;
    const [renderer, component] = [timing('renderer-url'), timing('component-url')];
    return { renderer: renderer?.responseEnd, component: component?.startTime };
  });
  expect(renderer).toBeGreaterThan(0);
  expect(component).toBeGreaterThanOrEqual(renderer!);
});
