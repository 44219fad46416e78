// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import netlify from '@netlify/vite-plugin';

const isDev = process.argv.includes('dev');

export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  // Inlined CSS saves a round trip on a slow mobile connection.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), mdx()],
  // Shiki colours code with inline styles the CSP forbids; the site shows no code.
  markdown: { syntaxHighlight: false },
  // Astro hashes its own inline scripts and styles into a CSP <meta>; netlify.toml adds the
  // directives a <meta> cannot carry (frame-ancestors) — both policies apply.
  security: { csp: true },
  // `astro dev` gets functions, database and blobs from Netlify's Vite plugin; `npm start`
  // serves the build through scripts/serve.ts instead (see README, "Architecture").
  vite: { plugins: isDev ? [netlify({ edgeFunctions: { enabled: false }, images: { enabled: false } })] : [] },
});
