/**
 * `npm run admin:create -- --email persona@example.com --name "Nombre Apellido"`: creates an
 * administrator, whose password is ADMIN_PASSWORD, or generated and shown once; they enrol their
 * second factor at their first sign-in. `--role cumplimiento` (repeatable, with `--role
 * administrador` for both) invites a compliance user instead: nobody but that person
 * may choose its password, so no account is created here; the command prints an invitation link,
 * valid 72 hours and usable once, where the person chooses the password and enrols TOTP. The
 * link's address is SITE_URL (or `http://localhost:$PORT`). Works on NETLIFY_DB_URL, or the
 * running `npm start` in local mode.
 */
import { parseArgs } from 'node:util';
import { adminRoles, type AdminRole } from '../src/shared/admins/schema.ts';
import { createAdmin } from '../src/server/auth/sign-in.ts';
import { createInvitation, invitationPath } from '../src/server/auth/invitations.ts';
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
const db = await commandDatabase();
try {
  if (roles.includes('cumplimiento')) {
    const { token, expiresAt } = await createInvitation(db, {
      name: values.name,
      email: values.email,
      roles: [...new Set(roles.filter(isRole))],
    });
    const origin = (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 8888}`).replace(/\/+$/, '');
    console.log(
      `Invitation for ${values.email.toLowerCase()} with the roles ${roles.join(', ')}, valid until ${expiresAt}.`,
    );
    console.log('Hand this link to that person only (it is shown only now); they choose their own password there:');
    console.log(`${origin}${invitationPath(token)}`);
  } else {
    const password = process.env.ADMIN_PASSWORD ?? generatePassword();
    const admin = await createAdmin(db, { name: values.name, email: values.email, password });
    console.log(`Account ${admin.email} created with the roles ${admin.roles.join(', ')} (id ${admin.id}).`);
    if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown only now): ${password}`);
  }
} finally {
  await db.close();
}
