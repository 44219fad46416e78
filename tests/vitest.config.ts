import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one here. The files wait on their
    // databases (PGlite, the real PostgreSQL) as much as they compute, and each has its own.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
