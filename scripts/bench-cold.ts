/**
 * `npm run bench:cold [-- name …]`: what a new function instance pays before it answers. Bundles
 * the functions as a deploy does (scripts/lib/functions.ts, packageFunctions), zipped, then for
 * each function prints its zip's size and the median of COLD_RUNS (5) imports of its bundle, each
 * in a fresh Node process, minus the median of a fresh Node process that imports nothing. Targets
 * (docs/performance.md): every function ≤ 1 MB zipped and ≤ 100 ms above bare Node; the command
 * exits 1 when one misses. The bundles are imported in production mode (no APP_MODE): importing a
 * function must not need its settings, which it reads when a request asks.
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
const runs = Number(process.env.COLD_RUNS ?? 5);
const ZIP_BYTES_TARGET = 1024 * 1024;
const IMPORT_MS_TARGET = 100;
const only = process.argv.slice(2);

/** Wall time of a fresh Node running `code` as a module, in ms; it exits as soon as the code has run. */
function freshNode(code: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `${code}\nprocess.exit(0);`], {
    env: {},
    encoding: 'utf8',
  });
  const took = performance.now() - started;
  if (result.status !== 0) throw new Error(`node exited ${result.status}:\n${result.stderr.slice(-2000)}`);
  return took;
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
    for (const [file, bytes] of Object.entries(unzipSync(await readFile(fn.path)))) {
      if (file.endsWith('/')) continue;
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), bytes);
    }
    const url = pathToFileURL(await bundledModule(folder)).href;
    const imports = Array.from({ length: runs }, () => freshNode(`await import(${JSON.stringify(url)});`));
    const importMs = median(imports) - bare;
    rows.push({ name: fn.name, zipBytes, importMs });
  }

  console.log(`\nbare Node: ${bare.toFixed(0)} ms (median of ${runs}), ${process.version}\n`);
  console.log('| function | zip | cold import above bare Node |');
  console.log('| --- | --- | --- |');
  const missed: string[] = [];
  for (const { name, zipBytes, importMs } of rows) {
    const zipMiss = zipBytes > ZIP_BYTES_TARGET;
    const importMiss = importMs > IMPORT_MS_TARGET;
    if (zipMiss || importMiss) missed.push(name);
    console.log(
      `| ${name} | ${(zipBytes / 1024).toFixed(0)} KB${zipMiss ? ' (over 1 MB)' : ''} | ${importMs.toFixed(0)} ms${importMiss ? ' (over 100 ms)' : ''} |`,
    );
  }
  const sizes = rows.map((row) => row.zipBytes / 1024);
  const times = rows.map((row) => row.importMs);
  console.log(
    `\n${rows.length} functions: zip median ${median(sizes).toFixed(0)} KB, largest ${Math.max(...sizes).toFixed(0)} KB; ` +
      `cold import median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms.`,
  );
  if (missed.length > 0) {
    console.error(`Targets missed (≤ 1 MB zipped, ≤ ${IMPORT_MS_TARGET} ms): ${missed.join(', ')}.`);
    process.exitCode = 1;
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
