import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useLocalEnvironment } from '../helpers/database.ts';

/**
 * `npm run admin:create` (scripts/create-admin.ts): the operator's way to an account, and the only
 * way to the first compliance user, since no administrator may grant that role (issue 16).
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

  it('creates a compliance user with --role cumplimiento, or one with both roles', async () => {
    await createAdmin('--email', 'epd@example.com', '--name', 'Encargada', '--role', 'cumplimiento');
    expect(await rolesOf('epd@example.com')).toEqual(['cumplimiento']);
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
    expect(await rolesOf('ambas@example.com')).toEqual(['administrador', 'cumplimiento']);
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
