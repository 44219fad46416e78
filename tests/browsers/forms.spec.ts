import { account } from '../e2e/helpers/simulator-payment.ts';
import { expect, test, type Visit } from './fixtures.ts';

// Each engine pays and looks up services of its own (tests/e2e use 3100xx), so runs side by side never meet.
const serviceOf = (visit: Visit, base: number) => String(base + (visit.session.engine === 'firefox' ? 1 : 2));

/** Waits until every island of the page has hydrated: before, a click reaches no handler. */
async function ready(visit: Visit): Promise<void> {
  await expect.poll(() => visit.hydrated()).toBe(true);
}

test('the contact form sends and shows its confirmation with the reference', async ({ visit }) => {
  await visit.open('/contacto');
  await ready(visit);
  await visit.fill('Nombre', 'Marta');
  await visit.fill('Apellido', 'Soto');
  await visit.fill('Correo electrónico', 'marta@example.com');
  await visit.fill('Mensaje', `Consulta desde ${visit.session.engine}.`);
  await visit.press('Enviar');
  await expect.poll(() => visit.text('[role="status"]'), { timeout: 15_000 }).toMatch(/Mensaje enviado\..*CON-/);
  // The form empties in the render after the confirmation's.
  await expect
    .poll(() => visit.session.evaluate(() => (document.querySelector('#name') as HTMLInputElement | null)?.value))
    .toBe('');
});

test('a rights request is sent from /privacidad/derechos, with its reference and due date', async ({ visit }) => {
  await visit.open('/privacidad/derechos');
  await ready(visit);
  await visit.session.click(await visit.field('Acceso'));
  await visit.fill('Nombre completo', 'Rosa Vera');
  await visit.fill('Correo electrónico', `rosa.${visit.session.engine}.${Date.now()}@example.com`);
  await visit.fill('Su solicitud', `Quiero una copia de mis datos (${visit.session.engine}).`);
  await visit.press('Enviar solicitud');
  await expect
    .poll(() => visit.text('[role="status"]'), { timeout: 15_000 })
    .toMatch(/Recibimos su solicitud con el número de referencia DER-.*Le responderemos a más tardar el/);
});

test('the two-step denuncia: step 1 opens step 2, which sends and lands on /compliance with the reference', async ({
  visit,
}) => {
  await visit.open('/denuncias');
  await ready(visit);
  await visit.session.click(await visit.field('Contratista'));
  await visit.session.click(await visit.field('Oficinas zonales'));
  await visit.session.select(await visit.field('Tipo de denuncia'), 'Apropiación indebida');
  await visit.press('Continuar');
  await expect.poll(() => visit.visible('#narrative, textarea')).toBe(true);
  await visit.fill('Relato de los hechos', `Prueba de humo en ${visit.session.engine}.`);
  await visit.press('Enviar');
  await expect.poll(() => visit.path(), { timeout: 20_000 }).toBe('/compliance');
  await expect
    .poll(() => visit.text('[role="status"]'), { timeout: 10_000 })
    .toMatch(/Su denuncia fue recibida\..*DEN-/);
});

test('/boleta shows the balance of a service', async ({ visit }) => {
  const service = serviceOf(visit, 320010);
  await account(service, 1234567);
  await visit.open('/boleta');
  await ready(visit);
  await visit.fill('Número de servicio', service);
  await visit.press('Consultar Saldo');
  await expect.poll(() => visit.text('.balance__result'), { timeout: 15_000 }).toContain('$1.234.567');
});

test('/pago through the Webpay simulator to the receipt', async ({ visit }) => {
  const service = serviceOf(visit, 320000);
  await account(service, 23450);
  await visit.open('/pago');
  await ready(visit);
  await visit.session.click(await visit.field('Tarjeta de débito'));
  await visit.fill('Número de servicio', service);
  await visit.fill('Correo electrónico', 'cliente@example.com');
  await visit.press('Pagar');
  await expect.poll(() => visit.text('h1'), { timeout: 15_000 }).toBe('Webpay (simulador)');
  await visit.press('Aprobar');
  await expect.poll(() => visit.path(), { timeout: 15_000 }).toMatch(/^\/tbk-final\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect.poll(() => visit.text('.receipt'), { timeout: 15_000 }).toContain('$23.450');
  expect(await visit.text('main')).toContain('Tu cuenta está pagada');
  // The receipt comes in the page's HTML; its one script shows the print button.
  await expect
    .poll(() => visit.session.evaluate(() => getComputedStyle(document.querySelector('.receipt__print')!).visibility))
    .toBe('visible');
});

test('/consumo: the plain form posts to the page, which comes back with the chart drawn by the server', async ({
  visit,
}) => {
  await visit.open('/consumo');
  await visit.fill('Número de servicio', '100001');
  await visit.fill('RUT del titular', '12.345.678-5');
  await visit.press('Ver mi consumo');
  await expect
    .poll(() => visit.text('#consumo-historial'), { timeout: 15_000 })
    .toMatch(/^Consumo del servicio 100001/);
  expect(await visit.visible('svg.consumption-chart')).toBe(true);
  expect(await visit.text('#consumo-por-que')).toBe('¿Por qué cambió mi boleta?');
});
