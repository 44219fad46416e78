import { beforeEach, describe, expect, it } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as admins from '../../netlify/functions/admins.ts';
import {
  adminAnswer,
  auditRows,
  callFunction,
  read,
  signedInAdmin,
  signInFully,
  useAdminEnvironment,
} from '../helpers/admin.ts';

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let ana: Awaited<ReturnType<typeof signedInAdmin>>;

beforeEach(async () => {
  await db().query('DELETE FROM audit_log');
  await db().query('DELETE FROM admins');
  ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
});

const call = (method: string, path: string, body?: unknown, token = ana.token) =>
  callFunction(adminAccount, method, path, { token, body });
const signIn = (email: string, password: string) => signInFully(db(), { email, password });

describe('GET /api/admin/account', () => {
  it("answers the signed-in admin's profile", async () => {
    expect(await read(await call('GET', '/api/admin/account'))).toEqual(
      adminAnswer({ id: ana.id, name: 'Ana Admin', email: 'ana@example.com', avatar: null, roles: ['administrador'] }),
    );
  });
});

describe('PUT /api/admin/account', () => {
  it('changes name, e-mail and avatar, keeps the session, and logs it', async () => {
    const { body } = await read(
      await call('PUT', '/api/admin/account', {
        name: 'Ana María',
        email: 'Ana.Maria@example.com',
        avatar: '/api/files/0b7c2c4e-5f2a-4c8e-9d1a-2b3c4d5e6f70/ana.png',
        ownPassword: ana.password,
      }),
    );
    expect(body.data.admin).toEqual({
      id: ana.id,
      name: 'Ana María',
      email: 'ana.maria@example.com',
      avatar: '/api/files/0b7c2c4e-5f2a-4c8e-9d1a-2b3c4d5e6f70/ana.png',
      roles: ['administrador'],
    });
    expect((await call('GET', '/api/admin/account')).status).toBe(200);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'update',
        entity: 'admin',
        entity_id: ana.id,
        summary: 'ana.maria@example.com',
      },
    ]);
  });

  it('a new e-mail asks the current password: a stolen token alone cannot move the account', async () => {
    const { status, body } = await read(
      await call('PUT', '/api/admin/account', { name: 'Ana', email: 'atacante@example.com', avatar: '' }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      ownPassword: 'Ingrese su contraseña actual para confirmar este cambio.',
    });
    expect(await auditRows(db())).toEqual([]);
  });

  it("refuses another admin's e-mail with 409", async () => {
    await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com');
    const message = 'Ya existe un administrador con ese correo electrónico.';
    expect(
      await read(
        await call('PUT', '/api/admin/account', {
          name: 'Ana',
          email: 'BERTA@example.com',
          avatar: '',
          ownPassword: ana.password,
        }),
      ),
    ).toEqual({ status: 409, body: { success: false, error: message, message, errors: { email: message } } });
    expect(await auditRows(db())).toEqual([]);
  });

  it('answers 400 with the field messages', async () => {
    const { status, body } = await read(
      await call('PUT', '/api/admin/account', { name: '', email: 'no-es-correo', avatar: 'ftp://x' }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      name: 'Ingrese el nombre.',
      email: 'Por favor ingrese un correo electrónico válido.',
      avatar: 'Suba una imagen o ingrese una dirección de este sitio que empiece con /.',
    });
  });
});

describe('POST /api/admin/account/password', () => {
  const change = (body: unknown, token = ana.token) => call('POST', '/api/admin/account/password', body, token);
  const valid = {
    currentPassword: 'contraseña-de-prueba',
    newPassword: 'mi-nueva-contraseña',
    confirmPassword: 'mi-nueva-contraseña',
  };

  it('changes the password, ends the other sessions and answers a fresh token for this one', async () => {
    const other = (await signIn('ana@example.com', 'contraseña-de-prueba')).body.data.accessToken;
    const { status, body } = await read(await change(valid));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { accessToken: expect.any(String) } });
    expect((await call('GET', '/api/admin/account', undefined, body.data.accessToken)).status).toBe(200);
    expect((await call('GET', '/api/admin/account', undefined, other)).status).toBe(401);
    expect((await call('GET', '/api/admin/account')).status).toBe(401);
    expect((await signIn('ana@example.com', 'contraseña-de-prueba')).status).toBe(401);
    expect((await signIn('ana@example.com', 'mi-nueva-contraseña')).status).toBe(200);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'password',
        entity: 'admin',
        entity_id: ana.id,
        summary: 'ana@example.com',
      },
    ]);
  });

  it('answers 400 with errors.currentPassword when the current password is wrong, and changes nothing', async () => {
    const message = 'La contraseña actual no es correcta.';
    expect(await read(await change({ ...valid, currentPassword: 'no-es-esta' }))).toEqual({
      status: 400,
      body: { success: false, error: message, message, errors: { currentPassword: message } },
    });
    expect((await call('GET', '/api/admin/account')).status).toBe(200);
    expect(await auditRows(db())).toEqual([]);
  });

  describe.each([
    ['no current password', { ...valid, currentPassword: '' }, { currentPassword: 'Ingrese su contraseña actual.' }],
    [
      'a short new password',
      { ...valid, newPassword: 'corta', confirmPassword: 'corta' },
      { newPassword: 'La contraseña debe tener al menos 10 caracteres.' },
    ],
    [
      'a confirmation that differs',
      { ...valid, confirmPassword: 'otra-cosa-distinta' },
      { confirmPassword: 'Las contraseñas no coinciden.' },
    ],
  ])('with %s', (_case, body, errors) => {
    it('answers 400 with the field message', async () => {
      const { status, body: answer } = await read(await change(body));
      expect(status).toBe(400);
      expect(answer.errors).toEqual(errors);
    });
  });

  it('never writes a password to the audit log', async () => {
    await change(valid);
    expect(JSON.stringify(await db().query('SELECT * FROM audit_log'))).not.toContain('mi-nueva-contraseña');
  });

  it('answers 405 to GET', async () => {
    expect((await call('GET', '/api/admin/account/password')).status).toBe(405);
  });
});

describe('GET /api/admins/{id}', () => {
  it('still answers the profile by id with a token from sign-in', async () => {
    const token = (await signIn('ana@example.com', 'contraseña-de-prueba')).body.data.accessToken;
    expect(
      (await read(await callFunction(admins, 'GET', `/api/admins/${ana.id}`, { token }))).body.data.admin.email,
    ).toBe('ana@example.com');
  });
});
