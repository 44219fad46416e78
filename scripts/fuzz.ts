/**
 * `npm run fuzz [-- --runs 10000] [-- --side public|admin] [-- --seed S --path P -t "POST /api/contacto"]`: the fuzz test of
 * every endpoint (tests/integration/fuzz-*.test.ts, tests/helpers/fuzz.ts) with more requests per
 * route than `npm test`'s 100, then its figures: the endpoints, the requests sent, the answers by
 * status, and each failure (a 5xx, or a 4xx that wrote rows) with the seed and path that replay it.
 * `--side` runs one of the two files (a long run split over two sittings); `--seed` and `--path`
 * replay one failure; `-t` (vitest's) picks the route.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FuzzReport } from '../tests/helpers/fuzz.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    path: { type: 'string' },
    t: { type: 'string', short: 't' },
    side: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of requests, not ${values.runs}`);
const sides = values.side ? [values.side] : ['public', 'admin'];
if (!sides.every((side) => side === 'public' || side === 'admin'))
  throw new Error(`--side takes public or admin, not ${values.side}`);

const reportDir = await mkdtemp(path.join(tmpdir(), 'fuzz-'));
let interrupted = false;
const started = performance.now();
const code = await new Promise<number>((resolve) => {
  const args = [
    'vitest',
    'run',
    '--config',
    'tests/vitest.config.ts',
    ...sides.map((side) => `tests/integration/fuzz-${side}.test.ts`),
  ];
  if (values.t) args.push('-t', values.t);
  const child = spawn('npx', args, {
    cwd: projectRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: String(runs),
      FUZZ_REPORT_DIR: reportDir,
      ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
      ...(values.path ? { FUZZ_PATH: values.path } : {}),
    },
  });
  child.on('close', (exit) => resolve(exit ?? 1));
  // Stopped part way (Ctrl-C, a kill): the child stops too, and the figures of the routes it
  // finished are printed all the same.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      interrupted = true;
      child.kill(signal);
    });
});
const seconds = Math.round((performance.now() - started) / 1000);

const reports: FuzzReport[] = await Promise.all(
  (await readdir(reportDir)).map(async (file) => JSON.parse(await readFile(path.join(reportDir, file), 'utf8'))),
);
await rm(reportDir, { recursive: true, force: true });
const total = reports.reduce(
  (sum, report) => ({
    done: [...sum.done, ...report.done],
    requests: sum.requests + report.requests,
    statuses: Object.entries(report.statuses).reduce(
      (statuses, [status, count]) => ({ ...statuses, [status]: (statuses[status] ?? 0) + count }),
      sum.statuses,
    ),
    failures: [...sum.failures, ...report.failures],
  }),
  { done: [], requests: 0, statuses: {}, failures: [] } as FuzzReport,
);

console.log(`\nFuzz: ${runs} requests a route, ${seconds} s${interrupted ? ', stopped part way' : ''}`);
console.log(`  endpoints (method and path): ${total.done.length} fuzzed to the end`);
if (interrupted) console.log(`  the figures are theirs: ${total.done.join(', ')}`);
console.log(`  requests sent: ${total.requests}`);
console.log(
  `  answers by status: ${Object.entries(total.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status} × ${count}`)
    .join(', ')}`,
);
const serverErrors = Object.entries(total.statuses)
  .filter(([status]) => Number(status) >= 500)
  .reduce((sum, [, count]) => sum + count, 0);
console.log(`  5xx answers: ${serverErrors}`);
if (total.failures.length === 0) console.log('  failures: none');
for (const failure of total.failures)
  console.log(
    `  FAILED ${failure.endpoint}\n    ${failure.probe}\n    answered ${failure.answer}\n` +
      `    replay: npm run fuzz -- --seed ${failure.seed} --path ${failure.path} -t "${failure.endpoint}"`,
  );
process.exit(code);
