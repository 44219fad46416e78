/**
 * Part of `npm run build`, so of every deploy's build: bundles each function with esbuild into
 * netlify.toml's `[functions] directory`, which Netlify's bundler then zips (scripts/lib/function-sources.ts).
 */
import path from 'node:path';
import { bundleFunctionSources, FUNCTIONS_DIRECTORY } from './lib/function-sources.ts';

const started = performance.now();
await bundleFunctionSources(path.resolve(import.meta.dirname, '..'), FUNCTIONS_DIRECTORY);
console.log(`Functions bundled into ${FUNCTIONS_DIRECTORY} (${Math.round(performance.now() - started)} ms).`);
