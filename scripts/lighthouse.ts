/**
 * `npm run lighthouse [-- --profile rural] [-- /ruta …]`: Lighthouse's performance category (mobile
 * emulation, simulated throttling) over every public page of dist/ (or the routes given),
 * LIGHTHOUSE_RUNS (3) runs each in Debian's Chromium with the e2e tests' flags, and the median of
 * each figure in a Markdown table. JS gz is the gzip size of the page's own scripts, as the
 * JavaScript budget test counts it, whatever encoding the server chose. A page whose medians miss
 * the profile's targets is flagged, and the command then exits 1: a check, not only a report.
 *
 * Measures the server at LIGHTHOUSE_URL, or the one on http://localhost:$PORT (8888), or an
 * `npm start` it starts (scripts/lib/local-server.ts): compressed like Netlify's answers. A local
 * server is measured on a day of outages (withCurrentNotices).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import playwrightConfig from '../tests/playwright.config.ts';
import { commandDatabase } from './lib/command-database.ts';
import { useLocalServer } from './lib/local-server.ts';
import { median } from './lib/median.ts';
import { ADVISORY_TEMPLATE } from '../src/shared/advisories/template.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface Targets {
  lcpMs: number;
  performance?: number;
  tbtMs?: number;
  cls?: number;
}

/**
 * The lines a page is measured on. `default` is Lighthouse's own mobile profile (RTT 150 ms,
 * 1.6 Mbps, CPU 4× slower) with docs/performance.md's targets. `rural` is a weak line of an Aysén
 * locality: twice the latency and under half the bandwidth, where a page must still show
 * its content within 2 s (the "good" largest paint of Core Web Vitals is 2.5 s).
 */
const profiles = {
  default: { throttling: undefined, targets: { performance: 100, lcpMs: 1000, tbtMs: 50, cls: 0.01 } },
  rural: {
    throttling: { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 4 },
    targets: { lcpMs: 2000 },
  },
} satisfies Record<
  string,
  { throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number } | undefined; targets: Targets }
>;
type ProfileName = keyof typeof profiles;

/** `--profile NAME` (or `--profile=NAME`) among the arguments, and the routes beside it. */
function parseArguments(args: string[]): { profile: ProfileName; routes: string[] } {
  let profile = 'default';
  const routes: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--profile') profile = args[++i] ?? '';
    else if (arg.startsWith('--profile=')) profile = arg.slice('--profile='.length);
    else routes.push(arg);
  }
  if (!(profile in profiles)) {
    throw new Error(`Unknown profile "${profile}": ${Object.keys(profiles).join(' or ')}.`);
  }
  return { profile: profile as ProfileName, routes };
}

/** Public pages: every page of the build but the admin app's, the 404 and the notices' template (its path answers 404). */
function publicRoutes(): string[] {
  const dist = path.join(projectRoot, 'dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('admin'))
    .map(
      (file) =>
        `/${file
          .replace(/\\/g, '/')
          .replace(/(^|\/)?index\.html$/, '')
          .replace(/\.html$/, '')}`,
    )
    .filter((route) => route !== ADVISORY_TEMPLATE.path)
    .sort();
}

/** Chromium with the e2e flags and a debugging port for Lighthouse; a profile of its own. */
async function launchChromium() {
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  const args = [
    ...(playwrightConfig.use?.launchOptions?.args ?? []),
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    'about:blank',
  ];
  const chromium = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    chromium.once('exit', (code) => reject(new Error(`Chromium ended (code ${code}):\n${output}`)));
    chromium.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
  chromium.stderr!.resume();
  return {
    port,
    async close() {
      chromium.kill();
      await new Promise((resolve) => chromium.once('exit', resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The size of a file as the server sends it gzip-compressed. */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let size = 0;
      response.on('data', (chunk: Buffer) => (size += chunk.byteLength));
      response.on('end', () => resolve(size));
    }).on('error', reject);
  });
}

interface Figures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsGzip: number;
}

async function measure(url: string, port: number, profile: ProfileName, attempt = 1): Promise<Figures> {
  const { throttling } = profiles[profile];
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(throttling ? { throttlingMethod: 'simulate', throttling } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a loaded machine): Lighthouse
    // itself says to run it again; a page that fails three times in a row is reported.
    if (attempt < 3) return measure(url, port, profile, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
    .items;
  const origin = new URL(url).origin;
  const scripts = [
    ...new Set(
      (requests ?? []).filter((r) => r.resourceType === 'Script' && new URL(r.url).origin === origin).map((r) => r.url),
    ),
  ];
  const sizes = await Promise.all(scripts.map(gzipSize));
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsGzip: sizes.reduce((sum, size) => sum + size, 0),
  };
}

/** What a page's medians miss of the targets, in words; empty when it meets them all. */
function misses(figures: Record<keyof Figures, number>, targets: Targets): string[] {
  const missed: string[] = [];
  if (targets.performance !== undefined && !(figures.performance >= targets.performance)) {
    missed.push(`perf < ${targets.performance}`);
  }
  if (!(figures.lcp <= targets.lcpMs)) missed.push(`LCP > ${(targets.lcpMs / 1000).toFixed(1)} s`);
  if (targets.tbtMs !== undefined && !(figures.tbt <= targets.tbtMs)) missed.push(`TBT > ${targets.tbtMs} ms`);
  if (targets.cls !== undefined && !(figures.cls <= targets.cls)) missed.push(`CLS > ${targets.cls}`);
  return missed;
}

/**
 * Runs `measure` with an outage in progress in Coyhaique (with a supply point) and a water
 * restriction there in the local database, and removes them after. The home page's band, /cortes'
 * list and map and /avisos then do the work they do on a day of outages: measured on an empty
 * database they hid it, and on the e2e runs' leftovers the figures changed from one day to the next.
 */
async function withCurrentNotices(measure: () => Promise<void>) {
  const db = await commandDatabase();
  const [outage] = await db.query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, streets, starts_at, ends_at, status, cause, published_at)
     VALUES ('emergencia', 'coyhaique', 'Población Lighthouse', 'Calle Medición 100 al 400',
             now() - interval '1 hour', now() + interval '4 hours', 'en_curso', 'Rotura de matriz', now())
     RETURNING id::text`,
  );
  await db.query(
    `INSERT INTO outage_supply_points (outage_id, name, address, latitude, longitude, hours)
     VALUES ($1, 'Estanque móvil', 'Plaza de Armas, Coyhaique', -45.5714, -72.0684, '08:00 a 20:00')`,
    [outage!.id],
  );
  const [advisory] = await db.query<{ id: string }>(
    `WITH advisory AS (
       INSERT INTO advisories (kind, restriction_level, starts_at, ends_at, instructions, status, published_at)
       VALUES ('restriccion', 2, now() - interval '1 hour', now() + interval '2 days',
               'Riegue solo de noche.', 'publicado', now())
       RETURNING id)
     INSERT INTO advisory_towns (advisory_id, town) SELECT id, 'coyhaique' FROM advisory RETURNING advisory_id::text AS id`,
  );
  try {
    await measure();
  } finally {
    await db.query('DELETE FROM outages WHERE id = $1', [outage!.id]);
    await db.query('DELETE FROM advisories WHERE id = $1', [advisory!.id]);
    await db.close();
  }
}

const { profile, routes: given } = parseArguments(process.argv.slice(2));
const { throttling, targets } = profiles[profile];
const routes = given.length > 0 ? given : publicRoutes();
const server = await useLocalServer(process.env.LIGHTHOUSE_URL);
const chromium = await launchChromium();
const missed: string[] = [];
const measureAll = async () => {
  const line = throttling
    ? `RTT ${throttling.rttMs} ms, ${throttling.throughputKbps} kbps, CPU ${throttling.cpuSlowdownMultiplier}× slower`
    : "Lighthouse's mobile defaults";
  console.log(
    `Lighthouse ${runs} runs of ${routes.length} pages on ${server.base}${process.env.LIGHTHOUSE_URL ? '' : ', with an outage and a notice current'}\n`,
  );
  console.log(`| route (profile ${profile}: ${line}) | perf | LCP | TBT | CLS | JS gz | targets |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const route of routes) {
    const results: Figures[] = [];
    for (let run = 0; run < runs; run++) {
      results.push(await measure(new URL(route, server.base).href, chromium.port, profile));
    }
    const m = (key: keyof Figures) => median(results.map((r) => r[key]));
    const figures = { performance: m('performance'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), jsGzip: m('jsGzip') };
    const pageMisses = misses(figures, targets);
    if (pageMisses.length > 0) missed.push(route);
    console.log(
      `| ${route} | ${figures.performance} | ${(figures.lcp / 1000).toFixed(2)} s | ${Math.round(figures.tbt)} ms | ${figures.cls.toFixed(3)} | ${(figures.jsGzip / 1024).toFixed(0)} KB | ${pageMisses.length > 0 ? `**missed: ${pageMisses.join(', ')}**` : 'met'} |`,
    );
  }
  if (missed.length > 0) {
    console.log(
      `\n${missed.length} of ${routes.length} pages missed the ${profile} profile's targets: ${missed.join(' ')}`,
    );
    process.exitCode = 1;
  }
};
try {
  if (process.env.LIGHTHOUSE_URL) await measureAll();
  else await withCurrentNotices(measureAll);
} finally {
  await chromium.close();
  await server.stop();
}
