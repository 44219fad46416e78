import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bundledModule, bundleFunctions } from '../../scripts/lib/functions.ts';

/** A project of one function, to bundle in a second rather than the site's 48 in a minute. */
async function oneFunctionProject(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'one-function-'));
  await mkdir(path.join(root, 'netlify/functions'), { recursive: true });
  await writeFile(path.join(root, 'package.json'), '{ "type": "module" }\n');
  await writeFile(path.join(root, 'netlify.toml'), '[functions]\n  directory = ".netlify/functions-bundled"\n');
  await writeFile(
    path.join(root, 'netlify/functions/hola.ts'),
    "export default () => new Response('hola');\nexport const config = { path: '/api/hola' };\n",
  );
  projects.push(root);
  return root;
}
const projects: string[] = [];
afterAll(() => Promise.all(projects.map((root) => rm(root, { recursive: true, force: true }))));

const answer = async (functions: Awaited<ReturnType<typeof bundleFunctions>>) =>
  (await (await functions[0]!.load())(new Request('http://localhost/api/hola'), {} as never))?.text();

// A start with no change reuses the bundles (bundling took most of `npm start`).
it('reuses the bundles of the same inputs, and bundles again when they differ', async () => {
  const root = await oneFunctionProject();
  const outDir = path.join(root, '.netlify/functions-local');
  expect(await answer(await bundleFunctions(root, outDir))).toBe('hola');
  const manifest = path.join(outDir, 'bundles.json');
  const sentinel = path.join(outDir, 'sentinel');
  await writeFile(sentinel, '');
  const before = (await stat(manifest)).mtimeMs;
  expect(await answer(await bundleFunctions(root, outDir))).toBe('hola');
  expect((await stat(manifest)).mtimeMs).toBe(before);
  expect(await readdir(outDir)).toContain('sentinel');

  await writeFile(
    path.join(root, 'netlify/functions/hola.ts'),
    "export default () => new Response('hola de nuevo');\nexport const config = { path: '/api/hola' };\n",
  );
  await bundleFunctions(root, outDir);
  // Read, not imported: Node keeps the module first imported from an address.
  expect(await readFile(await bundledModule(path.join(outDir, 'hola')), 'utf8')).toContain('hola de nuevo');
  expect(await readdir(outDir)).not.toContain('sentinel');
});

// Two starts at once (a server and a test run) left a manifest over empty folders, and every
// later start trusted it: "Cannot find module …/admin-account.mjs" for every function. Files are
// read here, not imported: Node keeps the module first imported from an address.
it('bundles again when a bundle the manifest lists is missing, and two bundlings at once leave whole bundles', async () => {
  const root = await oneFunctionProject();
  const outDir = path.join(root, '.netlify/functions-local');
  for (let round = 0; round < 5; round++) {
    await rm(outDir, { recursive: true, force: true });
    await Promise.all([bundleFunctions(root, outDir), bundleFunctions(root, outDir)]);
    expect(await readFile(await bundledModule(path.join(outDir, 'hola')), 'utf8')).toMatch(/Response\(\s*["']hola["']/);
    expect(await readdir(path.dirname(outDir))).toEqual(['functions-local']);
  }

  await rm(path.join(outDir, 'hola'), { recursive: true });
  await bundleFunctions(root, outDir);
  expect(await readFile(await bundledModule(path.join(outDir, 'hola')), 'utf8')).toMatch(/Response\(\s*["']hola["']/);
});
