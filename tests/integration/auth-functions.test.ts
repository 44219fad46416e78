import { randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as adminAccounts from '../../netlify/functions/admin-accounts.ts';
import * as adminAdmins from '../../netlify/functions/admin-admins.ts';
import * as adminAudit from '../../netlify/functions/admin-audit.ts';
import * as adminDocuments from '../../netlify/functions/admin-documents.ts';
import * as adminEducation from '../../netlify/functions/admin-education.ts';
import * as adminFiles from '../../netlify/functions/admin-files.ts';
import * as adminOutbox from '../../netlify/functions/admin-outbox.ts';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import * as adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import * as adminCases from '../../netlify/functions/admin-cases.ts';
import * as adminDenuncias from '../../netlify/functions/admin-denuncias.ts';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import * as adminReports from '../../netlify/functions/admin-news.ts';
import * as admins from '../../netlify/functions/admins.ts';
import login from '../../netlify/functions/login.ts';
import * as logout from '../../netlify/functions/logout.ts';
import * as uploads from '../../netlify/functions/uploads.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords.ts';
import { config } from '../../src/server/config.ts';
import { passwordCounters } from '../../src/server/throttle/uses.ts';
import { callFunction, read, signedInAdmin, signInFully, useAdminEnvironment } from '../helpers/admin.ts';
import { pdfBytes } from '../helpers/files.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useAdminEnvironment();
let adminId: string;
/**
 * Tokens refused by every endpoint: one issued before its admin signed out, one of an admin deleted
 * since, and a valid one sent without "Bearer" (one for all the endpoints: a sign-in per endpoint
 * cost a scrypt at OWASP's cost each, minutes of the suite).
 */
const stale = { signedOut: '', deleted: '', unbearered: '' };

afterEach(() => vi.unstubAllEnvs());

const signIn = (body: unknown) => signInFully(environment.database.db, body as { email: string; password: string });

beforeAll(async () => {
  const { db } = environment.database;
  adminId = (await createAdmin(db, { name: 'Ana Admin', email: 'Ana@Example.com', password: 'correcta-horse-battery' }))
    .id;
  const leaving = await signedInAdmin(db, 'Sale Pronto', 'sale@example.com');
  stale.signedOut = (await signIn({ email: 'sale@example.com', password: leaving.password })).body.data.accessToken;
  expect((await callFunction(logout, 'POST', '/api/logout', { token: stale.signedOut })).status).toBe(200);
  const deleted = await signedInAdmin(db, 'Ya No Está', 'borrada@example.com');
  stale.deleted = deleted.token;
  // An account of its own, which no other test signs out: its token is refused only for the missing word.
  stale.unbearered = (await signedInAdmin(db, 'Sin Bearer', 'sin-bearer@example.com')).token;
  const withBearer = await callFunction(adminAccount, 'GET', '/api/admin/account', { token: stale.unbearered });
  expect(withBearer.status).toBe(200);
  await db.query('DELETE FROM admins WHERE id = $1', [deleted.id]);
});

const ANY_UUID = '00000000-0000-4000-8000-000000000000';
const document = { type: 'Memoria', year: 2025, url_file: '/documentos/memoria-2025.pdf' };
const report = {
  active: true,
  order: 1,
  short_title: 'Aviso',
  title: 'Un aviso',
  name: '',
  url_file: '',
  url_file_2: '',
  text: '<p>Texto</p>',
};
const education = {
  content_type: 'Planificaciones',
  hidden: false,
  title: 'Clase',
  description: '',
  url_file: '/a.pdf',
  thumbnail: '',
};
const outage = {
  kind: 'emergencia',
  town: 'coyhaique',
  sectors: 'Centro',
  startsAt: '2026-03-02T09:00:00-03:00',
  endsAt: '2026-03-02T18:00:00-03:00',
};
const advisory = {
  kind: 'hervir',
  towns: ['puerto-aysen'],
  startsAt: '2026-03-02T09:00:00-03:00',
  instructions: 'Hierva el agua un minuto antes de beberla.',
};
const profile = { name: 'Nueva Persona', email: 'nueva@example.com', avatar: '' };
const aFile = () => {
  const form = new FormData();
  form.append('file', new Blob([pdfBytes()]), 'memoria.pdf');
  return form;
};

// Every admin endpoint with a body it would accept, so only the token decides; a new endpoint
// cannot be left unprotected: add it here.
const adminEndpoints: [method: string, path: string, fn: Parameters<typeof callFunction>[0], body?: () => unknown][] = [
  ['GET', '/api/admins/{admin}', admins],
  ['POST', '/api/logout', logout],
  ['GET', '/api/admin/admins', adminAdmins],
  ['POST', '/api/admin/admins', adminAdmins, () => ({ ...profile, password: 'una-contraseña-larga' })],
  ['GET', '/api/admin/admins/{admin}', adminAdmins],
  ['PUT', '/api/admin/admins/{admin}', adminAdmins, () => ({ ...profile, password: '' })],
  ['DELETE', `/api/admin/admins/${ANY_UUID}`, adminAdmins],
  ['GET', '/api/admin/account', adminAccount],
  ['PUT', '/api/admin/account', adminAccount, () => profile],
  ['POST', '/api/admin/account/token', adminAccount],
  [
    'POST',
    '/api/admin/account/password',
    adminAccount,
    () => ({
      currentPassword: 'correcta-horse-battery',
      newPassword: 'otra-contraseña-larga',
      confirmPassword: 'otra-contraseña-larga',
    }),
  ],
  ['GET', '/api/admin/outbox', adminOutbox],
  ['GET', '/api/admin/outbox/summary', adminOutbox],
  ['POST', '/api/admin/outbox/1/retry', adminOutbox],
  ['GET', '/api/admin/cases', adminCases],
  ['GET', '/api/admin/cases/settings', adminCases],
  ['PUT', '/api/admin/cases/settings', adminCases, () => ({ messageBusinessDays: 7 })],
  ['GET', '/api/admin/cases/1', adminCases],
  ['PUT', '/api/admin/cases/1', adminCases, () => ({ status: 'cerrado' })],
  ['POST', '/api/admin/cases/1/notes', adminCases, () => ({ body: 'Nota' })],
  ['POST', '/api/admin/cases/1/replies', adminCases, () => ({ body: 'Respuesta' })],
  ['GET', `/api/admin/cases/1/attachments/${ANY_UUID}`, adminCases],
  ['GET', '/api/admin/denuncias', adminDenuncias],
  ['GET', '/api/admin/denuncias/trail', adminDenuncias],
  ['GET', '/api/admin/denuncias/team', adminDenuncias],
  ['PUT', `/api/admin/denuncias/team/${ANY_UUID}`, adminDenuncias, () => ({ compliance: true })],
  ['GET', '/api/admin/denuncias/DEN-AAAA2222', adminDenuncias],
  ['PUT', '/api/admin/denuncias/DEN-AAAA2222', adminDenuncias, () => ({ status: 'en_analisis' })],
  ['POST', '/api/admin/denuncias/DEN-AAAA2222/messages', adminDenuncias, () => ({ body: 'Pregunta' })],
  ['POST', '/api/admin/denuncias/DEN-AAAA2222/notes', adminDenuncias, () => ({ body: 'Nota' })],
  ['GET', `/api/admin/denuncias/DEN-AAAA2222/attachments/${ANY_UUID}`, adminDenuncias],
  ['GET', '/api/admin/documents', adminDocuments],
  ['POST', '/api/admin/documents', adminDocuments, () => document],
  ['GET', '/api/admin/documents/1', adminDocuments],
  ['PUT', '/api/admin/documents/1', adminDocuments, () => document],
  ['DELETE', '/api/admin/documents/1', adminDocuments],
  ['GET', '/api/admin/reports', adminReports],
  ['POST', '/api/admin/reports', adminReports, () => report],
  ['GET', '/api/admin/reports/1', adminReports],
  ['PUT', '/api/admin/reports/1', adminReports, () => report],
  ['DELETE', '/api/admin/reports/1', adminReports],
  ['GET', '/api/admin/education', adminEducation],
  ['POST', '/api/admin/education', adminEducation, () => education],
  ['GET', '/api/admin/education/1', adminEducation],
  ['PUT', '/api/admin/education/1', adminEducation, () => education],
  ['DELETE', '/api/admin/education/1', adminEducation],
  ['GET', '/api/admin/payments', adminPayments],
  ['GET', '/api/admin/payments/export', adminPayments],
  ['GET', `/api/admin/payments/${ANY_UUID}`, adminPayments],
  ['POST', `/api/admin/payments/${ANY_UUID}/verify`, adminPayments],
  ['GET', '/api/admin/audit', adminAudit],
  ['GET', '/api/admin/outages', adminOutages],
  ['POST', '/api/admin/outages', adminOutages, () => outage],
  ['GET', '/api/admin/outages/towns', adminOutages],
  [
    'POST',
    '/api/admin/outages/towns',
    adminOutages,
    () => ({ name: 'Villa Cerro Castillo', latitude: -46.12, longitude: -72.16 }),
  ],
  ['GET', '/api/admin/outages/1', adminOutages],
  ['PUT', '/api/admin/outages/1', adminOutages, () => outage],
  ['DELETE', '/api/admin/outages/1', adminOutages],
  ['POST', '/api/admin/outages/1/publish', adminOutages, () => ({})],
  ['PUT', '/api/admin/outages/1/status', adminOutages, () => ({ status: 'en_curso' })],
  ['POST', '/api/admin/outages/1/updates', adminOutages, () => ({ body: 'Avance' })],
  ['GET', '/api/admin/advisories', adminAdvisories],
  ['POST', '/api/admin/advisories', adminAdvisories, () => advisory],
  ['GET', '/api/admin/advisories/1', adminAdvisories],
  ['PUT', '/api/admin/advisories/1', adminAdvisories, () => advisory],
  ['DELETE', '/api/admin/advisories/1', adminAdvisories],
  ['POST', '/api/admin/advisories/1/publish', adminAdvisories],
  ['POST', '/api/admin/advisories/1/updates', adminAdvisories, () => ({ body: 'Avance' })],
  ['POST', '/api/admin/advisories/1/lift', adminAdvisories, () => ({ liftMessage: 'Ya puede beber el agua.' })],
  ['POST', '/api/admin/files', adminFiles, aFile],
  ['POST', '/api/admin/accounts/import', adminAccounts, () => ({ uploadId: ANY_UUID, exportedAt: '2026-01-15T10:30' })],
  ['POST', '/api/admin/readings/import', adminAccounts, () => ({ uploadId: ANY_UUID })],
  [
    'POST',
    '/api/uploads (purpose publication)',
    uploads,
    () => ({ purpose: 'publication', fileName: 'memoria.pdf', size: 20_000_000 }),
  ],
  [
    'POST',
    '/api/uploads (purpose accounts)',
    uploads,
    () => ({ purpose: 'accounts', fileName: 'cuentas.csv', size: 3_000_000 }),
  ],
];
const call = ([method, path, fn, body]: (typeof adminEndpoints)[number], headers: Record<string, string>) =>
  callFunction(fn, method, path.replace('{admin}', adminId).replace(/ \(.*\)$/, ''), { headers, body: body?.() });

describe('passwords', () => {
  it("are stored at OWASP's cost in production mode, whatever PASSWORD_HASH_COST says, and verify only the same password", async () => {
    vi.stubEnv('APP_MODE', '');
    const hash = await hashPassword('secreto');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('secreto', hash)).toBe(true);
    expect(await verifyPassword('Secreto', hash)).toBe(false);
  });

  it('are cheaper in local mode only as far as PASSWORD_HASH_COST says, from 14 to 17', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', '14');
    const cheap = await hashPassword('secreto');
    expect(cheap).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('secreto', cheap)).toBe(true);
    vi.stubEnv('PASSWORD_HASH_COST', '13');
    await expect(hashPassword('secreto')).rejects.toThrow('PASSWORD_HASH_COST: must be a whole number from 14 to 17.');
    vi.stubEnv('PASSWORD_HASH_COST', '');
    expect(await hashPassword('secreto')).toMatch(/^scrypt\$131072\$/);
  });
});

describe('POST /api/login', () => {
  it('answers data.data.user and data.data.accessToken, whose admin the profile endpoint gives', async () => {
    const { status, body } = await signIn({ email: 'ana@example.com', password: 'correcta-horse-battery' });
    expect(status).toBe(200);
    expect(body.data.user).toEqual({
      id: adminId,
      name: 'Ana Admin',
      email: 'ana@example.com',
      avatar: null,
      roles: ['administrador'],
    });
    const profile = await callFunction(admins, 'GET', `/api/admins/${adminId}`, { token: body.data.accessToken });
    expect(profile.status).toBe(200);
    expect((await profile.json()).data.admin).toEqual(body.data.user);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await signIn({ email: 'ana@example.com', password: 'incorrecta' });
    const unknown = await signIn({ email: 'nadie@example.com', password: 'incorrecta' });
    expect(wrong).toEqual({
      status: 401,
      body: expect.objectContaining({ error: 'El correo electrónico o la contraseña no son correctos.' }),
    });
    expect(unknown).toEqual(wrong);
  });

  it('slows down repeated failures: after 5 in 15 minutes even the right password waits', async () => {
    for (let i = 0; i < 5; i++) await signIn({ email: 'bloqueo@example.com', password: `intento-${i}` });
    await createAdmin(environment.database.db, {
      name: 'Bloqueada',
      email: 'bloqueo@example.com',
      password: 'la-correcta',
    });
    const { status, body } = await signIn({ email: 'bloqueo@example.com', password: 'la-correcta' });
    expect(status).toBe(429);
    expect(body.error).toBe('Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.');
  });

  it("a stranger's failures from another client never lock the owner out", async () => {
    const stranger = { ...testContext().context, ip: '203.0.113.9' };
    for (let i = 0; i < 6; i++)
      await login(postJson('/api/login', { email: 'ana@example.com', password: `adivina-${i}` }), stranger);
    const fromStranger = await login(
      postJson('/api/login', { email: 'ana@example.com', password: 'correcta-horse-battery' }),
      stranger,
    );
    expect(fromStranger.status).toBe(429);
    // The owner, from their own client, still signs in with the right password.
    expect((await signIn({ email: 'ana@example.com', password: 'correcta-horse-battery' })).status).toBe(200);
  });

  it('a client that fails with many e-mails waits too', async () => {
    const scanner = { ...testContext().context, ip: '203.0.113.10' };
    // 19 failures already counted on the client's counter (each real one costs a slow password
    // hash), and the 20th made now.
    const [, client] = await passwordCounters('persona-1@example.com', scanner.ip);
    await environment.database.db.query(`INSERT INTO login_failures (client, failures) VALUES ($1, 19)`, [client!.key]);
    expect(
      (await login(postJson('/api/login', { email: 'persona-20@example.com', password: 'x' }), scanner)).status,
    ).toBe(401);
    const next = await login(postJson('/api/login', { email: 'otra@example.com', password: 'x' }), scanner);
    expect(next.status).toBe(429);
  });

  it('forgets a run of failures 15 minutes after its last attempt, pruned as new attempts are written', async () => {
    const { db } = environment.database;
    await db.query(
      `INSERT INTO login_failures (client, failures, failed_at) VALUES ('vieja', 5, now() - interval '16 minutes')`,
    );
    await signIn({ email: 'nueva@example.com', password: 'x' });
    expect(await db.query(`SELECT 1 FROM login_failures WHERE client = 'vieja'`)).toEqual([]);
  });

  it('rehashes a password stored at a weaker cost, at the next sign-in', async () => {
    // Today's cost one step above the stored hash's: the rule is the same at any cost.
    vi.stubEnv('PASSWORD_HASH_COST', '15');
    const { db } = environment.database;
    const weak = await new Promise<string>((resolve, reject) => {
      const salt = randomBytes(16);
      scryptCallback('clave-de-antes-larga', salt, 64, { N: 2 ** 14, r: 8, p: 1 }, (error, hash) =>
        error
          ? reject(error)
          : resolve(['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$')),
      );
    });
    await db.query(`INSERT INTO admins (name, email, password_hash) VALUES ('Antigua', 'antigua@example.com', $1)`, [
      weak,
    ]);
    expect((await signIn({ email: 'antigua@example.com', password: 'clave-de-antes-larga' })).status).toBe(200);
    const [row] = await db.query<{ password_hash: string }>(
      `SELECT password_hash FROM admins WHERE email = 'antigua@example.com'`,
    );
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await signIn({ email: 'antigua@example.com', password: 'clave-de-antes-larga' })).status).toBe(200);
  });

  it.each([
    ['no password', { email: 'ana@example.com' }],
    ['a bad e-mail', { email: 'ana', password: 'x' }],
    ['a number password', { email: 'ana@example.com', password: 1 }],
  ])('answers 400 to %s', async (_case, body) => {
    expect((await signIn(body)).status).toBe(400);
  });
});

describe('POST /api/logout', () => {
  const ana = { email: 'ana@example.com', password: 'correcta-horse-battery' };
  const profile = (token: string) => callFunction(admins, 'GET', `/api/admins/${adminId}`, { token });

  it('ends every token the admin holds; signing in again gives one that works', async () => {
    const first = (await signIn(ana)).body.data.accessToken;
    const second = (await signIn(ana)).body.data.accessToken;
    expect(await read(await callFunction(logout, 'POST', '/api/logout', { token: first }))).toEqual({
      status: 200,
      body: { success: true, data: {} },
    });
    expect((await profile(first)).status).toBe(401);
    expect((await profile(second)).status).toBe(401);
    expect((await profile((await signIn(ana)).body.data.accessToken)).status).toBe(200);
  });

  it('answers 405 to another method, even with a valid token', async () => {
    const response = await callFunction(logout, 'GET', '/api/logout', {
      token: (await signIn(ana)).body.data.accessToken,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/admin/account/token', () => {
  const renew = (token: string) => callFunction(adminAccount, 'POST', '/api/admin/account/token', { token });
  const claimsOf = (token: string) => decodeJwt(token);

  it('trades a valid token for a fresh one of the same sign-in, which works', async () => {
    const { token } = await signedInAdmin(environment.database.db, 'Renueva Token', 'renueva@example.com');
    const { status, body } = await read(await renew(token));
    expect(status).toBe(200);
    const fresh = body.data.accessToken as string;
    expect(claimsOf(fresh)).toMatchObject({ sub: claimsOf(token).sub, sv: 0, auth_time: claimsOf(token).auth_time });
    expect((await renew(fresh)).status).toBe(200);
  });

  it('refuses once the sign-in is 12 hours old: the admin types the password again', async () => {
    const { id, token: current } = await signedInAdmin(environment.database.db, 'Jornada Larga', 'jornada@example.com');
    const twelveHoursAgo = Math.floor(Date.now() / 1000) - 12 * 60 * 60;
    const token = await new SignJWT({ sv: 0, sid: claimsOf(current).sid, auth_time: twelveHoursAgo })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer('aguas-patagonia-admin')
      .setAudience('admin')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(process.env.JWT_SECRET!));
    expect(await read(await renew(token))).toEqual({
      status: 401,
      body: expect.objectContaining({ error: 'Su sesión no es válida o expiró. Inicie sesión nuevamente.' }),
    });
  });
});

describe.each(adminEndpoints)('%s %s', (...endpoint) => {
  const sign = (
    secret: string,
    expires: string | number,
    claims: Record<string, unknown> = { sv: 0, auth_time: Math.floor(Date.now() / 1000) },
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuer('aguas-patagonia-admin')
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(new TextEncoder().encode(secret));

  it.each([
    ['no token', async () => ({})],
    ['a token that is not a JWT', async () => ({ Authorization: 'Bearer no-es-un-token' })],
    [
      'a token of another key',
      async () => ({ Authorization: `Bearer ${await sign('another-secret-of-at-least-thirty-two-chars', '1h')}` }),
    ],
    [
      'an expired token',
      async () => ({
        Authorization: `Bearer ${await sign(process.env.JWT_SECRET!, Math.floor(Date.now() / 1000) - 60)}`,
      }),
    ],
    ['a token without Bearer', async () => ({ Authorization: stale.unbearered })],
    [
      'a token without a session version',
      async () => ({
        Authorization: `Bearer ${await sign(process.env.JWT_SECRET!, '1h', { auth_time: Math.floor(Date.now() / 1000) })}`,
      }),
    ],
    [
      'a token without its sign-in time',
      async () => ({ Authorization: `Bearer ${await sign(process.env.JWT_SECRET!, '1h', { sv: 0 })}` }),
    ],
    ['a token issued before its admin signed out', async () => ({ Authorization: `Bearer ${stale.signedOut}` })],
    ['a token of an admin deleted since', async () => ({ Authorization: `Bearer ${stale.deleted}` })],
  ])('answers 401 to %s', async (_case, headers) => {
    const response = await call(endpoint, await headers());
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('Su sesión no es válida o expiró. Inicie sesión nuevamente.');
  });
});

/**
 * Each endpoint's role. The account's own endpoints take any signed-in admin; the
 * denuncias desk takes `cumplimiento`; every other one `administrador`.
 */
const roleOf = (path: string): 'any' | 'administrador' | 'cumplimiento' =>
  /^\/api\/(admins\/|logout$|admin\/account(\/|$))/.test(path)
    ? 'any'
    : path.startsWith('/api/admin/denuncias')
      ? 'cumplimiento'
      : 'administrador';

describe('an account without the role of an endpoint', () => {
  const tokens: Partial<Record<'administrador' | 'cumplimiento', string>> = {};
  beforeAll(async () => {
    await createAdmin(environment.database.db, {
      name: 'Encargada de Cumplimiento',
      email: 'cumplimiento@example.com',
      password: 'otra-clave-bastante-larga',
      roles: ['cumplimiento'],
    });
    // Who lacks each role: the compliance-only account lacks `administrador`, Ana lacks `cumplimiento`.
    tokens.administrador = (
      await signIn({ email: 'cumplimiento@example.com', password: 'otra-clave-bastante-larga' })
    ).body.data.accessToken;
    tokens.cumplimiento = (
      await signIn({ email: 'ana@example.com', password: 'correcta-horse-battery' })
    ).body.data.accessToken;
  });

  it.each(adminEndpoints.filter(([, path]) => roleOf(path) !== 'any'))('gets 403 from %s %s', async (...endpoint) => {
    const role = roleOf(endpoint[1]) as 'administrador' | 'cumplimiento';
    const response = await call(endpoint, { Authorization: `Bearer ${tokens[role]}` });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe('Su cuenta no tiene acceso a esta sección.');
  });

  it.each(adminEndpoints.filter(([, path]) => roleOf(path) === 'any'))(
    'of its own account is let through by %s %s',
    async (...endpoint) => {
      // A token of its own: signing out ends the session's tokens.
      const { accessToken } = (
        await signIn({ email: 'cumplimiento@example.com', password: 'otra-clave-bastante-larga' })
      ).body.data;
      const response = await call(endpoint, { Authorization: `Bearer ${accessToken}` });
      expect(response.status).not.toBe(401);
      expect(response.status).not.toBe(403);
    },
  );
});

describe('the signing secret', () => {
  it('is required in production and must be long', async () => {
    const saved = process.env.JWT_SECRET;
    try {
      delete process.env.JWT_SECRET;
      delete process.env.APP_MODE;
      await expect(config.authSecret()).rejects.toThrow('JWT_SECRET: admin sign-in is disabled');
      process.env.JWT_SECRET = 'short';
      await expect(config.authSecret()).rejects.toThrow('at least 32 characters');
    } finally {
      process.env.JWT_SECRET = saved;
      process.env.APP_MODE = 'local';
    }
  });
});
