/**
 * Bundles the functions for `npm start` ahead of it, into the folder it reuses them from when their
 * inputs have not changed (scripts/lib/functions.ts). `npm test` runs it beside the unit tests, so
 * that the end-to-end server starts without bundling.
 */
import path from 'node:path';
import { bundleFunctions, LOCAL_BUNDLES } from './lib/functions.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const functions = await bundleFunctions(projectRoot, path.join(projectRoot, LOCAL_BUNDLES));
console.log(`${functions.length} functions ready in ${LOCAL_BUNDLES} (${Math.round(performance.now() - started)} ms).`);
