import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useLocalEnvironment } from '../helpers/database.ts';

/**
 * `npm run admin:create` (scripts/create-admin.ts): the operator's way to an account, and to the
 * first compliance user's invitation, since no administrator may grant that role and
 * nobody but that person may choose its password.
 */

const environment = useLocalEnvironment();
const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/create-admin.ts');

const createAdmin = (...args: string[]) =>
  run(process.execPath, [script, ...args], {
    env: { ...process.env, NETLIFY_DB_URL: environment.database.url, ADMIN_PASSWORD: 'una-clave-larga-de-prueba' },
  });

const rolesOf = async (email: string) =>
  (await environment.database.db.query<{ roles: string[] }>('SELECT roles FROM admins WHERE email = $1', [email]))[0]
    ?.roles;

describe('npm run admin:create', () => {
  it('creates an administrator by default', async () => {
    const { stdout } = await createAdmin('--email', 'ana@example.com', '--name', 'Ana Soto');
    expect(stdout).toContain('Account ana@example.com created with the roles administrador');
    expect(await rolesOf('ana@example.com')).toEqual(['administrador']);
  });

  it('invites a compliance user with --role cumplimiento: a link, usable once, where that person chooses the password', async () => {
    const { stdout } = await createAdmin('--email', 'EPD@example.com', '--name', 'Encargada', '--role', 'cumplimiento');
    // No account, and no password anyone else saw: only the invitation.
    expect(await rolesOf('epd@example.com')).toBeUndefined();
    expect(stdout).not.toContain('una-clave-larga-de-prueba');
    const link = stdout.match(/http:\/\/localhost:\d+\/admin\/invitacion#([\w-]{43})/);
    expect(link).not.toBeNull();
    const [invitation] = await environment.database.db.query<{ token_hash: string; roles: string[]; hours: number }>(
      `SELECT token_hash, roles, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
       FROM admin_invitations WHERE email = 'epd@example.com'`,
    );
    expect(invitation).toEqual({
      token_hash: createHash('sha256').update(link![1]!).digest('hex'),
      roles: ['cumplimiento'],
      hours: 72,
    });
    await createAdmin(
      '--email',
      'ambas@example.com',
      '--name',
      'Ambas',
      '--role',
      'administrador',
      '--role',
      'cumplimiento',
    );
    expect(
      (
        await environment.database.db.query('SELECT roles FROM admin_invitations WHERE email = $1', [
          'ambas@example.com',
        ])
      )[0],
    ).toEqual({ roles: ['administrador', 'cumplimiento'] });
  });

  it('refuses an unknown role and creates nothing', async () => {
    await expect(createAdmin('--email', 'rol@example.com', '--name', 'Rol', '--role', 'auditor')).rejects.toMatchObject(
      {
        code: 1,
        stderr: expect.stringContaining('--role administrador|cumplimiento'),
      },
    );
    expect(await rolesOf('rol@example.com')).toBeUndefined();
  });
});
