// @ts-check
import { defineConfig } from 'astro/config';
import { existsSync, readdirSync } from 'node:fs';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import netlify from '@netlify/vite-plugin';
import { analyticsCsp } from './src/integrations/analytics-csp.ts';
import { hydrateAfterPaint } from './src/integrations/hydrate-after-paint.ts';
import { inlineCodeCsp } from './src/integrations/inline-code-csp.ts';
import { modulePreload } from './src/integrations/module-preload.ts';
import { placeholderCheck } from './src/integrations/placeholder-check.ts';
import { scriptsAfterPaint } from './src/integrations/scripts-after-paint.ts';
import { serviceWorker } from './src/integrations/service-worker.ts';
import { siteUrl } from './src/integrations/placeholders.ts';
import { analytics } from './src/shared/analytics.ts';
import { ADVISORY_TEMPLATE } from './src/shared/advisories/template.ts';
import { OFFLINE_PAGE } from './src/shared/offline/pages.ts';
import { TOKEN_PAGES } from './src/shared/token-pages.ts';
import { reportPath } from './src/shared/news/item-keys.ts';
import { PUBLISHED_SITEMAP } from './src/server/published-sitemap.ts';

const isDev = process.argv.includes('dev');
/** A page script below this size goes into the page (`assetsInlineLimit` below): about a file's headers. */
const INLINE_SCRIPT_BYTES = 1024;

/**
 * `astro dev` writes styles and scripts inline (Vite's hot reload), which the hashes of
 * netlify.toml's CSP do not allow, and Netlify's plugin copies that header onto a page whenever a
 * build of it is in dist/. The dev server drops it; the policy is the build's, tested on `npm start`.
 */
const devWithoutCspHeader = {
  name: 'dev-without-csp-header',
  /** @param {import('vite').ViteDevServer} server */
  configureServer(server) {
    server.middlewares.use((_req, res, next) => {
      res.removeHeader('Content-Security-Policy');
      next();
    });
  },
};

/**
 * A client chunk's file: Astro's `_astro/<name>.<hash>.js`, where a feature's module, named
 * `schema.ts` or `texts.ts` in its folder of src/shared, lends the folder's name (`contact` for
 * src/shared/contact/schema.ts, `billing-texts`, `denuncias-desk`): the build and a page's requests
 * say what each holds, in names no longer than the modules' (every page's scripts name them).
 * A chunk shared by several modules is named, as rolldown names it, after one of them.
 * @param {import('vite').Rolldown.PreRenderedChunk} chunk
 */
function clientChunkFileName(chunk) {
  const modules = chunk.facadeModuleId ? [chunk.facadeModuleId] : chunk.moduleIds;
  const feature = modules
    .map((id) => id.match(/src[\\/]shared[\\/](.+)[\\/](schema|texts)\.ts$/))
    .find((match) => match && (chunk.facadeModuleId || match[2] === chunk.name));
  const folder = feature?.[1]?.replace(/[\\/]/g, '-');
  const name = folder ? (feature?.[2] === 'schema' ? folder : `${folder}-texts`) : chunk.name;
  // Astro's own rule for the characters a chunk's name may keep.
  return `_astro/${name.replace(/[^\w.\-/]/g, '_')}.[hash].js`;
}

/**
 * A chunk group's test: the modules of the named packages and the project's own files, a path
 * ending in `/` standing for the whole folder. A path that does not exist fails the build, so
 * moving or renaming a module cannot silently change what a page loads.
 * @param {{ packages?: string[]; paths?: string[] }} modules
 */
function chunkTest({ packages = [], paths = [] }) {
  const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]');
  const sources = packages.map((name) => `node_modules[\\\\/]${escape(name)}[\\\\/]`);
  for (const path of paths) {
    if (!existsSync(new URL(path, import.meta.url))) {
      throw new Error(`astro.config.mjs: the chunk groups name ${path}, which does not exist`);
    }
    sources.push(`(?:^|[\\\\/])${escape(path)}${path.endsWith('/') ? '' : '$'}`);
  }
  return new RegExp(sources.join('|'));
}

// `astro dev` serves the functions in this process through Netlify's Vite plugin: local mode
// (src/server/config.ts). A build never sets it, so a deploy runs in production mode.
if (isDev) process.env.APP_MODE = 'local';

// The public address, for the sitemap and canonical links: SITE_URL, else Netlify's URL. A
// production build has one or fails (placeholderCheck); the example address serves local builds.
const site = siteUrl(process.env) ?? 'https://www.example.com';

/** The fixed comunicados' pages (content/news, a file each), which a function answers. */
const fixedNewsPages = readdirSync(new URL('./content/news/', import.meta.url))
  .filter((file) => file.endsWith('.md'))
  .map((file) => new URL(reportPath(file.slice(0, -'.md'.length)), site).href);

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // The CSS in the page, not a file: a stylesheet file is a second round trip before the first
  // paint, about 170 ms on Lighthouse's mobile line and 300 ms on the rural one (docs/performance.md,
  // "One stylesheet a page, in the page"). A page carries one sheet (the public pages', the
  // admin's, the map pages'), so the CSP header names a hash for each, which a CSS edit changes:
  // inlineCodeCsp then fails the build and prints the line to write in netlify.toml.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    mdx(),
    // `client:painted`: islands whose scripts wait for the first paint (the largest paint's figure).
    hydrateAfterPaint(),
    // Not in the sitemap: the admin, the payment returns, /login, the template of each notice's
    // page, whose own path answers 404 (src/shared/advisories/template.ts), /sin-conexion, the
    // page shown offline, and the pages a mailed link opens (noindex), nobody's search result.
    // Added: the fixed comunicados' pages, and the index names the sitemap of what staff publish.
    sitemap({
      customPages: fixedNewsPages,
      customSitemaps: [new URL(PUBLISHED_SITEMAP, site).href],
      filter: (page) =>
        !page.includes('/admin') &&
        !page.includes('/tbk-') &&
        !page.endsWith('/login') &&
        !page.endsWith(ADVISORY_TEMPLATE.path) &&
        !page.endsWith(OFFLINE_PAGE) &&
        !TOKEN_PAGES.includes(new URL(page).pathname),
    }),
    // The web-analytics host of content/site.json must be the one netlify.toml's CSP allows.
    analyticsCsp(analytics),
    // The carousel's script and the home page's dialogs and band wait for the first paint, as the
    // islands with `client:painted` do (the largest paint's figure). Before inlineCodeCsp: their
    // loaders are inline code.
    scriptsAfterPaint(['Carousel.astro', 'index.astro']),
    // netlify.toml's CSP names the hash of every inline script and style the build leaves, and no other.
    inlineCodeCsp(),
    // The chunks a page's scripts import are fetched beside them, not after them, so no chain of
    // requests delays the largest paint.
    modulePreload(),
    // Netlify's production build fails while the site would publish a placeholder (docs/guides/deploy.md).
    placeholderCheck(),
    // dist/sw.js, the offline pages' service worker, from the pages as written above (module
    // preloads included): docs/architecture.md, "Offline".
    serviceWorker(),
  ],
  // Shiki colours code with inline styles the CSP forbids; the site shows no code.
  markdown: { syntaxHighlight: false },
  // Astro also hashes its inline scripts and styles into a CSP <meta> of each page. The header of
  // netlify.toml names the same hashes (inlineCodeCsp) and what a <meta> cannot carry
  // (frame-ancestors); both policies apply.
  security: { csp: true },
  // `astro dev` gets functions, database and blobs from Netlify's Vite plugin; `npm start`
  // serves the build through scripts/serve.ts instead (docs/architecture.md, "The local server").
  vite: {
    // After Netlify's plugin, whose middleware sets the headers first.
    plugins: isDev
      ? [netlify({ edgeFunctions: { enabled: false }, images: { enabled: false } }), devWithoutCspHeader]
      : [],
    // Local data and the functions the plugin serves change as the site runs: no reason to reload.
    server: { watch: { ignored: ['**/.data/**', '**/.netlify/**'] } },
    // The client's chunks, for the pages' JavaScript budgets (docs/performance.md). Every page
    // with an island loads React; form pages (and the admin) load the form primitives of
    // src/ui/forms with the public forms' privacy note and select, and most of them the
    // notification area. Each group is one file rather than a dozen small ones that gzip apart;
    // zod and the schemas stay out of them, loaded when a visitor starts on a form
    // (src/ui/forms/use-schema-form.ts).
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              chunkFileNames: clientChunkFileName,
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]|preload-helper/,
                    priority: 2,
                  },
                  {
                    name: 'forms',
                    test: chunkTest({
                      paths: [
                        'src/ui/forms/',
                        'src/islands/forms/PrivacyNote.tsx',
                        'src/islands/forms/SelectField.tsx',
                        'src/shared/field-errors.ts',
                      ],
                    }),
                    priority: 1,
                  },
                  {
                    name: 'notifications',
                    // With the follow-up link every form's confirmation carries.
                    test: chunkTest({
                      packages: ['nanostores'],
                      paths: [
                        'src/ui/notifications.ts',
                        'src/ui/Notifications.tsx',
                        'src/islands/cases/follow-up/follow-up-link.ts',
                        'src/shared/messages.ts',
                        'src/shared/cases/follow-up/texts.ts',
                      ],
                    }),
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
    build: {
      // A page script (one without imports) smaller than the headers of its own answer is written
      // into the page, as the CSS is: as a file it was one more request before the first paint,
      // which Lighthouse's estimate counts whenever it ended first (the service worker's
      // registration on every page, /cortes' frame: 0.16 s of /cortes' 1.09 s). Each has a hash in
      // the CSP, which inlineCodeCsp checks. Larger scripts stay files, cached between pages;
      // other assets keep Vite's default (undefined).
      assetsInlineLimit: (file, content) =>
        file.endsWith('.js') ? content.byteLength < INLINE_SCRIPT_BYTES : undefined,
      rollupOptions: {
        // Astro's own MDX marker, reported once per MDX file: noise that hides real warnings.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:head-inject')) return;
          // A form page imports its schema to build the form's rules (fieldRules), and its island
          // imports it on demand: the prerender build cannot split that import, and need not. In
          // the client build the same warning means a schema reached a page's first scripts. The
          // page may be any of the importers listed (/seguimiento's schema module has three).
          if (
            warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
            /statically imported by (?:[^,]+, )*src\/pages\/[\w/-]+\.astro,/.test(warning.message)
          )
            return;
          warn(warning);
        },
      },
    },
  },
});
