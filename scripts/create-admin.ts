/**
 * `npm run admin:create -- --email persona@example.com --name "Nombre Apellido"`: creates an
 * administrator (the first one, or any). `--role cumplimiento` (repeatable, with `--role
 * administrador` for both) creates a compliance user instead: the first one can only come from
 * here, since no administrator may grant that role (issue 16). The password is ADMIN_PASSWORD,
 * or generated and shown once. Works on NETLIFY_DB_URL, or the running `npm start` in local mode.
 */
import { parseArgs } from 'node:util';
import { adminRoles, type AdminRole } from '../src/shared/admins.ts';
import { createAdmin } from '../src/server/auth/admins.ts';
import { generatePassword } from '../src/server/auth/passwords.ts';
import { commandDatabase } from './lib/command-database.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', multiple: true } },
});
const roles = values.role ?? ['administrador'];
const isRole = (role: string): role is AdminRole => (adminRoles as readonly string[]).includes(role);
if (!values.email || !values.name || !roles.every(isRole)) {
  console.error(`Usage: npm run admin:create -- --email <e-mail> --name "<name>" [--role ${adminRoles.join('|')}]…`);
  process.exit(1);
}
const password = process.env.ADMIN_PASSWORD ?? generatePassword();
const db = await commandDatabase();
try {
  const admin = await createAdmin(db, {
    name: values.name,
    email: values.email,
    password,
    roles: roles.filter(isRole),
  });
  console.log(`Account ${admin.email} created with the roles ${admin.roles.join(', ')} (id ${admin.id}).`);
  if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown only now): ${password}`);
} finally {
  await db.close();
}
