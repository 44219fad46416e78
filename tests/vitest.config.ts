import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { PAGE_HEADERS_MODULE, pageHeadersModule } from '../scripts/lib/page-headers.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  // netlify.toml's page headers as the functions' bundles carry them (scripts/lib/page-headers.ts).
  plugins: [
    {
      name: 'page-headers',
      resolveId: (id) => (id === PAGE_HEADERS_MODULE ? `\0${PAGE_HEADERS_MODULE}` : undefined),
      load: (id) => (id === `\0${PAGE_HEADERS_MODULE}` ? pageHeadersModule(projectRoot) : undefined),
    },
  ],
  test: {
    // unit: no database; integration: against the run's real PostgreSQL (helpers/postgres-server.ts).
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // One real PostgreSQL for the run; each file copies its migrated template (helpers/postgres-server.ts).
    globalSetup: ['tests/helpers/postgres-server.ts'],
    // The accounts the tests create are hashed at scrypt's 2^14, not production's 2^17
    // (config.passwordHashCost, local mode only; auth-functions.test.ts tests both): about 0.15 s
    // of a core a hash here instead of 1 to 1.5 s, in every admin created and every sign-in.
    env: { PASSWORD_HASH_COST: '14' },
    // Vitest's default is one worker fewer than the cores: one here. The files wait on their
    // databases (PGlite, the real PostgreSQL) as much as they compute, and each has its own.
    maxWorkers: 2,
    // A sign-in checks a scrypt, and the throttles' tests sign in seven times or more: with both
    // cores shared, 20 s was not enough for them at OWASP's cost.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
