import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { config as nosotrosPageConfig } from '../../netlify/functions/company-page.ts';
import { config as educacionPageConfig } from '../../netlify/functions/education-page.ts';
import { config as comunicadosPageConfig } from '../../netlify/functions/news-page.ts';
import { config as avisosPageConfig } from '../../netlify/functions/advisories-page.ts';
import { config as indicadoresPageConfig } from '../../netlify/functions/indicators-page.ts';
import { config as historialPageConfig } from '../../netlify/functions/outages-history-page.ts';
import { config as cortesPageConfig } from '../../netlify/functions/outages-page.ts';
import { config as tbkFinalPageConfig } from '../../netlify/functions/payments-receipt-page.ts';
import { functionsConfig, packageFunctions } from '../../scripts/lib/functions.ts';

/**
 * The files a function reads beside its code are declared as Netlify documents
 * it, netlify.toml's `[functions."name"] included_files` (paths from the base directory), not in
 * the function's source, and npm start bundles with the same settings (scripts/lib/functions.ts).
 * A function's block adds to `[functions]`'s: Netlify's bundler concatenates the lists of every
 * block a function matches, so `!.data/**` still keeps local mail and secrets out.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');
const marker = path.join(projectRoot, '.data/outbox/included-files-check.eml');
const outDirs: string[] = [];

afterAll(async () => {
  await rm(marker, { force: true });
  await Promise.all(outDirs.map((outDir) => rm(outDir, { recursive: true, force: true })));
});

/** The functions that read files beside their code: the files, and the config.path they answer. */
const functions = [
  {
    name: 'outages-page',
    files: ['dist/cortes.html', 'dist/cortes/alertas.html'],
    module: 'outages',
    config: cortesPageConfig,
    path: ['/cortes', '/cortes/alertas'],
  },
  {
    name: 'advisories-page',
    files: ['dist/404.html', 'dist/avisos.html', 'dist/avisos/plantilla.html'],
    module: 'advisories',
    config: avisosPageConfig,
    path: ['/avisos', '/avisos/:id'],
  },
  {
    name: 'outages-history-page',
    files: ['dist/cortes/historial.html'],
    module: 'outages-history',
    config: historialPageConfig,
    path: '/cortes/historial',
  },
  {
    name: 'indicators-page',
    files: ['dist/indicadores.html'],
    module: 'indicators',
    config: indicadoresPageConfig,
    path: '/indicadores',
  },
  {
    name: 'payments-receipt-page',
    files: ['dist/tbk-final.html'],
    module: 'payments-receipt',
    config: tbkFinalPageConfig,
    path: '/tbk-final/*',
  },
  {
    name: 'education-page',
    files: ['dist/educacion.html'],
    module: 'education',
    config: educacionPageConfig,
    path: '/educacion',
  },
  {
    name: 'company-page',
    files: ['dist/nosotros.html'],
    module: 'company',
    config: nosotrosPageConfig,
    path: '/nosotros',
  },
  {
    name: 'news-page',
    files: ['dist/404.html', 'dist/comunicados.html'],
    module: 'news',
    config: comunicadosPageConfig,
    path: ['/comunicados', '/comunicados/:key'],
  },
];

/** Its pages' module (src/filled-pages/): the paths from the project's root of the files it opens by their own address. */
async function filesItReads(module: string): Promise<string[]> {
  const source = await readFile(path.join(projectRoot, `src/filled-pages/${module}.ts`), 'utf8');
  const opened = [...source.matchAll(/new URL\(([^,]+),\s*import\.meta\.url\)/g)].map(([, argument]) => argument!);
  // A literal each: a path with a variable part makes the bundler take the whole folder.
  for (const argument of opened) expect(argument).toMatch(/^'\.\.\/\.\.\/[^'$`]+'$/);
  return opened.map((argument) => argument.slice("'../../".length, -1)).sort();
}

// One bundling for them all: each call of Netlify's bundler first analyses its own runtime's 1 MB.
let packaged: Promise<string> | undefined;
function packageThemAll(): Promise<string> {
  packaged ??= (async () => {
    await mkdir(path.dirname(marker), { recursive: true });
    await writeFile(marker, 'Subject: no debe viajar en una función\r\n\r\n');
    const outDir = await mkdtemp(path.join(tmpdir(), 'included-files-'));
    outDirs.push(outDir);
    await packageFunctions(
      projectRoot,
      outDir,
      'none',
      functions.map(({ name }) => name),
    );
    return outDir;
  })();
  return packaged;
}

describe.each(functions)(
  'the files $name reads beside its code',
  ({ name, module, files: expected, config, path: paths }) => {
    it('are declared in netlify.toml, which keeps the exclusion of every function', async () => {
      const settings = await functionsConfig(projectRoot);
      expect(settings['*']).toEqual({ includedFiles: ['!.data/**', '!node_modules/nodemailer/**'] });
      const patterns = [...settings['*']!.includedFiles!, ...settings[name]!.includedFiles!];
      const include = patterns.filter((pattern) => !pattern.startsWith('!'));
      const exclude = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));

      const read = await filesItReads(module);
      expect(read).toEqual(expected);
      for (const file of read) {
        expect(include.some((pattern) => path.matchesGlob(file, pattern))).toBe(true);
        expect(exclude.some((pattern) => path.matchesGlob(file, pattern))).toBe(false);
      }
      expect(exclude.some((pattern) => path.matchesGlob('.data/outbox/a.eml', pattern))).toBe(true);
      // One place says it: the function's own config no longer does.
      expect(config).toEqual({ path: paths });
    });

    it(
      'are bundled as a deploy and npm start bundle them, and nothing of .data/ nor a package',
      { timeout: 180_000 },
      async () => {
        const outDir = await packageThemAll();
        const files = (await readdir(path.join(outDir, name), { recursive: true })).map((file) =>
          file.split(path.sep).join('/'),
        );
        // Its headers are in its bundle (scripts/lib/page-headers.ts): it reads no netlify.toml.
        expect(files).not.toContain('netlify.toml');
        expect(files.filter((file) => file.split('/').includes('.data'))).toEqual([]);
        expect(files.filter((file) => file.includes('node_modules'))).toEqual([]);
        // Of the build (when the site has been built), only the pages it fills in or answers, and their
        // folders: never the whole site, which a path with a variable part once brought along.
        const folders = expected.flatMap((file) => (file.includes('/') ? [path.dirname(file)] : []));
        for (const file of files.filter((file) => file.startsWith('dist/')))
          expect([...expected, ...folders]).toContain(file);
      },
    );
  },
);
