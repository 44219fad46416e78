import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Rolldown } from 'vite';
import { OFFLINE_PAGE, SAVED_PAGES, SERVICE_WORKER_PATH } from '../shared/offline/pages.ts';
import { staticImportsOf } from './module-preload.ts';

/*
 * The service worker of the offline emergency pages (docs/architecture.md "Offline"): TypeScript in
 * src/offline, bundled after each build into dist/sw.js, at the root so that its scope is the whole
 * site (netlify.toml serves it with no-cache). The build writes into it the files the kept pages
 * need, read from the built pages, and a version that changes with them: the worker's cache is
 * named after it, so a new build's worker starts from its own copies and removes the old ones.
 */

const WORKER_ENTRY = fileURLToPath(new URL('../offline/service-worker.ts', import.meta.url));

/** A same-origin file a page may load, not another page nor a document to download. */
const FILE = /^\/(?!\/)[^?#]*\.(css|js|mjs|svg|png|jpe?g|gif|webp|avif|ico|woff2?)$/;

/** The files a built page loads: stylesheets, icons, scripts and preloads, its islands' code. */
export function filesOfPage(html: string): string[] {
  const values = [...html.matchAll(/\s(?:href|src|component-url|renderer-url)="([^"]+)"/g)].map(([, value]) => value!);
  return [...new Set(values.filter((value) => FILE.test(value)))];
}

/** The files a stylesheet names (fonts, images), by the site paths Vite writes. */
const filesOfStylesheet = (css: string): string[] =>
  [...css.matchAll(/url\(\s*["']?([^"')\s]+)["']?\s*\)/g)]
    .map(([, value]) => value!)
    .filter((value) => FILE.test(value));

/** The stylesheets a module links itself, by their built paths (leaflet-stylesheet.ts, /cortes' map). */
const stylesheetsOfModule = (code: string): string[] =>
  [...code.matchAll(/["'`](\/_astro\/[^"'`\s]+\.css)["'`]/g)].map(([, value]) => value!);

/**
 * What the offline pages of the build in `root` need: every file each page loads, every module
 * its scripts import, however deep, dynamic imports too (an island's code loaded on demand, such
 * as /cortes' map: a module missing offline took the whole island down), the stylesheets those
 * modules link themselves (Leaflet's, linked when /cortes' map loads), and the files of its
 * stylesheets; each once, sorted. A page not in the build is listed in `missing`.
 */
export async function offlineFiles(
  root: string,
  pages: readonly string[],
): Promise<{ files: string[]; missing: string[] }> {
  const files = new Set<string>();
  const missing: string[] = [];
  for (const page of pages) {
    const html = await readFile(path.join(root, `${page}.html`), 'utf8').catch(() => undefined);
    if (html === undefined) {
      missing.push(page);
      continue;
    }
    const found = new Set<string>();
    for (const file of filesOfPage(html)) {
      found.add(file);
      if (file.endsWith('.js'))
        for (const imported of await staticImportsOf(file, root, new Set(), { dynamic: true })) found.add(imported);
    }
    for (const file of [...found].filter((file) => file.endsWith('.js')))
      for (const stylesheet of stylesheetsOfModule(await readFile(path.join(root, file), 'utf8')))
        found.add(stylesheet);
    for (const file of found) {
      files.add(file);
      if (file.endsWith('.css'))
        for (const named of filesOfStylesheet(await readFile(path.join(root, file), 'utf8'))) files.add(named);
    }
  }
  return { files: [...files].sort(), missing };
}

/** A version of what the worker caches at install: the offline pages and their files, by their bytes. */
async function versionOf(root: string, pages: readonly string[], files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...pages.map((page) => `${page}.html`), ...files]) {
    const bytes = await readFile(path.join(root, file)).catch(() => undefined);
    if (bytes) hash.update(`\0${file}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The worker's script: src/offline bundled for browsers, with what the build found written in. */
export async function bundleWorker(build_: { version: string; files: string[] }): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { __OFFLINE_BUILD__: JSON.stringify(build_) },
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      // A classic script, as navigator.serviceWorker.register loads one by default.
      lib: { entry: WORKER_ENTRY, formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw.js' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [chunk] = [output]
    .flat()
    .flatMap((result) => result.output)
    .filter((file) => file.type === 'chunk');
  if (!chunk) throw new Error('The service worker was not bundled.');
  return chunk.code;
}

export function serviceWorker(): AstroIntegration {
  return {
    name: 'service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = [OFFLINE_PAGE, ...SAVED_PAGES.map((page) => page.path)];
        const { files, missing } = await offlineFiles(root, pages);
        if (missing.includes(OFFLINE_PAGE)) throw new Error(`The offline page ${OFFLINE_PAGE} is not in the build.`);
        for (const page of missing)
          logger.warn(
            `${page} is not in the build: the service worker keeps it, without its files, once the site answers it.`,
          );
        const version = await versionOf(root, pages, files);
        await writeFile(path.join(root, SERVICE_WORKER_PATH), await bundleWorker({ version, files }));
        logger.info(`${SERVICE_WORKER_PATH}: version ${version}, ${files.length} files for the offline pages`);
      },
    },
  };
}
