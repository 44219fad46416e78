import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as adminAdmins from '../../netlify/functions/admin-admins.ts';
import * as adminDenuncias from '../../netlify/functions/admin-denuncias.ts';
import * as bootstrap from '../../netlify/functions/bootstrap.ts';
import * as invitation from '../../netlify/functions/invitations.ts';
import login from '../../netlify/functions/login.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { createInvitation } from '../../src/server/auth/invitations.ts';
import { config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/index.ts';
import { seedFirstAdmin } from '../../scripts/lib/local-database.ts';
import {
  callFunction,
  enrolTestSecret,
  read,
  signedInAdmin,
  signInFully,
  TEST_TOTP_SECRET,
  totpCode,
  useAdminEnvironment,
} from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/** The second factor, the server's idle timeout, and compliance accounts nobody else can open. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const step = () => Math.floor(Date.now() / 30_000);

const post = async (path: string, body: unknown, ip = '127.0.0.1') =>
  read(
    await login(postJson(path, body), { ...testContext().context, ip } as ReturnType<typeof testContext>['context']),
  );
const passwordStep = (email: string, password: string, ip?: string) => post('/api/login', { email, password }, ip);
const codeStep = (challenge: string, code: string, ip?: string) =>
  post('/api/login/second-factor', { challenge, code }, ip);
const desk = (token: string) => callFunction(adminDenuncias, 'GET', '/api/admin/denuncias', { token });
const account = (token: string) => callFunction(adminAccount, 'GET', '/api/admin/account', { token });

let seq = 0;
/** A new administrator whose password someone else typed, without a second factor yet. */
async function newAccount(roles?: ('administrador' | 'cumplimiento')[]) {
  const email = `persona-${++seq}@example.com`;
  const password = 'una-contraseña-larga';
  const admin = await createAdmin(db(), { name: `Persona ${seq}`, email, password, ...(roles ? { roles } : {}) });
  return { ...admin, email, password };
}

describe('the first sign-in enrols TOTP', () => {
  it('answers a challenge and a secret, never a token, to the right password', async () => {
    const { email, password } = await newAccount();
    const { status, body } = await passwordStep(email, password);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      secondFactor: 'enrol',
      challenge: expect.any(String),
      totp: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/), uri: expect.stringMatching(/^otpauth:\/\/totp\//) },
    });
    expect(body.data.totp.uri).toContain(`secret=${body.data.totp.secret}`);
    expect(body.data).not.toHaveProperty('accessToken');
  });

  it('refuses a wrong first code and enrols with the right one: a token, and 10 recovery codes shown once', async () => {
    const { id, email, password } = await newAccount();
    const { data } = (await passwordStep(email, password)).body;
    expect(await codeStep(data.challenge, '000000')).toEqual({
      status: 401,
      body: expect.objectContaining({
        error: 'El código no es correcto o ya fue usado. Revise la hora de su teléfono e intente nuevamente.',
      }),
    });
    const { status, body } = await codeStep(data.challenge, totpCode(data.totp.secret));
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id, email });
    expect(body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(body.data.recoveryCodes).size).toBe(10);
    for (const code of body.data.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect((await account(body.data.accessToken)).status).toBe(200);
    // Stored sealed, and only hashes of the recovery codes.
    const [row] = await db().query<{ totp_secret: string }>('SELECT totp_secret FROM admins WHERE id = $1', [id]);
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(data.totp.secret);
    const hashes = await db().query<{ code_hash: string }>(
      'SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1',
      [id],
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(body.data.recoveryCodes.join()).not.toContain(code_hash);
    // The next sign-in asks for a code of that secret.
    expect((await passwordStep(email, password)).body.data).toEqual({
      secondFactor: 'totp',
      challenge: expect.any(String),
    });
  });

  it('enrols once: a second enrolment challenge of the same account is expired once the first is done', async () => {
    const { email, password } = await newAccount();
    const first = (await passwordStep(email, password)).body.data;
    const second = (await passwordStep(email, password)).body.data;
    expect((await codeStep(first.challenge, totpCode(first.totp.secret))).status).toBe(200);
    expect((await codeStep(second.challenge, totpCode(second.totp.secret))).status).toBe(401);
  });
});

describe('signing in with the second factor', () => {
  let ana: Awaited<ReturnType<typeof newAccount>>;
  beforeAll(async () => {
    ana = await newAccount();
    await enrolTestSecret(db(), ana.id);
  });
  const challenge = async () => (await passwordStep(ana.email, ana.password)).body.data.challenge as string;

  it('answers spec §7 data.data.user and data.data.accessToken to a right code, and accepts that code once', async () => {
    await db().query('UPDATE admins SET totp_last_step = NULL WHERE id = $1', [ana.id]);
    const code = totpCode(TEST_TOTP_SECRET, step());
    const { status, body } = await codeStep(await challenge(), code);
    expect(status).toBe(200);
    expect(body.data).toEqual({ user: expect.objectContaining({ id: ana.id }), accessToken: expect.any(String) });
    // The same code again, or an earlier one, even with a new challenge: refused (RFC 6238 §5.2).
    expect((await codeStep(await challenge(), code)).status).toBe(401);
    expect((await codeStep(await challenge(), totpCode(TEST_TOTP_SECRET, step() - 1))).status).toBe(401);
    // The next step's code, which a phone slightly ahead shows, is accepted.
    expect((await codeStep(await challenge(), totpCode(TEST_TOTP_SECRET, step() + 1))).status).toBe(200);
  });

  it('refuses a code of another secret, or two steps away', async () => {
    await db().query('UPDATE admins SET totp_last_step = NULL WHERE id = $1', [ana.id]);
    expect((await codeStep(await challenge(), totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'))).status).toBe(401);
    expect((await codeStep(await challenge(), totpCode(TEST_TOTP_SECRET, step() - 3))).status).toBe(401);
  });

  it('takes a recovery code once, typed with or without dashes', async () => {
    const { email, password } = await newAccount();
    const enrolment = (await passwordStep(email, password)).body.data;
    const { recoveryCodes } = (await codeStep(enrolment.challenge, totpCode(enrolment.totp.secret))).body.data;
    const next = async () => (await passwordStep(email, password)).body.data.challenge as string;
    const typed = (recoveryCodes[0] as string).replaceAll('-', '').toLowerCase();
    expect((await codeStep(await next(), typed)).status).toBe(200);
    expect((await codeStep(await next(), recoveryCodes[0])).status).toBe(401);
    expect((await codeStep(await next(), recoveryCodes[1])).status).toBe(200);
  });

  it('refuses a challenge as an access token, a token as a challenge, and a challenge issued before a sign-out', async () => {
    const pending = await challenge();
    expect((await account(pending)).status).toBe(401);
    const { token } = await signedInAdmin(db(), 'Otra Persona', `otra-${++seq}@example.com`);
    expect(await codeStep(token, totpCode())).toEqual({
      status: 401,
      body: expect.objectContaining({
        error: 'Su inicio de sesión expiró. Ingrese nuevamente su correo y contraseña.',
      }),
    });
    await db().query('UPDATE admins SET session_version = session_version + 1, totp_last_step = NULL WHERE id = $1', [
      ana.id,
    ]);
    expect((await codeStep(pending, totpCode())).status).toBe(401);
  });

  it('counts wrong codes with wrong passwords: after 5, even the right code waits 15 minutes', async () => {
    await db().query('UPDATE admins SET totp_last_step = NULL WHERE id = $1', [ana.id]);
    const ip = '198.51.100.77';
    const pending = (await passwordStep(ana.email, ana.password, ip)).body.data.challenge;
    for (let i = 0; i < 5; i++) expect((await codeStep(pending, '123456', ip)).status).toBe(401);
    const { status, body } = await codeStep(pending, totpCode(), ip);
    expect(status).toBe(429);
    expect(body.error).toBe('Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.');
  });
});

describe('one throttle for every secret typed at sign-in', () => {
  const WAIT = 'Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.';
  const ACCOUNT_LOCKED =
    'Se ingresaron demasiados códigos incorrectos para esta cuenta. Por seguridad, el ingreso queda en pausa 15 minutos; enviamos un aviso a su correo.';
  const EXPIRED = 'Su inicio de sesión expiró. Ingrese nuevamente su correo y contraseña.';
  /** An account with the known second factor, and its password step from `ip`. */
  async function enrolled() {
    const owner = await newAccount();
    await enrolTestSecret(db(), owner.id);
    const challengeFrom = async (ip: string) => {
      const { status, body } = await passwordStep(owner.email, owner.password, ip);
      expect(status).toBe(200);
      return body.data.challenge as string;
    };
    return { ...owner, challengeFrom };
  }

  it('counts the addresses of one IPv6 /64 as one client: after 5 wrong passwords from five of them, a sixth waits', async () => {
    const { email, password } = await newAccount();
    for (let i = 1; i <= 5; i++)
      expect((await passwordStep(email, `incorrecta-${i}`, `2001:db8:40:1::${i}`)).status).toBe(401);
    expect(await passwordStep(email, password, '2001:db8:40:1:ffff:ffff:ffff:6')).toEqual({
      status: 429,
      body: expect.objectContaining({ error: WAIT }),
    });
    // Another /64 is another client.
    expect((await passwordStep(email, password, '2001:db8:40:2::1')).status).toBe(200);
  });

  it('locks an account after 10 wrong codes from 10 addresses: even the right code waits, the owner is mailed once, and after 15 minutes the right code gets in', async () => {
    const owner = await enrolled();
    const attempt = async (ip: string, code: string) => codeStep(await owner.challengeFrom(ip), code, ip);
    for (let i = 1; i <= 10; i++) expect((await attempt(`192.0.2.${i}`, '000000')).status).toBe(401);
    for (const ip of ['192.0.2.11', '2001:db8:41::1'])
      expect(await attempt(ip, totpCode())).toEqual({
        status: 429,
        body: expect.objectContaining({ error: ACCOUNT_LOCKED }),
      });
    const notices = await db().query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = $1',
      [owner.email],
    );
    expect(notices).toEqual([
      {
        subject: 'Aviso de seguridad: el ingreso a su cuenta quedó en pausa 15 minutos',
        body: expect.stringContaining('luego escribió 10 códigos de verificación incorrectos'),
      },
    ]);
    expect(notices[0]!.body).toContain(`Hola ${owner.name}:`);
    // The lock lifts 15 minutes after the code that set it.
    await db().query(`UPDATE login_failures SET failed_at = failed_at - interval '15 minutes'`);
    expect((await attempt('192.0.2.11', totpCode())).status).toBe(200);
  });

  it('accepts a challenge once: reused after its sign-in, it is refused', async () => {
    const owner = await enrolled();
    const challenge = await owner.challengeFrom('198.51.100.30');
    expect((await codeStep(challenge, totpCode(), '198.51.100.30')).status).toBe(200);
    await db().query('UPDATE admins SET totp_last_step = NULL WHERE id = $1', [owner.id]);
    expect(await codeStep(challenge, totpCode(), '198.51.100.30')).toEqual({
      status: 401,
      body: expect.objectContaining({ error: EXPIRED }),
    });
  });

  it('accepts a challenge only from the client group that typed the password', async () => {
    const owner = await enrolled();
    const challenge = await owner.challengeFrom('2001:db8:42:1::1');
    for (const elsewhere of ['198.51.100.31', '2001:db8:42:2::1'])
      expect(await codeStep(challenge, totpCode(), elsewhere)).toEqual({
        status: 401,
        body: expect.objectContaining({ error: EXPIRED }),
      });
    // Refused elsewhere, it still serves the sign-in it belongs to, from any address of that /64.
    expect((await codeStep(challenge, totpCode(), '2001:db8:42:1::2')).status).toBe(200);
  });
});

describe("the seeded local administrator's known secret (SEED_ADMIN_TOTP_SECRET)", () => {
  const executor = { query: async (text: string, params?: unknown[]) => ({ rows: await db().query(text, params) }) };
  const seed = async () => {
    await db().query('DELETE FROM admins');
    await seedFirstAdmin(executor as unknown as Parameters<typeof seedFirstAdmin>[0]);
    return (await db().query<{ id: string; totp_secret: string | null }>('SELECT id, totp_secret FROM admins'))[0]!;
  };

  it('enrols the seeded administrator in local mode, who signs in with its codes', async () => {
    process.env.SEED_ADMIN_EMAIL = 'semilla@example.com';
    process.env.SEED_ADMIN_PASSWORD = 'semilla-de-prueba';
    process.env.SEED_ADMIN_TOTP_SECRET = TEST_TOTP_SECRET;
    try {
      expect((await seed()).totp_secret).toMatch(/^v1\./);
      const { data } = (await passwordStep('semilla@example.com', 'semilla-de-prueba')).body;
      expect(data.secondFactor).toBe('totp');
      expect((await codeStep(data.challenge, totpCode())).status).toBe(200);
    } finally {
      delete process.env.SEED_ADMIN_TOTP_SECRET;
    }
  });

  it('is ignored in production, whatever is set', async () => {
    process.env.SEED_ADMIN_TOTP_SECRET = TEST_TOTP_SECRET;
    delete process.env.APP_MODE;
    try {
      expect(config.seedAdminTotpSecret()).toBeUndefined();
      process.env.TOTP_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
      expect((await seed()).totp_secret).toBeNull();
    } finally {
      process.env.APP_MODE = 'local';
      delete process.env.SEED_ADMIN_TOTP_SECRET;
      delete process.env.TOTP_ENCRYPTION_KEY;
      delete process.env.SEED_ADMIN_EMAIL;
      delete process.env.SEED_ADMIN_PASSWORD;
    }
  });
});

describe('the idle timeout, kept by the server', () => {
  const renew = (token: string) => callFunction(adminAccount, 'POST', '/api/admin/account/token', { token });
  const idleFor = (token: string, minutes: number) =>
    db().query(`UPDATE admin_sessions SET last_used_at = now() - make_interval(mins => $2) WHERE id = $1`, [
      decodeJwt(token).sid,
      minutes,
    ]);

  it('renews a token used in the last 30 minutes, and each use counts', async () => {
    const { token } = await signedInAdmin(db(), 'Activa', `activa-${++seq}@example.com`);
    await idleFor(token, 29);
    expect((await renew(token)).status).toBe(200);
    await idleFor(token, 29);
    expect((await account(token)).status).toBe(200);
    const [session] = await db().query<{ idle: boolean }>(
      `SELECT last_used_at < now() - interval '1 minute' AS idle FROM admin_sessions WHERE id = $1`,
      [decodeJwt(token).sid],
    );
    expect(session).toEqual({ idle: false });
  });

  it('refuses a token whose sign-in went unused for 30 minutes, to renew it or for anything else', async () => {
    const { token } = await signedInAdmin(db(), 'Ausente', `ausente-${++seq}@example.com`);
    await idleFor(token, 31);
    expect((await renew(token)).status).toBe(401);
    expect((await account(token)).status).toBe(401);
  });

  it('keeps each sign-in apart: another device idle does not end this one', async () => {
    const me = await newAccount();
    await enrolTestSecret(db(), me.id);
    const first = (await signInFully(db(), me)).body.data.accessToken;
    const second = (await signInFully(db(), me)).body.data.accessToken;
    await idleFor(first, 31);
    expect((await account(first)).status).toBe(401);
    expect((await account(second)).status).toBe(200);
  });
});

describe("re-checks of one's own password", () => {
  it('are throttled like sign-in: after 5 wrong ones, even the right one waits', async () => {
    const { token } = await signedInAdmin(db(), 'Confirma', `confirma-${++seq}@example.com`);
    const create = (ownPassword: string) =>
      callFunction(adminAdmins, 'POST', '/api/admin/admins', {
        token,
        body: {
          name: 'Nueva',
          email: `nueva-${++seq}@example.com`,
          avatar: '',
          password: 'otra-clave-larga',
          ownPassword,
        },
      });
    for (let i = 0; i < 5; i++)
      expect((await read(await create(`incorrecta-${i}`))).body.errors).toEqual({
        ownPassword: 'La contraseña actual no es correcta.',
      });
    expect(await read(await create('contraseña-de-prueba'))).toEqual({
      status: 429,
      body: expect.objectContaining({
        error: 'Demasiados intentos con una contraseña incorrecta. Espere 15 minutos e intente nuevamente.',
      }),
    });
  });

  it('throttles the current password of a password change too', async () => {
    const { token } = await signedInAdmin(db(), 'Cambia', `cambia-${++seq}@example.com`);
    const change = (currentPassword: string) =>
      callFunction(adminAccount, 'POST', '/api/admin/account/password', {
        token,
        body: { currentPassword, newPassword: 'nueva-clave-larga', confirmPassword: 'nueva-clave-larga' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`incorrecta-${i}`)).status).toBe(400);
    expect((await change('contraseña-de-prueba')).status).toBe(429);
  });
});

/** Row 1: a compliance account is opened only by its owner. */
describe('compliance accounts', () => {
  let officer: Awaited<ReturnType<typeof signedInAdmin>>;
  let both: Awaited<ReturnType<typeof signedInAdmin>>;
  let administrator: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    officer = await signedInAdmin(db(), 'Olga Oficial', `olga-${++seq}@example.com`, ['cumplimiento']);
    both = await signedInAdmin(db(), 'Bea Ambas', `bea-${++seq}@example.com`, ['administrador', 'cumplimiento']);
    administrator = await signedInAdmin(db(), 'Ana Admin', `ana-${++seq}@example.com`);
  });
  const grant = (id: string) =>
    callFunction(adminDenuncias, 'PUT', `/api/admin/denuncias/team/${id}`, {
      token: officer.token,
      body: { compliance: true },
    });
  const edit = (token: string, id: string, body: Record<string, string>) =>
    callFunction(adminAdmins, 'PUT', `/api/admin/admins/${id}`, {
      token,
      body: { avatar: '', ownPassword: 'contraseña-de-prueba', ...body },
    });

  it('cannot have their password reset or their e-mail changed by anyone else, administrator or compliance', async () => {
    for (const change of [
      { name: officer.name, email: officer.email, password: 'una-clave-que-yo-elegi' },
      { name: officer.name, email: `otro-${++seq}@example.com` },
    ]) {
      // An administrator changes nothing of a compliance account…
      expect((await edit(administrator.token, officer.id, change)).status).toBe(403);
      // …and a compliance user neither its password nor its e-mail: only its owner may.
      expect(await read(await edit(both.token, officer.id, change))).toEqual({
        status: 403,
        body: expect.objectContaining({
          error:
            'Nadie puede cambiar la contraseña ni el correo electrónico de una cuenta de cumplimiento: solo su titular, desde Mi cuenta.',
        }),
      });
    }
    // Its name, a compliance user may still correct.
    expect((await edit(both.token, officer.id, { name: 'Olga Oficial Pérez', email: officer.email })).status).toBe(200);
    expect((await desk(officer.token)).status).toBe(200);
  });

  it('a grant ends every session of the account, and its desk stays closed until the owner sets a password of their own', async () => {
    // An administrator creates the account and types its password; its owner enrols TOTP.
    const grantee = await newAccount();
    await enrolTestSecret(db(), grantee.id);
    const before = (await signInFully(db(), grantee)).body.data.accessToken;
    expect((await read(await grant(grantee.id))).status).toBe(200);
    expect((await account(before)).status).toBe(401);

    // Whoever knows that password signs in, and finds the desk closed.
    const after = (await signInFully(db(), grantee)).body.data.accessToken;
    expect(await read(await desk(after))).toEqual({
      status: 403,
      body: expect.objectContaining({
        error:
          'El canal de denuncias se abrirá cuando defina una contraseña propia en Mi cuenta y tenga activo el segundo factor.',
      }),
    });
    // The administrator can no longer reset that password, though it was theirs to reset before the grant.
    expect(
      (
        await edit(administrator.token, grantee.id, {
          name: grantee.name,
          email: grantee.email,
          password: 'la-del-admin-1',
        })
      ).status,
    ).toBe(403);

    // The owner's own password opens it.
    const changed = await read(
      await callFunction(adminAccount, 'POST', '/api/admin/account/password', {
        token: after,
        body: { currentPassword: grantee.password, newPassword: 'mi-propia-clave', confirmPassword: 'mi-propia-clave' },
      }),
    );
    expect(changed.status).toBe(200);
    expect((await desk(changed.body.data.accessToken)).status).toBe(200);
  });

  it('a password reset just before the grant does not count as the owner’s, nor a password chosen before the grant', async () => {
    const grantee = await newAccount();
    await db().query(`UPDATE admins SET password_chosen_at = now() - interval '1 hour' WHERE id = $1`, [grantee.id]);
    await enrolTestSecret(db(), grantee.id);
    await grant(grantee.id);
    expect((await desk((await signInFully(db(), grantee)).body.data.accessToken)).status).toBe(403);
  });

  it('the desk stays closed without a second factor, even with the own password', async () => {
    await db().query('UPDATE admins SET totp_secret = NULL, totp_enrolled_at = NULL WHERE id = $1', [officer.id]);
    try {
      expect((await desk(officer.token)).status).toBe(403);
    } finally {
      await enrolTestSecret(db(), officer.id);
    }
  });

  it('an administrator still resets an administrator who holds no compliance role', async () => {
    const other = await newAccount();
    expect(
      (
        await edit(administrator.token, other.id, {
          name: other.name,
          email: other.email,
          password: 'nueva-clave-larga',
        })
      ).status,
    ).toBe(200);
    const [row] = await db().query<{ password_chosen_at: Date | null }>(
      'SELECT password_chosen_at FROM admins WHERE id = $1',
      [other.id],
    );
    expect(row!.password_chosen_at).toBeNull();
  });
});

describe('invitations', () => {
  const TOKEN = 'una-clave-de-arranque-de-al-menos-32-caracteres';
  const open = (token: string) => read_(callFunction(invitation, 'POST', '/api/invitation', { body: { token } }));
  const accept = (body: unknown) => read_(callFunction(invitation, 'POST', '/api/invitation/accept', { body }));
  const read_ = async (response: Promise<Response>) => read(await response);
  const invite = (database: Database = db()) =>
    createInvitation(database, {
      name: 'Elena Encargada',
      email: `Elena-${++seq}@Example.com`,
      roles: ['cumplimiento'],
    });

  it('is opened by its link: who it is for and a secret to enrol; accepted once with the password chosen and a first code', async () => {
    const { token } = await invite();
    const opened = await open(token);
    expect(opened).toEqual({
      status: 200,
      body: {
        success: true,
        data: {
          name: 'Elena Encargada',
          email: `elena-${seq}@example.com`,
          totp: { secret: expect.any(String), uri: expect.any(String) },
        },
      },
    });
    const { secret } = opened.body.data.totp;
    const form = { token, password: 'la-que-yo-elegi', confirmPassword: 'la-que-yo-elegi', secret };
    expect((await accept({ ...form, code: '000000' })).status).toBe(400);
    const accepted = await accept({ ...form, code: totpCode(secret) });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.admin.roles).toEqual(['cumplimiento']);
    expect(accepted.body.data.recoveryCodes).toHaveLength(10);
    // Used once: the same link no longer opens, nor accepts.
    expect((await open(token)).status).toBe(404);
    expect((await accept({ ...form, code: totpCode(secret, step() + 1) })).status).toBe(404);
    // The new account signs in with its own password and code; its desk is open.
    await db().query('UPDATE admins SET totp_last_step = NULL WHERE id = $1', [accepted.body.data.admin.id]);
    const signedIn = await signInFully(
      db(),
      { email: `elena-${seq}@example.com`, password: 'la-que-yo-elegi' },
      { secret },
    );
    expect(signedIn.status).toBe(200);
    expect((await desk(signedIn.body.data.accessToken)).status).toBe(200);
  });

  it('expires', async () => {
    const { token } = await invite();
    await db().query(`UPDATE admin_invitations SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect(await open(token)).toEqual({
      status: 404,
      body: expect.objectContaining({
        error:
          'Este enlace de invitación no es válido, ya fue usado o expiró. Pida uno nuevo a quien administra el sitio.',
      }),
    });
  });

  it('creates one account of two concurrent acceptances', async () => {
    const { token } = await invite();
    const { secret } = (await open(token)).body.data.totp;
    const form = { token, password: 'la-que-yo-elegi', confirmPassword: 'la-que-yo-elegi', secret };
    const answers = await Promise.all([
      accept({ ...form, code: totpCode(secret) }),
      accept({ ...form, code: totpCode(secret) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404]);
  });

  it("is what the first compliance user's bootstrap answers, never an account with a password someone typed", async () => {
    process.env.ADMIN_BOOTSTRAP_TOKEN = TOKEN;
    await db().query(`DELETE FROM admins WHERE 'cumplimiento' = ANY(roles)`);
    try {
      const answered = await read(
        await callFunction(bootstrap, 'POST', '/api/bootstrap?rol=cumplimiento', {
          body: { token: TOKEN, name: 'Encargada', email: 'epd@example.com', password: 'la-del-operador-1' },
        }),
      );
      expect(answered).toEqual({
        status: 201,
        body: {
          success: true,
          data: {
            invitation: {
              path: expect.stringMatching(/^\/admin\/invitacion#[\w-]{43}$/),
              expiresAt: expect.any(String),
            },
          },
        },
      });
      expect(await db().query(`SELECT 1 FROM admins WHERE email = 'epd@example.com'`)).toEqual([]);
      const token = answered.body.data.invitation.path.split('#')[1];
      expect((await open(token)).body.data.email).toBe('epd@example.com');
    } finally {
      delete process.env.ADMIN_BOOTSTRAP_TOKEN;
    }
  });
});
