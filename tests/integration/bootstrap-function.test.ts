import { afterEach, describe, expect, it } from 'vitest';
import * as bootstrap from '../../netlify/functions/bootstrap.ts';
import login from '../../netlify/functions/login.ts';
import { auditRows, callFunction, read, useAdminEnvironment } from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useAdminEnvironment();
const db = () => environment.database.db;

const TOKEN = 'una-clave-de-arranque-de-al-menos-32-caracteres';
const first = {
  token: TOKEN,
  name: 'Primera Persona',
  email: 'Primera@Example.com',
  password: 'una-contraseña-larga',
  confirmPassword: 'una-contraseña-larga',
};

const status = async () => read(await callFunction(bootstrap, 'GET', '/api/bootstrap'));
const create = async (body: unknown) => read(await callFunction(bootstrap, 'POST', '/api/bootstrap', { body }));
const adminCount = async () => (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM admins'))[0]!.n;

afterEach(() => {
  delete process.env.ADMIN_BOOTSTRAP_TOKEN;
});

describe('before any administrator exists', () => {
  it('is disabled without ADMIN_BOOTSTRAP_TOKEN', async () => {
    expect(await status()).toEqual({ status: 200, body: { success: true, data: { status: 'disabled' } } });
    expect(await create(first)).toEqual({
      status: 403,
      body: expect.objectContaining({
        error:
          'La creación de la primera cuenta no está habilitada: defina la variable ADMIN_BOOTSTRAP_TOKEN en Netlify y vuelva a publicar el sitio.',
      }),
    });
    expect(await adminCount()).toBe(0);
  });

  it('refuses a token shorter than 32 characters, even typed right', async () => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = 'corta-de-31-caracteres-12345678';
    expect((await status()).body.data).toEqual({ status: 'misconfigured' });
    expect(await create({ ...first, token: 'corta-de-31-caracteres-12345678' })).toEqual({
      status: 503,
      body: expect.objectContaining({ error: 'La variable ADMIN_BOOTSTRAP_TOKEN debe tener al menos 32 caracteres.' }),
    });
    expect(await adminCount()).toBe(0);
  });

  it('is available with the token set, and refuses a wrong token on its field', async () => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = ` ${TOKEN}\n`;
    expect((await status()).body.data).toEqual({ status: 'available' });
    for (const token of [`${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase()]) {
      expect(await create({ ...first, token })).toEqual({
        status: 403,
        body: expect.objectContaining({
          error: 'La clave de arranque no es correcta.',
          errors: { token: 'La clave de arranque no es correcta.' },
        }),
      });
    }
    expect(await adminCount()).toBe(0);
  });

  it.each([
    ['no token', { token: '' }, { token: 'Ingrese la clave de arranque.' }],
    [
      'a short password',
      { password: 'corta', confirmPassword: 'corta' },
      { password: 'La contraseña debe tener al menos 10 caracteres.' },
    ],
    [
      'passwords that differ',
      { confirmPassword: 'otra-contraseña-larga' },
      { confirmPassword: 'Las contraseñas no coinciden.' },
    ],
    ['a bad e-mail', { email: 'primera' }, { email: 'Por favor ingrese un correo electrónico válido.' }],
    ['no name', { name: ' ' }, { name: 'Ingrese el nombre.' }],
  ])('answers 400 to %s', async (_case, change, errors) => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = TOKEN;
    const { status: code, body } = await create({ ...first, ...change });
    expect(code).toBe(400);
    expect(body.errors).toEqual(errors);
    expect(await adminCount()).toBe(0);
  });

  it('of two concurrent bootstraps creates exactly one administrator, who can sign in', async () => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = TOKEN;
    const second = { ...first, name: 'Segunda Persona', email: 'segunda@example.com' };
    const answers = await Promise.all([create(first), create(second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const created = answers.find((answer) => answer.status === 201)!.body.data.admin;
    const refused = answers.find((answer) => answer.status === 409)!.body;
    expect(refused.error).toBe(
      'El sitio ya tiene un administrador: inicie sesión. Otro administrador puede crearle una cuenta.',
    );
    expect(await adminCount()).toBe(1);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: created.email,
        action: 'create',
        entity: 'admin',
        entity_id: created.id,
        summary: `${created.email} (primer administrador, con ADMIN_BOOTSTRAP_TOKEN)`,
      },
    ]);
    const winner = created.email === 'primera@example.com' ? first : second;
    const signedIn = await login(
      postJson('/api/login', { email: winner.email, password: winner.password }),
      testContext().context,
    );
    expect(signedIn.status).toBe(200);
  });
});

describe('once an administrator exists', () => {
  it('says so and refuses, with the right token too', async () => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = TOKEN;
    expect((await status()).body.data).toEqual({ status: 'done' });
    expect(await create({ ...first, email: 'tercera@example.com' })).toEqual({
      status: 409,
      body: expect.objectContaining({
        error: 'El sitio ya tiene un administrador: inicie sesión. Otro administrador puede crearle una cuenta.',
      }),
    });
    expect(await adminCount()).toBe(1);
  });

  it('is disabled again once the operator removes the variable', async () => {
    expect((await status()).body.data).toEqual({ status: 'disabled' });
  });

  it('invites, with the same token, the first compliance user, whom no administrator may create and who chooses their own password', async () => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = TOKEN;
    const compliance = { token: TOKEN, name: 'Encargada', email: 'epd@example.com' };
    const invite = async (body: unknown) =>
      read(await callFunction(bootstrap, 'POST', '/api/bootstrap?rol=cumplimiento', { body }));
    const complianceStatus = async () =>
      (await read(await callFunction(bootstrap, 'GET', '/api/bootstrap?rol=cumplimiento'))).body.data;
    expect(await complianceStatus()).toEqual({ status: 'available' });
    expect(await invite({ ...compliance, token: `${TOKEN}x` })).toMatchObject({ status: 403 });

    // An invitation link, not an account: the person chooses the password there.
    const invited = await invite(compliance);
    expect(invited).toMatchObject({
      status: 201,
      body: { data: { invitation: { path: expect.stringMatching(/^\/admin\/invitacion#/) } } },
    });
    expect(await adminCount()).toBe(1);
    expect(await complianceStatus()).toEqual({ status: 'available' });

    // Once a compliance user exists, refused.
    await db().query(`UPDATE admins SET roles = ARRAY['administrador', 'cumplimiento']`);
    expect((await invite(compliance)).body.error).toBe(
      'El sitio ya tiene un encargado de cumplimiento: inicie sesión. Un miembro del equipo de cumplimiento puede darle acceso.',
    );
    expect(await complianceStatus()).toEqual({ status: 'done' });
    // The administrators' bootstrap stays closed: an administrator exists.
    expect((await status()).body.data).toEqual({ status: 'done' });
  });

  it('answers 405 to another method', async () => {
    const response = await callFunction(bootstrap, 'PUT', '/api/bootstrap', { body: first });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
  });
});
