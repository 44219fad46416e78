import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useAdminEnvironment } from '../helpers/admin.ts';
import { adminFunctions, publicFunctions } from '../helpers/fuzz-endpoints.ts';
import { describeFuzz, functionsDir, loadFunction, rowCounter, ANSWERING_NO_REQUEST } from '../helpers/fuzz.ts';
import type { RowChanges } from '../helpers/row-changes.ts';

/**
 * The fuzz test of the public functions (tests/helpers/fuzz.ts; the admin ones are in
 * fuzz-admin.test.ts, a file of its own so that both run at once), and the check that the fuzz
 * list names every function of netlify/functions.
 */
const environment = useAdminEnvironment();

// The pages filled per request read the build's HTML (dist/), which a test run has not built, or
// is building beside it (scripts/test.ts): they get a page with every marker a page is filled at,
// the input is the point.
vi.mock(import('node:fs/promises'), async (original) =>
  (await import('../helpers/built-pages.ts')).withBuiltPages(original),
);
let rowChanges: RowChanges;
beforeAll(async () => {
  rowChanges = await rowCounter(environment.database.db);
});

describe('the fuzz list names every function', () => {
  it('with a path, with the paths of its config; a scheduled or background one, without a path, is left out by name', async () => {
    const modules = await Promise.all(
      (await readdir(functionsDir))
        .filter((file) => file.endsWith('.ts'))
        .map(async (file) => {
          const name = file.replace(/\.ts$/, '');
          const { config } = await loadFunction(name);
          return {
            name,
            paths: [config.path ?? []].flat().sort(),
            // Netlify knows a background function by its name's suffix.
            unrequested: Boolean(config.schedule) || name.endsWith('-background'),
          };
        }),
    );
    const listed = [...publicFunctions, ...adminFunctions].map(({ name, routes }) => ({
      name,
      paths: [...new Set(routes.map(({ path }) => path))].sort(),
      unrequested: false,
    }));
    const left = Object.keys(ANSWERING_NO_REQUEST).map((name) => ({ name, paths: [], unrequested: true }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect([...listed, ...left].sort(byName)).toEqual(modules.sort(byName));
  });
});

describeFuzz(
  publicFunctions,
  () => ({}),
  () => rowChanges,
  'public',
);
