import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { forbiddenPackages } from '../../scripts/lib/function-sources.ts';
import { packageFunctions } from '../../scripts/lib/functions.ts';

/**
 * A deployed function carries only its own bundle (scripts/lib/function-sources.ts):
 * no package beside it, nothing local mode alone loads (nodemailer, PGlite) and not date-holidays,
 * whose moment-timezone and astronomia were most of a cold start.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');
const outDirs: string[] = [];
afterAll(() => Promise.all(outDirs.map((outDir) => rm(outDir, { recursive: true, force: true }))));

/** What esbuild bundles of `code`, resolved from the project, as the function bundles are. */
async function bundleOf(code: string) {
  const { metafile } = await build({
    stdin: { contents: code, resolveDir: projectRoot, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    outfile: 'fixture.mjs',
    metafile: true,
    logLevel: 'silent',
  });
  return forbiddenPackages(metafile, Object.keys(metafile.outputs)[0]!);
}

describe('what a function bundle may carry', () => {
  it('finds date-holidays and what it brings, and nodemailer, in a bundle that imports them', async () => {
    expect(await bundleOf("import Holidays from 'date-holidays'; console.log(new Holidays('CL'));")).toEqual([
      'date-holidays',
      'date-holidays-parser',
      'moment-timezone',
      'astronomia',
    ]);
    expect(await bundleOf("import nodemailer from 'nodemailer'; console.log(nodemailer);")).toEqual(['nodemailer']);
    expect(await bundleOf("import { z } from 'zod'; console.log(z.string());")).toEqual([]);
  });

  it(
    'ships a function that mails and counts business days as its bundle alone, without a package beside it',
    { timeout: 180_000 },
    async () => {
      const outDir = await mkdtemp(path.join(tmpdir(), 'function-sources-'));
      outDirs.push(outDir);
      await packageFunctions(projectRoot, outDir, 'none', ['complaints']);
      const files = (await readdir(path.join(outDir, 'complaints'), { recursive: true })).map((file) =>
        file.split(path.sep).join('/'),
      );
      expect(files.filter((file) => file.includes('node_modules'))).toEqual([]);
      expect(files.filter((file) => file.endsWith('.mjs')).sort()).toEqual([
        '___netlify-bootstrap.mjs',
        '___netlify-entry-point.mjs',
        '___netlify-telemetry.mjs',
        'complaints.mjs',
      ]);
    },
  );
});
