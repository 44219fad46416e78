/**
 * `npm start`'s build: `astro build`, unless dist/ was built by this script from the
 * same sources and settings. The mark is written into dist/ after a build succeeds; Astro empties
 * dist/ when it builds, so a build by any other command (or one that failed) leaves no mark and
 * the next start builds again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fingerprint } from './lib/fingerprint.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const mark = path.join(projectRoot, 'dist/.build-fingerprint');

// What the build reads: sources, content, public files, its configuration, the installed
// packages, netlify.toml (the CSP check) and the variables src/integrations read.
const current = await fingerprint(
  projectRoot,
  ['src', 'content', 'public', 'astro.config.mjs', 'tsconfig.json', 'package-lock.json', 'netlify.toml'],
  { SITE_URL: process.env.SITE_URL, URL: process.env.URL, CONTEXT: process.env.CONTEXT },
);
const previous = await readFile(mark, 'utf8').catch(() => undefined);

if (previous === current && existsSync(path.join(projectRoot, 'dist/index.html'))) {
  console.log('dist/ is up to date with the sources: not rebuilt (npm run build forces a build).');
} else {
  await rm(mark, { force: true });
  const build = spawnSync('npx', ['astro', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  await writeFile(mark, current);
}
