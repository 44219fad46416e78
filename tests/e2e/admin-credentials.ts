/**
 * The administrator the end-to-end tests sign in as. playwright.config.ts hands these to the
 * server it starts (SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD), so a new local database gets them as
 * its first admin; on a database that already has admins, admin-session.ts's ensureAdmin adds it.
 */
export const e2eAdmin = {
  name: 'Administrador E2E',
  email: 'e2e-admin@example.com',
  password: 'clave-de-prueba-e2e',
} as const;
