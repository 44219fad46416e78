import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as adminAdmins from '../../netlify/functions/admin-admins.ts';
import * as admins from '../../netlify/functions/admins.ts';
import login from '../../netlify/functions/login.ts';
import { deleteAdmin } from '../../src/server/admins/manage.ts';
import { adminMessages } from '../../src/shared/admins/schema.ts';
import {
  adminAnswer,
  auditRows,
  callFunction,
  read,
  signedInAdmin,
  signInFully,
  useAdminEnvironment,
} from '../helpers/admin.ts';
import { invalidForm as invalid, postJson, refused, testContext } from '../helpers/functions.ts';

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let ana: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
});

beforeEach(async () => {
  await db().query('DELETE FROM audit_log');
  await db().query('DELETE FROM admins WHERE id <> $1', [ana.id]);
});

const call = (method: string, path: string, body?: unknown, token = ana.token) =>
  callFunction(adminAdmins, method, path, { token, body });
// ownPassword: Ana's own (signedInAdmin's), asked again before an account is handed over.
const newAdmin = {
  name: 'Berta Bravo',
  email: 'Berta@Example.com',
  avatar: '',
  password: 'una-contraseña-larga',
  ownPassword: 'contraseña-de-prueba',
};
const create = async (body: unknown = newAdmin) => read(await call('POST', '/api/admin/admins', body));
// A conflict one field causes (a duplicate e-mail) is also that field's error, for the form.
const conflict = (message: string, field?: string) => refused(409, message, field ? { [field]: message } : undefined);

/** A refused change to Berta left her e-mail as created, and logged nothing but her creation. */
async function expectBertaUnchanged(id: string) {
  expect((await read(await call('GET', `/api/admin/admins/${id}`))).body.data.admin.email).toBe('berta@example.com');
  expect((await auditRows(db())).map((row) => row.action)).toEqual(['create']);
}

/** Of two admins deleting each other, one was deleted and logged; Ana is then made again for the next tests. */
async function expectOneDeletedThenRestoreAna() {
  expect(await db().query('SELECT id FROM admins')).toHaveLength(1);
  expect(await auditRows(db())).toHaveLength(1);
  await db().query('DELETE FROM admins');
  ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
}

describe('POST /api/admin/admins', () => {
  it('creates an administrator with the e-mail in lower case, and logs who did it', async () => {
    const { status, body } = await create();
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      data: {
        admin: {
          id: expect.any(String),
          name: 'Berta Bravo',
          email: 'berta@example.com',
          avatar: null,
          roles: ['administrador'],
        },
      },
    });
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'admin',
        entity_id: body.data.admin.id,
        summary: 'berta@example.com',
      },
    ]);
    const [stored] = await db().query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE id = $1', [
      body.data.admin.id,
    ]);
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
  });

  it('lets the new administrator sign in with the password given', async () => {
    await create();
    const response = await login(
      postJson('/api/login', { email: 'berta@example.com', password: newAdmin.password }),
      testContext().context,
    );
    expect(response.status).toBe(200);
  });

  it.each([
    ['without', '', adminMessages.confirmWithPassword],
    ['with a wrong', 'no-es-la-mía', adminMessages.wrongCurrentPassword],
  ])(
    "refuses %s acting admin's password with 400 on ownPassword, and creates nothing",
    async (_case, ownPassword, message) => {
      const { status, body } = await create({ ...newAdmin, ownPassword });
      expect(status).toBe(400);
      expect(body.errors).toEqual({ ownPassword: message });
      expect(await db().query('SELECT 1 FROM admins WHERE email = $1', ['berta@example.com'])).toEqual([]);
      expect(await auditRows(db())).toEqual([]);
    },
  );

  it('refuses an e-mail that exists in another case with 409, and logs nothing', async () => {
    expect(await create({ ...newAdmin, email: 'ANA@example.com' })).toEqual(
      conflict('Ya existe un administrador con ese correo electrónico.', 'email'),
    );
    expect(await auditRows(db())).toEqual([]);
  });

  describe.each([
    ['no name', { ...newAdmin, name: ' ' }, { name: 'Ingrese el nombre.' }],
    ['a bad e-mail', { ...newAdmin, email: 'berta' }, { email: 'Por favor ingrese un correo electrónico válido.' }],
    ['no e-mail', { ...newAdmin, email: '' }, { email: 'Ingrese su correo electrónico.' }],
    [
      'a short password',
      { ...newAdmin, password: 'corta' },
      { password: 'La contraseña debe tener al menos 10 caracteres.' },
    ],
    ['no password', { ...newAdmin, password: '' }, { password: 'Ingrese una contraseña.' }],
    [
      'an avatar that is not an address',
      { ...newAdmin, avatar: 'javascript:alert(1)' },
      { avatar: 'Suba una imagen o ingrese una dirección de este sitio que empiece con /.' },
    ],
    // The site's CSP shows no image of another host (netlify.toml, img-src).
    [
      'an avatar on another site',
      { ...newAdmin, avatar: 'https://example.com/berta.png' },
      { avatar: 'Suba una imagen o ingrese una dirección de este sitio que empiece con /.' },
    ],
    [
      'an avatar on another site without scheme',
      { ...newAdmin, avatar: '//example.com/berta.png' },
      { avatar: 'Suba una imagen o ingrese una dirección de este sitio que empiece con /.' },
    ],
  ])('with %s', (_case, body, errors) => {
    it('answers 400 with the field message and logs nothing', async () => {
      expect(await create(body)).toEqual(invalid(errors));
      expect(await auditRows(db())).toEqual([]);
    });
  });
});

describe('GET /api/admin/admins', () => {
  it('lists every administrator by name, without password hashes', async () => {
    await create({ ...newAdmin, name: 'Aaron Alvarez', email: 'aaron@example.com' });
    const { body } = await read(await call('GET', '/api/admin/admins'));
    expect(body.data.admins.map((admin: { name: string }) => admin.name)).toEqual(['Aaron Alvarez', 'Ana Admin']);
    expect(Object.keys(body.data.admins[0]).sort()).toEqual(['avatar', 'email', 'id', 'name', 'roles']);
  });
});

describe('GET /api/admin/admins/{id}', () => {
  it('answers the administrator', async () => {
    expect(await read(await call('GET', `/api/admin/admins/${ana.id}`))).toEqual(
      adminAnswer({ id: ana.id, name: 'Ana Admin', email: 'ana@example.com', avatar: null, roles: ['administrador'] }),
    );
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a uuid', '12'],
  ])('answers 404 to %s', async (_case, id) => {
    expect(await read(await call('GET', `/api/admin/admins/${id}`))).toEqual({
      status: 404,
      body: { success: false, error: 'Administrador no encontrado.', message: 'Administrador no encontrado.' },
    });
  });
});

describe('PUT /api/admin/admins/{id}', () => {
  it('changes the profile and keeps the password when it comes empty', async () => {
    const berta = (await create()).body.data.admin;
    const { status, body } = await read(
      await call('PUT', `/api/admin/admins/${berta.id}`, {
        name: 'Berta B.',
        email: 'berta.b@example.com',
        avatar: '/img/berta.png',
        password: '',
        ownPassword: ana.password,
      }),
    );
    expect(status).toBe(200);
    expect(body.data.admin).toEqual({
      id: berta.id,
      name: 'Berta B.',
      email: 'berta.b@example.com',
      avatar: '/img/berta.png',
      roles: ['administrador'],
    });
    const signIn = await signInFully(db(), { email: 'berta.b@example.com', password: newAdmin.password });
    expect(signIn.status).toBe(200);
    expect((await auditRows(db())).at(-1)).toEqual({
      admin_email: 'ana@example.com',
      action: 'update',
      entity: 'admin',
      entity_id: berta.id,
      summary: 'berta.b@example.com',
    });
  });

  it('resets the password: the old one and every token of that admin stop working', async () => {
    const berta = (await create()).body.data.admin;
    const signIn = (password: string) => signInFully(db(), { email: 'berta@example.com', password });
    const token = (await signIn(newAdmin.password)).body.data.accessToken;
    await call('PUT', `/api/admin/admins/${berta.id}`, {
      ...newAdmin,
      password: 'la-nueva-contraseña',
      ownPassword: ana.password,
    });
    expect((await signIn(newAdmin.password)).status).toBe(401);
    expect((await signIn('la-nueva-contraseña')).status).toBe(200);
    expect((await callFunction(admins, 'GET', `/api/admins/${berta.id}`, { token })).status).toBe(401);
    expect((await auditRows(db())).at(-1)).toMatchObject({
      action: 'update',
      summary: 'berta@example.com (nueva contraseña)',
    });
  });

  it('refuses the e-mail of another administrator with 409 and changes nothing', async () => {
    const berta = (await create()).body.data.admin;
    expect(
      await read(
        await call('PUT', `/api/admin/admins/${berta.id}`, {
          ...newAdmin,
          email: 'Ana@Example.com',
          ownPassword: ana.password,
        }),
      ),
    ).toEqual(conflict('Ya existe un administrador con ese correo electrónico.', 'email'));
    await expectBertaUnchanged(berta.id);
  });

  it.each([
    ['a reset password', { password: 'la-nueva-contraseña' }],
    ['a new e-mail', { email: 'otra@example.com', password: '' }],
  ])("%s asks the acting admin's own password again: missing or wrong, nothing changes", async (_case, change) => {
    const berta = (await create()).body.data.admin;
    for (const [ownPassword, message] of [
      ['', 'Ingrese su contraseña actual para confirmar este cambio.'],
      ['no-es-la-mia', 'La contraseña actual no es correcta.'],
    ]) {
      const { status, body } = await read(
        await call('PUT', `/api/admin/admins/${berta.id}`, { ...newAdmin, ...change, ownPassword }),
      );
      expect(status).toBe(400);
      expect(body.errors).toEqual({ ownPassword: message });
    }
    await expectBertaUnchanged(berta.id);
  });

  it('a name or avatar change needs no password', async () => {
    const berta = (await create()).body.data.admin;
    const { status } = await read(
      await call('PUT', `/api/admin/admins/${berta.id}`, { ...newAdmin, name: 'Berta', password: '' }),
    );
    expect(status).toBe(200);
  });

  it("never sets one's own password, even with the current one: that is Mi cuenta's", async () => {
    const { status, body } = await read(
      await call('PUT', `/api/admin/admins/${ana.id}`, {
        name: 'Ana Admin',
        email: 'ana@example.com',
        avatar: '',
        password: 'una-tomada-con-un-token-robado',
        ownPassword: ana.password,
      }),
    );
    expect(status).toBe(403);
    expect(body.errors).toEqual({ password: 'Su propia contraseña se cambia en Mi cuenta, con su contraseña actual.' });
    const signIn = await signInFully(db(), { email: 'ana@example.com', password: ana.password });
    expect(signIn.status).toBe(200);
  });

  it('answers 400 to a short new password', async () => {
    const berta = (await create()).body.data.admin;
    expect(await read(await call('PUT', `/api/admin/admins/${berta.id}`, { ...newAdmin, password: 'corta' }))).toEqual(
      invalid({ password: 'La contraseña debe tener al menos 10 caracteres.' }),
    );
  });

  it('answers 404 to an unknown administrator and logs nothing', async () => {
    expect((await call('PUT', '/api/admin/admins/00000000-0000-4000-8000-000000000000', newAdmin)).status).toBe(404);
    expect(await auditRows(db())).toEqual([]);
  });
});

describe('DELETE /api/admin/admins/{id}', () => {
  it('deletes another administrator, whose tokens then stop working, and logs it', async () => {
    const berta = await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com');
    expect(await read(await call('DELETE', `/api/admin/admins/${berta.id}`))).toEqual({
      status: 200,
      body: { success: true, data: {} },
    });
    expect((await call('GET', '/api/admin/admins', undefined, berta.token)).status).toBe(401);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'delete',
        entity: 'admin',
        entity_id: berta.id,
        summary: 'berta@example.com',
      },
    ]);
  });

  it('refuses to delete the signed-in administrator', async () => {
    await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com');
    expect(await read(await call('DELETE', `/api/admin/admins/${ana.id}`))).toEqual(
      conflict('No puede eliminar su propia cuenta.'),
    );
    expect(await auditRows(db())).toEqual([]);
  });

  it('keeps the last administrator when two delete each other at once', async () => {
    const berta = await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com');
    const results = await Promise.all(
      [
        call('DELETE', `/api/admin/admins/${berta.id}`),
        call('DELETE', `/api/admin/admins/${ana.id}`, undefined, berta.token),
      ].map(async (response) => read(await response)),
    );
    // One succeeds; the other is refused either way: by the last-admin rule (409), or, when the
    // first deleted its admin before its token was checked, as a token of nobody (401).
    expect([
      [200, 401],
      [200, 409],
    ]).toContainEqual(results.map((result) => result.status).sort());
    await expectOneDeletedThenRestoreAna();
  });

  it('the last-administrator rule holds when both deletions passed their token check', async () => {
    const berta = await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com');
    const results = await Promise.allSettled([deleteAdmin(db(), ana, berta.id), deleteAdmin(db(), berta, ana.id)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect(String(refused?.reason)).toContain('No se puede eliminar al último administrador.');
    await expectOneDeletedThenRestoreAna();
  });

  it('refuses to delete the last administrator even for an admin deleted meanwhile', async () => {
    const gone = {
      id: '00000000-0000-4000-8000-000000000000',
      email: 'ida@example.com',
      roles: ['administrador' as const],
    };
    await expect(deleteAdmin(db(), gone, ana.id)).rejects.toThrow('No se puede eliminar al último administrador.');
  });

  it('answers 404 to an unknown administrator', async () => {
    expect((await call('DELETE', '/api/admin/admins/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe("a compliance user's account, which no administrator may open", () => {
  const complianceAccount =
    'Solo el equipo de cumplimiento puede modificar o eliminar la cuenta de uno de sus miembros.';
  const profileOf = (name: string, email: string) => ({ name, email, avatar: '', password: '', ownPassword: '' });

  it('an administrator cannot change it, rename it or delete it: 403, nothing changed or logged', async () => {
    const olga = await signedInAdmin(db(), 'Olga Oficial', 'olga@example.com', ['cumplimiento']);
    for (const [method, body] of [
      ['PUT', profileOf('Olga', 'olga@example.com')],
      [
        'PUT',
        {
          ...profileOf('Olga Oficial', 'olga@example.com'),
          password: 'una-contraseña-nueva',
          ownPassword: ana.password,
        },
      ],
      ['DELETE', undefined],
    ] as const) {
      expect(await read(await call(method, `/api/admin/admins/${olga.id}`, body))).toMatchObject({
        status: 403,
        body: { error: complianceAccount },
      });
    }
    expect(await db().query('SELECT name, roles FROM admins WHERE id = $1', [olga.id])).toEqual([
      { name: 'Olga Oficial', roles: ['cumplimiento'] },
    ]);
    expect(await auditRows(db())).toEqual([]);
  });

  it('a compliance-only user loads their own profile, as the app does on start, but not the administrators', async () => {
    const olga = await signedInAdmin(db(), 'Olga Oficial', 'olga@example.com', ['cumplimiento']);
    const own = await read(await callFunction(admins, 'GET', `/api/admins/${olga.id}`, { token: olga.token }));
    expect(own).toMatchObject({ status: 200, body: { data: { admin: { id: olga.id, roles: ['cumplimiento'] } } } });
    expect((await call('GET', '/api/admin/admins', undefined, olga.token)).status).toBe(403);
  });

  it('an administrator who is also in compliance can', async () => {
    const olga = await signedInAdmin(db(), 'Olga Oficial', 'olga@example.com', ['cumplimiento']);
    const both = await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com', ['administrador', 'cumplimiento']);
    const renamed = await read(
      await call('PUT', `/api/admin/admins/${olga.id}`, profileOf('Olga O.', 'olga@example.com'), both.token),
    );
    expect(renamed).toMatchObject({ status: 200, body: { data: { admin: { name: 'Olga O.' } } } });
    expect((await call('DELETE', `/api/admin/admins/${olga.id}`, undefined, both.token)).status).toBe(200);
  });
});

describe('/api/admin/admins', () => {
  it.each([
    ['PATCH', '/api/admin/admins', 'GET, POST'],
    ['POST', `/api/admin/admins/00000000-0000-4000-8000-000000000000`, 'GET, PUT, DELETE'],
  ])('answers 405 to %s %s', async (method, path, allow) => {
    const response = await call(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
  });
});
