import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAdminEnvironment } from '../helpers/admin.ts';
import { adminFunctions, publicFunctions } from '../helpers/fuzz-endpoints.ts';
import { describeFuzz, functionsDir, loadFunction, rowCounter, SCHEDULED, writeReport } from '../helpers/fuzz.ts';

/**
 * The fuzz test of the public functions (tests/helpers/fuzz.ts; the admin ones are in
 * fuzz-admin.test.ts, a file of its own so that both run at once), and the check that the fuzz
 * list names every function of netlify/functions.
 */
const environment = useAdminEnvironment();

// The pages filled per request read the build's HTML (dist/), which a test run has not built, or
// is building beside it (scripts/test.ts): they get a page of their own with every marker a page
// is filled at, the input is the point.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const { resolve, sep } = await import('node:path');
  const markers = [
    'aviso:contenido',
    'aviso:json-ld',
    'avisos:anteriores',
    'avisos:vigentes',
    'cortes:historial',
    'cortes:lista',
    'comunicados:lista',
    'cortes:localidades',
    'educacion:galerias',
    'indicadores:cifras',
    'nosotros:documentos',
    'tbk-final:comprobante',
  ];
  // /comunicados' fixed items, which its page holds as data.
  const fixedNews = '<script type="application/json" id="comunicados-fijos">[]</script>';
  const page = `<!doctype html><html lang="es"><head><title>Página</title></head><body>${markers.map((marker) => `<!--${marker}-->`).join('')}${fixedNews}</body></html>`;
  const dist = `${resolve(import.meta.dirname, '../../dist')}${sep}`;
  const readFile = ((file: Parameters<typeof actual.readFile>[0], ...rest: [never]) =>
    String(file).startsWith(dist) ? Promise.resolve(page) : actual.readFile(file, ...rest)) as typeof actual.readFile;
  return { ...actual, readFile, default: { ...actual, readFile } };
});
let counts: Awaited<ReturnType<typeof rowCounter>>;
beforeAll(async () => {
  counts = await rowCounter(environment.database.db);
});
afterAll(() => writeReport('public'));

describe('the fuzz list names every function', () => {
  it('with a path, with the paths of its config; a scheduled one, without a path, is left out by name', async () => {
    const modules = await Promise.all(
      (await readdir(functionsDir))
        .filter((file) => file.endsWith('.ts'))
        .map(async (file) => {
          const name = file.replace(/\.ts$/, '');
          const { config } = await loadFunction(name);
          return { name, paths: [config.path ?? []].flat().sort(), scheduled: Boolean(config.schedule) };
        }),
    );
    const listed = [...publicFunctions, ...adminFunctions].map(({ name, routes }) => ({
      name,
      paths: [...new Set(routes.map(({ path }) => path))].sort(),
      scheduled: false,
    }));
    const left = Object.keys(SCHEDULED).map((name) => ({ name, paths: [], scheduled: true }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect([...listed, ...left].sort(byName)).toEqual(modules.sort(byName));
  });
});

describeFuzz(
  publicFunctions,
  () => ({}),
  () => counts,
);
