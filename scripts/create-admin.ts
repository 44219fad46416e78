/**
 * `npm run admin:create -- --email persona@example.com --name "Nombre Apellido"`: creates an
 * administrator (the first one, or any). The password is ADMIN_PASSWORD, or generated and shown
 * once. Works on NETLIFY_DB_URL, or the running `npm start` in local mode.
 */
import { parseArgs } from 'node:util';
import { createAdmin } from '../src/server/auth/admins.ts';
import { generatePassword } from '../src/server/auth/passwords.ts';
import { commandDatabase } from './lib/command-database.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !values.name) {
  console.error('Usage: npm run admin:create -- --email <e-mail> --name "<name>"');
  process.exit(1);
}
const password = process.env.ADMIN_PASSWORD ?? generatePassword();
const db = await commandDatabase();
try {
  const admin = await createAdmin(db, { name: values.name, email: values.email, password });
  console.log(`Administrator ${admin.email} created (id ${admin.id}).`);
  if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown only now): ${password}`);
} finally {
  await db.close();
}
