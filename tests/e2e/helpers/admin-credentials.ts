/**
 * The administrator the end-to-end tests sign in as. playwright.config.ts hands these to the
 * server it starts (SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_ADMIN_TOTP_SECRET), so a new local
 * database gets them as its first admin; on a database that already has admins,
 * admin-session.ts's ensureAdmin adds it.
 */
export const e2eAdmin = {
  name: 'Administrador E2E',
  email: 'e2e-admin@example.com',
  password: 'clave-de-prueba-e2e',
} as const;

/**
 * The server's ADMIN_BOOTSTRAP_TOKEN (playwright.config.ts): its database already has admins, so
 * the first-administrator screen must refuse it.
 */
export const e2eBootstrapToken = 'clave-de-arranque-de-las-pruebas-e2e-0123456789';

/**
 * The compliance officer the denuncias desk tests sign in as: only the `cumplimiento`
 * role, as the operator creates the first one (admin-session.ts's ensureAdmin, with its roles).
 */
export const e2eCompliance = {
  name: 'Cumplimiento E2E',
  email: 'e2e-cumplimiento@example.com',
  password: 'clave-de-cumplimiento-e2e',
} as const;

/**
 * The second factor of every admin the tests sign in as: the TOTP secret (base32) the
 * seeded administrator gets from SEED_ADMIN_TOTP_SECRET and ensureAdmin enrols, and the server's
 * TOTP_ENCRYPTION_KEY, so ensureAdmin seals the secret as the server reads it.
 */
export const e2eTotpSecret = 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF';
export const e2eTotpKey = 'ZTJlLXRvdHAta2V5LW9mLTMyLWJ5dGVzLWV4YWN0bHk=';
