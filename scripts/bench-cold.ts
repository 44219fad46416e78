/**
 * `npm run bench:cold [-- name …]`: what a new function instance pays before it answers. Bundles
 * the functions as a deploy does (scripts/lib/functions.ts, packageFunctions), zipped, then for
 * each function prints its zip's size, its bundle's size unpacked (the zip without Netlify's own
 * runtime, the same ~1.1 MB in every function) and its import's cost above bare Node: the median
 * of COLD_RUNS (15) imports, each the first thing a fresh Node process does, timed inside it (a
 * process's own start and exit vary by ±20 ms on a loaded machine, and are no function's). Targets
 * (docs/performance.md): every bundle ≤ 1 MB unpacked and its import ≤ 50 ms above bare Node; the
 * command exits 1 when one misses. The bundles are imported in production mode (no APP_MODE):
 * importing a function must not need its settings, which it reads when a request asks.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { bundledModule, packageFunctions } from './lib/functions.ts';
import { median } from './lib/median.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.COLD_RUNS ?? 15);
const BUNDLE_BYTES_TARGET = 1024 * 1024;
const IMPORT_MS_TARGET = 50;
/** Netlify's runtime, which its bundler adds to every zip: not the function's to shrink. */
const NETLIFY_RUNTIME = /^___netlify-/;
const only = process.argv.slice(2);

/** Wall time of a fresh Node running `code` as a module, in ms; it exits as soon as the code has run. */
function freshNode(code: string): number {
  const started = performance.now();
  run(code);
  return performance.now() - started;
}

/** The ms a fresh Node takes to import `url`, its first work: what a new instance pays for the function. */
function coldImport(url: string): number {
  const output = run(
    `const started = performance.now(); await import(${JSON.stringify(url)}); console.log(performance.now() - started);`,
  );
  return Number(output.trim().split('\n').at(-1));
}

/** The output of a fresh Node running `code` as a module; it exits as soon as the code has run. */
function run(code: string): string {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `${code}\nprocess.exit(0);`], {
    env: {},
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node exited ${result.status}:\n${result.stderr.slice(-2000)}`);
  return result.stdout;
}

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-cold-'));
try {
  const zips = await packageFunctions(projectRoot, workDir, 'zip', only.length > 0 ? only : undefined);
  const functions = zips.sort((a, b) => a.name.localeCompare(b.name));
  if (functions.length === 0) throw new Error(`No function named ${only.join(', ')}.`);

  const bare = median(Array.from({ length: runs }, () => freshNode('')));
  const rows = [];
  for (const fn of functions) {
    const zipBytes = (await stat(fn.path)).size;
    // Unzipped where Lambda would: a folder of its own, with no node_modules above it.
    const folder = path.join(workDir, 'unzipped', fn.name);
    let bundleBytes = 0;
    for (const [file, bytes] of Object.entries(unzipSync(await readFile(fn.path)))) {
      if (file.endsWith('/')) continue;
      if (!NETLIFY_RUNTIME.test(path.basename(file))) bundleBytes += bytes.length;
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), bytes);
    }
    const url = pathToFileURL(await bundledModule(folder)).href;
    const importMs = median(Array.from({ length: runs }, () => coldImport(url)));
    rows.push({ name: fn.name, zipBytes, bundleBytes, importMs });
  }

  console.log(`\nbare Node starts in ${bare.toFixed(0)} ms (median of ${runs}), ${process.version}\n`);
  console.log('| function | zip | bundle | cold import above bare Node |');
  console.log('| --- | --- | --- | --- |');
  const missed: string[] = [];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  for (const { name, zipBytes, bundleBytes, importMs } of rows) {
    const sizeMiss = bundleBytes > BUNDLE_BYTES_TARGET;
    const importMiss = importMs > IMPORT_MS_TARGET;
    if (sizeMiss || importMiss) missed.push(name);
    console.log(
      `| ${name} | ${kb(zipBytes)} | ${kb(bundleBytes)}${sizeMiss ? ' (over 1 MB)' : ''} | ${importMs.toFixed(0)} ms${importMiss ? ` (over ${IMPORT_MS_TARGET} ms)` : ''} |`,
    );
  }
  const sizes = rows.map((row) => row.bundleBytes);
  const times = rows.map((row) => row.importMs);
  console.log(
    `\n${rows.length} functions: bundle median ${kb(median(sizes))}, largest ${kb(Math.max(...sizes))}; ` +
      `cold import median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms.`,
  );
  if (missed.length > 0) {
    console.error(`Targets missed (bundle ≤ 1 MB unpacked, import ≤ ${IMPORT_MS_TARGET} ms): ${missed.join(', ')}.`);
    process.exitCode = 1;
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
