/**
 * `npm run bench:idle [-- --hours N]`: what a site with no visitors costs. Runs every scheduled
 * function of netlify/functions as Netlify's scheduler would over N hours (1) of a site nobody
 * visits, in this process, over a real PostgreSQL 17 (scripts/lib/embedded-postgres.ts) migrated
 * with the demo data and Netlify Blobs' own local server, and prints per function its invocations
 * and the database queries they made (a batch counts one: one round trip to Neon).
 *
 * The hours are compressed: the runs follow one another in their schedule's order without waiting
 * for the minutes between them. The functions read the real clock, so an idle site's runs decide
 * exactly as they would (nothing is due, no day has passed); the daily look of each frequent run
 * (src/server/work-markers/markers.ts) is not in an hour. First, each function runs once apart, as
 * after a deploy, when no work marker has a record yet: that run looks and is listed on its own.
 *
 * Target (docs/performance.md, "An idle site"): no query from the functions that run more often
 * than hourly, one invocation an hour for the hourly ones; the command exits 1 past it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { Cron } from 'croner';
import pg from 'pg';
import { startEmbeddedPostgres } from './lib/embedded-postgres.ts';
import { poolExecutor, prepareLocalDatabase } from './lib/local-database.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const hoursArgument = process.argv.indexOf('--hours');
const hours = hoursArgument > 0 ? Number(process.argv[hoursArgument + 1]) : 1;
if (!(hours > 0)) throw new Error('--hours takes a number of hours above 0.');

const postgres = await startEmbeddedPostgres();
const scratch = await mkdtemp(path.join(tmpdir(), 'bench-idle-'));
const blobs = new BlobsServer({ directory: path.join(scratch, 'blobs'), token: 'bench-idle' });
try {
  await postgres.createDatabase('idle');
  const url = `${postgres.address}/idle`;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await prepareLocalDatabase(poolExecutor(pool));
  await pool.end();
  const { port } = await blobs.start();
  setEnvironmentContext({
    siteID: 'bench-idle',
    token: 'bench-idle',
    edgeURL: `http://localhost:${port}`,
    uncachedEdgeURL: `http://localhost:${port}`,
  });
  process.env.APP_MODE = 'local';
  process.env.NETLIFY_DB_URL = url;
  process.env.MAIL_OUTBOX_DIR = path.join(scratch, 'outbox');

  // The process's one database (src/server/db/index.ts), counted per function run.
  const { getDatabase } = await import('../src/server/db/index.ts');
  const database = getDatabase();
  let counting: number[] = [];
  for (const method of ['query', 'batch'] as const) {
    const original = database[method].bind(database) as (...args: unknown[]) => Promise<never>;
    (database as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      counting.push(1);
      return original(...args);
    };
  }

  type Handler = (req: Request, context: Context) => Promise<Response>;
  const functionsDir = path.join(projectRoot, 'netlify/functions');
  const scheduled: { name: string; schedule: string; handler: Handler }[] = [];
  for (const file of (await readdir(functionsDir)).filter((name) => name.endsWith('.ts')).sort()) {
    // Only the scheduled ones are imported: the pages' functions bring the islands' TSX along.
    if (!/\bschedule:/.test(await readFile(path.join(functionsDir, file), 'utf8'))) continue;
    const module = (await import(pathToFileURL(path.join(functionsDir, file)).href)) as {
      default: Handler;
      config?: Config;
    };
    if (module.config?.schedule)
      scheduled.push({ name: file.slice(0, -3), schedule: module.config.schedule, handler: module.default });
  }

  const context = {
    site: { id: 'bench-idle', name: 'bench-idle', url: 'http://localhost:8888' },
    deploy: { context: 'dev' },
    waitUntil: () => undefined,
  } as unknown as Context;
  /** One run of `fn`, as the scheduler calls it: the queries it made. */
  async function run(fn: (typeof scheduled)[number]): Promise<number> {
    counting = [];
    const response = await fn.handler(
      new Request(`http://localhost:8888/.netlify/functions/${fn.name}`, { method: 'POST' }),
      context,
    );
    if (!response.ok) throw new Error(`${fn.name} answered ${response.status}`);
    return counting.length;
  }

  const first = new Map<string, number>();
  for (const fn of scheduled) first.set(fn.name, await run(fn));

  // The runs of `hours` hours from the next full hour, in the order the scheduler would make them.
  const start = new Date();
  start.setMinutes(0, 0, 0);
  const end = new Date(start.getTime() + hours * 3_600_000);
  const runs = scheduled
    .flatMap((fn) =>
      new Cron(fn.schedule, { paused: true })
        .nextRuns(hours * 60 + 1, new Date(start.getTime() - 1))
        .filter((at) => at < end)
        .map((at) => ({ at, fn })),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const figures = new Map(scheduled.map((fn) => [fn.name, { invocations: 0, queries: 0, looked: 0 }]));
  for (const { fn } of runs) {
    const queries = await run(fn);
    const figure = figures.get(fn.name)!;
    figure.invocations++;
    figure.queries += queries;
    if (queries > 0) figure.looked++;
  }

  console.log(`\n${hours} idle hour(s), PostgreSQL 17 with the demo data, ${process.version}\n`);
  console.log('| function | schedule | first run (queries) | invocations | runs that queried | queries |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const missed: string[] = [];
  for (const fn of scheduled) {
    const { invocations, queries, looked } = figures.get(fn.name)!;
    const hourly = invocations <= hours;
    if (hourly ? invocations !== hours : queries > 0) missed.push(fn.name);
    console.log(
      `| ${fn.name} | \`${fn.schedule}\` | ${first.get(fn.name)} | ${invocations} | ${looked} | ${queries} |`,
    );
  }
  const total = [...figures.values()].reduce((sum, figure) => sum + figure.queries, 0);
  console.log(`\n${runs.length} invocations, ${total} database queries in ${hours} hour(s).`);
  if (missed.length > 0) {
    console.error(
      `Target missed (no query from the frequent runs, the hourly ones once an hour): ${missed.join(', ')}.`,
    );
    process.exitCode = 1;
  }
  await database.close();
} finally {
  await blobs.stop();
  await postgres.stop();
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}
