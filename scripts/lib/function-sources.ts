import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { PAGE_HEADERS_MODULE, pageHeadersModule } from './page-headers.ts';

/**
 * The functions as Netlify ships them: each netlify/functions/*.ts bundled by esbuild into one
 * module of its own in FUNCTIONS_DIRECTORY, netlify.toml's `[functions] directory`, which Netlify's
 * bundler then zips. Netlify's bundler traces v2 functions with nft whatever `node_bundler` says,
 * and nft ships whole packages with their sources: 1.1–2.4 MB zipped a function, 200–750 ms to
 * import cold (docs/performance.md, "Cold starts"). Bundled first, a function carries only the code
 * it reaches. The folder is two levels below the project, as netlify/functions is, so that the
 * paths the page functions resolve from their own module (../../dist/…) still reach the project.
 */
export const FUNCTIONS_DIRECTORY = '.netlify/functions-bundled';

/**
 * Packages only local mode loads, by a dynamic import behind its switch: kept out of every bundle
 * and, by netlify.toml's included_files, out of the zips. Local mode finds them in the project's
 * node_modules, above its bundles.
 */
export const LOCAL_ONLY_PACKAGES = ['nodemailer'];

/**
 * Lighter stand-ins for what the functions reach but never run (docs/performance.md, "Cold
 * starts"), by the import they replace: Node's own WebSocket for `ws`, a postcss that refuses for
 * sanitize-html's style parsing (turned off), a postal-mime that refuses for Resend's forwarding of
 * received mail (never used), and React's string renderer alone for the page
 * functions' renderToStaticMarkup (react-dom/server brings the streaming one too, 280 KB).
 */
const substitutes = (projectRoot: string): Record<string, string> => ({
  ws: path.join(projectRoot, 'scripts/lib/substitutes/ws.ts'),
  postcss: path.join(projectRoot, 'scripts/lib/substitutes/postcss.ts'),
  'postal-mime': path.join(projectRoot, 'scripts/lib/substitutes/postal-mime.ts'),
  htmlparser2: path.join(projectRoot, 'node_modules/htmlparser2/dist/esm/Parser.js'),
  'react-dom/server': path.join(projectRoot, 'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js'),
});

/**
 * Required only behind a switch the functions never turn (pg's `native` getter): left unresolved
 * rather than bundled, for a require that never runs.
 */
const NEVER_REQUIRED = ['pg-native'];

/**
 * What the substitutes and NEVER_REQUIRED leave out, with what those packages bring: one that comes
 * back into a bundle has found a way round them.
 */
export const LEFT_OUT_PACKAGES = ['ws', 'postcss', 'source-map-js', 'postal-mime', 'pg-native', 'libpq'];

/**
 * Packages no function may carry: local mode's (above), and what the business days once brought
 * along with date-holidays (moment-timezone's zone data and astronomia's tables, 3.7 MB), now a
 * table of Chile's holidays (src/shared/time/chile-holidays.ts). PGlite is the local emulation's database.
 */
const FORBIDDEN_PACKAGES = [
  ...LOCAL_ONLY_PACKAGES,
  '@electric-sql/pglite',
  'date-holidays',
  'date-holidays-parser',
  'moment-timezone',
  'astronomia',
  ...LEFT_OUT_PACKAGES,
];

/** The forbidden packages a bundle's inputs (esbuild's metafile) come from. */
export function forbiddenPackages(metafile: Metafile, output: string): string[] {
  const inputs = Object.keys(metafile.outputs[output]?.inputs ?? {});
  return FORBIDDEN_PACKAGES.filter((name) => inputs.some((input) => input.includes(`node_modules/${name}/`)));
}

// esbuild's ESM output turns a bundled CommonJS package's require('events') into a call that
// throws unless `require` exists: give each module Node's, as Netlify's bundler does.
const REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/** netlify.toml's page headers, written into each bundle that imports them (page-headers.ts). */
const pageHeadersPlugin = (projectRoot: string): Plugin => ({
  name: 'page-headers',
  setup(bundler) {
    bundler.onResolve({ filter: new RegExp(`^${PAGE_HEADERS_MODULE}$`) }, () => ({
      path: PAGE_HEADERS_MODULE,
      namespace: 'page-headers',
    }));
    bundler.onLoad({ filter: /.*/, namespace: 'page-headers' }, async () => ({
      contents: await pageHeadersModule(projectRoot),
      loader: 'js',
    }));
  },
});

/** How esbuild bundles a function, whatever its entry and output. */
export const functionBuildOptions = (projectRoot: string) =>
  ({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Whitespace and syntax only, never the names: a stack trace in the function logs still names
    // each function (on one long line), and the bundles are a sixth smaller to compile.
    minifyWhitespace: true,
    minifySyntax: true,
    external: [...LOCAL_ONLY_PACKAGES, ...NEVER_REQUIRED],
    alias: substitutes(projectRoot),
    // React's production build only (the page functions render with react-dom/server): without
    // it both builds are bundled and the development one runs.
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: REQUIRE_SHIM },
    plugins: [pageHeadersPlugin(projectRoot)],
  }) satisfies BuildOptions;

/**
 * Bundles every function (or those named) into `directory` (emptied first), a folder two levels
 * below the project (FUNCTIONS_DIRECTORY for a deploy), and returns its path; fails naming a bundle
 * that carries a forbidden package.
 */
export async function bundleFunctionSources(projectRoot: string, directory: string, only?: string[]): Promise<string> {
  const sources = path.join(projectRoot, 'netlify/functions');
  const outdir = path.join(projectRoot, directory);
  const entryPoints = (await readdir(sources))
    .filter((file) => file.endsWith('.ts') && (!only || only.includes(path.basename(file, '.ts'))))
    .map((file) => path.join(sources, file));
  await rm(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    ...functionBuildOptions(projectRoot),
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'warning',
  });
  const carrying = Object.keys(metafile.outputs)
    .map((output) => ({ output, packages: forbiddenPackages(metafile, output) }))
    .filter(({ packages }) => packages.length > 0);
  if (carrying.length > 0)
    throw new Error(
      `Functions carrying what no deploy may ship:\n${carrying.map(({ output, packages }) => `${path.basename(output)}: ${packages.join(', ')}`).join('\n')}`,
    );
  return outdir;
}
