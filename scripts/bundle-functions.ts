/**
 * Bundles the functions for `npm start` ahead of it, into the folder it reuses them from when their
 * inputs have not changed (scripts/lib/functions.ts), and imports each bundle once: a bundle that
 * does not load, or exports no handler, fails here (and with it `npm test`, which runs this beside
 * the unit tests so that the end-to-end server starts without bundling), not on its first request.
 * A function the end-to-end tests never call, a scheduled one, would otherwise fail only when
 * deployed. That the bundles carry nothing of .data/ is tests/unit/function-included-files.test.ts's.
 */
import path from 'node:path';
import { bundleFunctions, LOCAL_BUNDLES } from './lib/functions.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const functions = await bundleFunctions(projectRoot, path.join(projectRoot, LOCAL_BUNDLES));
const failed: string[] = [];
for (const fn of functions) {
  const handler = await fn.load().catch((error: unknown) => error);
  if (typeof handler !== 'function') failed.push(`${fn.name}: ${String(handler)}`);
}
if (failed.length > 0) {
  console.error(`Functions that do not load:\n${failed.join('\n')}`);
  process.exit(1);
}
console.log(
  `${functions.length} functions bundled and loaded in ${LOCAL_BUNDLES} (${Math.round(performance.now() - started)} ms).`,
);
