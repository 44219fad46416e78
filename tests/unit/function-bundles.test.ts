import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
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
// data, the local signing secret); netlify.toml's included_files keeps them out.
it('bundles every function without anything of .data/', { timeout: 120_000 }, async () => {
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, 'Subject: no debe viajar en una función\r\n\r\n');
  outDir = await mkdtemp(path.join(tmpdir(), 'functions-'));
  const functions = await bundleFunctions(projectRoot, outDir);
  expect(functions.map((fn) => fn.name)).toContain('admin-files');
  const files = await readdir(outDir, { recursive: true });
  expect(files.length).toBeGreaterThan(functions.length);
  expect(files.filter((file) => file.split(path.sep).includes('.data'))).toEqual([]);
});
