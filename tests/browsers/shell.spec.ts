import { ensureAdmin, nextTotpCode } from '../e2e/helpers/admin-session.ts';
import { expect, test, type Visit } from './fixtures.ts';

/** The banner slide on screen: the one slide not inert. */
const shownSlide = (visit: Visit) =>
  visit.session.evaluate(
    () => document.querySelector('.carousel--banner .carousel__slide:not([inert])')?.getAttribute('aria-label') ?? null,
  );

test('the home carousel moves on its own and with its arrow', async ({ visit, session }) => {
  await session.resize(1280, 900);
  await visit.open('/');
  // The home page opens its video's dialog once the first banner has painted, then the opening
  // hours' when that one closes: a visitor closes both.
  for (const dialog of ['#dialogo-video', '#dialogo-horario']) {
    await expect
      .poll(() => session.evaluate((dialog: string) => document.querySelector(dialog)!.hasAttribute('open'), dialog))
      .toBe(true);
    await session.click(`${dialog} [data-close]`);
  }
  // The carousel holds while the pointer is over it, and the dialogs' buttons were: a visitor's
  // pointer moves on (WebKit paused it in one CI run, some time after the dialog closed).
  await session.hover('.topbar');
  const first = await shownSlide(visit);
  expect(first).toMatch(/^\d de 9$/);
  // Every 3.5 s, with a 500 ms slide.
  await expect.poll(() => shownSlide(visit), { timeout: 8_000 }).not.toBe(first);
  const second = await shownSlide(visit);
  await session.click('.carousel--banner .carousel__next');
  await expect.poll(() => shownSlide(visit), { timeout: 3_000 }).not.toBe(second);
});

test('on a 390 px phone the menu opens and leads to its pages', async ({ visit, session }) => {
  await session.resize(390, 844);
  try {
    // Not the home page: its dialogs open over the menu.
    await visit.open('/boleta');
    expect(await session.evaluate(() => window.innerWidth)).toBe(390);
    const nav = 'nav[aria-label="Principal"]';
    expect(await visit.visible(`${nav} .menu`)).toBe(false);
    await session.click(`${nav} .menu-toggle > summary`);
    await expect.poll(() => visit.visible(`${nav} .menu`)).toBe(true);
    await visit.press('Contacto');
    await visit.press('Escríbanos');
    await expect.poll(() => visit.path()).toBe('/contacto');
    expect(await visit.text('h1')).toBe('Contacto');
  } finally {
    await session.resize(1280, 900);
  }
});

test('an administrator signs in with the password and the second factor', async ({ visit }) => {
  // An administrator of the engine's own: no other test signs in as it, so its next code is free.
  const admin = {
    name: `Humo ${visit.session.engine}`,
    email: `e2e-humo-${visit.session.engine}@example.com`,
    password: 'clave-de-la-prueba-de-humo',
  };
  await ensureAdmin(admin);
  const labelled = (label: string) =>
    visit.session.evaluate(
      (label: string) => [...document.querySelectorAll('label')].some((l) => l.textContent?.trim().startsWith(label)),
      label,
    );
  const signedIn = () =>
    visit.session.evaluate(
      (name: string) =>
        [...document.querySelectorAll('button')].some((button) =>
          button.textContent?.replace(/\s+/g, ' ').includes(`Perfil de ${name}`),
        ),
      admin.name,
    );
  await visit.open('/login');
  await expect.poll(() => visit.hydrated()).toBe(true);
  await visit.fill('Correo electrónico', admin.email);
  await visit.fill('Contraseña', admin.password);
  await visit.press('Ingresar');
  // The password is checked with scrypt at OWASP's cost: slow on a busy machine.
  await expect.poll(() => labelled('Código de verificación'), { timeout: 20_000 }).toBe(true);
  await visit.fill('Código de verificación', await nextTotpCode(admin.email));
  await visit.press('Verificar');
  await expect.poll(signedIn, { timeout: 20_000 }).toBe(true);
  await expect.poll(() => visit.text('main h1')).not.toBeNull();
});
