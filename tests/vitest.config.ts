import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one here. The files wait on their
    // databases (PGlite, the real PostgreSQL) as much as they compute, and each has its own.
    maxWorkers: 2,
    // A sign-in checks a scrypt at OWASP's cost (about 1 s of a core here), and the throttles'
    // tests sign in seven times or more: with both cores shared, 20 s was not enough for them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
