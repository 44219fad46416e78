import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import admins from '../../netlify/functions/admins.ts';
import login from '../../netlify/functions/login.ts';
import { createAdmin } from '../../src/server/auth/admins.ts';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords.ts';
import { config } from '../../src/server/config.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
let adminId: string;

beforeAll(async () => {
  process.env.JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
  adminId = (await createAdmin(environment.database.db, { name: 'Ana Admin', email: 'Ana@Example.com', password: 'correcta-horse-battery' })).id;
});

const signIn = async (body: unknown) => {
  const response = await login(postJson('/api/login', body), testContext().context);
  return { status: response.status, body: await response.json() };
};

// Every admin endpoint, so a new one cannot be left unprotected: add it here.
const adminEndpoints = [{ name: 'GET /api/admins/{id}', call: (headers: HeadersInit) => admins(new Request(`http://localhost/api/admins/${adminId}`, { headers }), testContext({ id: adminId }).context) }];

describe('passwords', () => {
  it('are stored as scrypt hashes that verify only the same password', async () => {
    const hash = await hashPassword('secreto');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('secreto', hash)).toBe(true);
    expect(await verifyPassword('Secreto', hash)).toBe(false);
  });
});

describe('POST /api/login', () => {
  it('answers data.data.user and data.data.accessToken, whose admin the profile endpoint gives', async () => {
    const { status, body } = await signIn({ email: 'ana@example.com', password: 'correcta-horse-battery' });
    expect(status).toBe(200);
    expect(body.data.user).toEqual({ id: adminId, name: 'Ana Admin', email: 'ana@example.com', avatar: null });
    const profile = await admins(new Request(`http://localhost/api/admins/${adminId}`, { headers: { Authorization: `Bearer ${body.data.accessToken}` } }), testContext({ id: adminId }).context);
    expect(profile.status).toBe(200);
    expect((await profile.json()).data.admin).toEqual(body.data.user);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await signIn({ email: 'ana@example.com', password: 'incorrecta' });
    const unknown = await signIn({ email: 'nadie@example.com', password: 'incorrecta' });
    expect(wrong).toEqual({ status: 401, body: expect.objectContaining({ error: 'El correo electrónico o la contraseña no son correctos.' }) });
    expect(unknown).toEqual(wrong);
  });

  it('slows down repeated failures: after 5 in 15 minutes even the right password waits', async () => {
    for (let i = 0; i < 5; i++) await signIn({ email: 'bloqueo@example.com', password: `intento-${i}` });
    await createAdmin(environment.database.db, { name: 'Bloqueada', email: 'bloqueo@example.com', password: 'la-correcta' });
    const { status, body } = await signIn({ email: 'bloqueo@example.com', password: 'la-correcta' });
    expect(status).toBe(429);
    expect(body.error).toBe('Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.');
  });

  it.each([['no password', { email: 'ana@example.com' }], ['a bad e-mail', { email: 'ana', password: 'x' }], ['a number password', { email: 'ana@example.com', password: 1 }]])('answers 400 to %s', async (_case, body) => {
    expect((await signIn(body)).status).toBe(400);
  });
});

describe.each(adminEndpoints)('$name', ({ call }) => {
  const sign = (secret: string, expires: string | number) =>
    new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(adminId).setIssuer('aguas-patagonia-admin').setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(secret));

  it.each([
    ['no token', async () => ({})],
    ['a token that is not a JWT', async () => ({ Authorization: 'Bearer no-es-un-token' })],
    ['a token of another key', async () => ({ Authorization: `Bearer ${await sign('another-secret-of-at-least-thirty-two-chars', '1h')}` })],
    ['an expired token', async () => ({ Authorization: `Bearer ${await sign(process.env.JWT_SECRET!, Math.floor(Date.now() / 1000) - 60)}` })],
    ['a token without Bearer', async () => ({ Authorization: (await signIn({ email: 'ana@example.com', password: 'correcta-horse-battery' })).body.data.accessToken })],
  ])('answers 401 to %s', async (_case, headers) => {
    const response = await call(await headers());
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('Su sesión no es válida o expiró. Inicie sesión nuevamente.');
  });
});

describe('the signing secret', () => {
  it('is required in production and must be long', async () => {
    const saved = process.env.JWT_SECRET;
    try {
      delete process.env.JWT_SECRET;
      process.env.NETLIFY_DB_DRIVER = 'serverless';
      await expect(config.authSecret()).rejects.toThrow('JWT_SECRET is not set');
      process.env.JWT_SECRET = 'short';
      await expect(config.authSecret()).rejects.toThrow('at least 32 characters');
    } finally {
      process.env.JWT_SECRET = saved;
      delete process.env.NETLIFY_DB_DRIVER;
    }
  });
});
