import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { forbiddenPackages, functionBuildOptions, LEFT_OUT_PACKAGES } from '../../scripts/lib/function-sources.ts';
import { packageFunctions } from '../../scripts/lib/functions.ts';

/**
 * A deployed function carries only its own bundle (scripts/lib/function-sources.ts):
 * no package beside it, nothing local mode alone loads (nodemailer, PGlite) and not date-holidays,
 * whose moment-timezone and astronomia were most of a cold start.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');
const outDirs: string[] = [];
afterAll(() => Promise.all(outDirs.map((outDir) => rm(outDir, { recursive: true, force: true }))));

/** The forbidden packages esbuild bundles of `code`, resolved from the project: plainly, or as the functions are. */
async function bundleOf(code: string, { asFunctions = false } = {}) {
  const { metafile } = await build({
    ...(asFunctions ? functionBuildOptions(projectRoot) : { bundle: true, platform: 'node', format: 'esm' }),
    stdin: { contents: code, resolveDir: projectRoot, loader: 'ts' },
    write: false,
    outfile: 'fixture.mjs',
    metafile: true,
    logLevel: 'silent',
  });
  return forbiddenPackages(metafile, Object.keys(metafile.outputs)[0]!);
}

// What the functions import of the packages the bundles substitute (function-sources.ts).
const SUBSTITUTED = `
  import { getDatabase } from '@netlify/database';
  import { Resend } from 'resend';
  import { createElement } from 'react';
  import { renderToStaticMarkup } from 'react-dom/server';
  import { sanitizeReportText } from './src/server/rich-text.ts';
  import ws from 'ws';
  console.log(JSON.stringify({
    database: typeof getDatabase,
    resend: typeof Resend,
    markup: renderToStaticMarkup(createElement('p', { className: 'aviso' }, 'Agua & luz')),
    sanitised: await sanitizeReportText('<p style="color:red" onclick="x()">Hola <b>mundo</b><script>alert(1)</script></p>'),
    nodeWebSocket: ws === globalThis.WebSocket,
  }));
`;

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

  it('leaves out what the functions reach but never run, which a plain bundle carries', async () => {
    expect(await bundleOf(SUBSTITUTED)).toEqual(LEFT_OUT_PACKAGES);
    expect(await bundleOf(SUBSTITUTED, { asFunctions: true })).toEqual([]);
  });

  it(
    'still sanitises, renders and imports the drivers as the packages it substitutes would',
    { timeout: 60_000 },
    async () => {
      const outDir = await mkdtemp(path.join(tmpdir(), 'function-substitutes-'));
      outDirs.push(outDir);
      const outfile = path.join(outDir, 'substituted.mjs');
      await build({
        ...functionBuildOptions(projectRoot),
        stdin: { contents: SUBSTITUTED, resolveDir: projectRoot, loader: 'ts' },
        outfile,
        logLevel: 'silent',
      });
      const { stdout } = await promisify(execFile)(process.execPath, [outfile]);
      expect(JSON.parse(stdout)).toEqual({
        database: 'function',
        resend: 'function',
        markup: '<p class="aviso">Agua &amp; luz</p>',
        sanitised: '<p>Hola <strong>mundo</strong></p>',
        nodeWebSocket: true,
      });
    },
  );

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
