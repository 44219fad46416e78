import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bundleFunctions } from '../../scripts/lib/functions.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const marker = path.join(projectRoot, '.data/outbox/bundle-check.eml');
let outDir = '';

afterAll(async () => {
  await rm(marker, { force: true });
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

// The bundler follows src/server/config.ts's local paths into .data/ (local mail with visitors'
// data, the local signing secret); netlify.toml's included_files keeps them out. A correctness
// check, not a timing one: bundling every function takes minutes on a loaded 2-core machine.
it('bundles every function without anything of .data/', { timeout: 240_000 }, async () => {
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, 'Subject: no debe viajar en una función\r\n\r\n');
  outDir = await mkdtemp(path.join(tmpdir(), 'functions-'));
  const functions = await bundleFunctions(projectRoot, outDir);
  expect(functions.map((fn) => fn.name)).toContain('admin-files');
  // npm start imports a bundle when first called: each one loads and exports its handler.
  for (const fn of functions) expect(await fn.load()).toBeTypeOf('function');
  const files = await readdir(outDir, { recursive: true });
  expect(files.length).toBeGreaterThan(functions.length);
  expect(files.filter((file) => file.split(path.sep).includes('.data'))).toEqual([]);
});

// Issue 14: a start with no change reuses the bundles (bundling took most of `npm start`).
it('reuses the bundles of the same inputs, and bundles again when they differ', { timeout: 240_000 }, async () => {
  const manifest = path.join(outDir, 'bundles.json');
  const sentinel = path.join(outDir, 'sentinel');
  await writeFile(sentinel, '');
  const before = (await stat(manifest)).mtimeMs;
  const again = await bundleFunctions(projectRoot, outDir);
  expect(again.map((fn) => fn.name)).toContain('health');
  expect((await stat(manifest)).mtimeMs).toBe(before);
  expect(await readdir(outDir)).toContain('sentinel');

  const saved = JSON.parse(await readFile(manifest, 'utf8')) as { inputs: string };
  await writeFile(manifest, JSON.stringify({ ...saved, inputs: 'other sources' }));
  const rebuilt = await bundleFunctions(projectRoot, outDir);
  expect(rebuilt.map((fn) => fn.name)).toEqual(again.map((fn) => fn.name));
  expect(await readdir(outDir)).not.toContain('sentinel');
  expect(JSON.parse(await readFile(manifest, 'utf8'))).toMatchObject({ inputs: saved.inputs });
});
