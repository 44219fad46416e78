import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config, Context } from '@netlify/functions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import {
  endpointOf,
  firstProbes,
  pathWith,
  probes,
  type FuzzedFunction,
  type Probe,
  type Route,
} from './fuzz-probes.ts';
import { routeParams, testContext } from './functions.ts';
import { rowChangeCounter, type RowChanges } from './row-changes.ts';

/**
 * The endpoints' fuzzer (docs/guides/testing.md, "The fuzz test"): each route of each function gets
 * requests made from a valid input with one thing wrong (a field, a path parameter, the query,
 * the body's shape, its bytes, its media type). Every answer must be below 500, and a 4xx must
 * leave every table's row count as it was.
 */

export type FunctionModule = { default: (req: Request, context: Context) => Promise<Response>; config: Config };
export const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');
export const loadFunction = (name: string): Promise<FunctionModule> => import(path.join(functionsDir, `${name}.ts`));

/** How many requests each route gets: 100 in `npm test`, what `npm run fuzz -- --runs N` says otherwise. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** A seed and path to replay (the report of a failure gives both); otherwise fast-check picks the seed. */
const REPLAY = process.env.FUZZ_SEED
  ? { seed: Number(process.env.FUZZ_SEED), ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) }
  : {};

/** What a fuzz run saw, for `npm run fuzz` to print. */
export interface FuzzReport {
  /** The routes fuzzed to the end, `METHOD /path`: a run stopped part way says which are in its figures. */
  done: string[];
  requests: number;
  statuses: Record<string, number>;
  failures: { endpoint: string; seed: number; path: string; probe: string; answer: string }[];
}
export const report: FuzzReport = { done: [], requests: 0, statuses: {}, failures: [] };

/**
 * Writes the file's figures so far where `npm run fuzz` reads them (FUZZ_REPORT_DIR), if it asked:
 * after each route, so that a run stopped part way (a long `--runs`) still has the figures of the
 * routes it finished.
 */
export async function writeReport(file: string): Promise<void> {
  const dir = process.env.FUZZ_REPORT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${file}.json`), JSON.stringify(report));
}

/**
 * The rows a refusal writes, left out of the row counts, each with why: the throttles count a wrong
 * secret before it is checked (a refusal is exactly what they count), a refused sign-in is audited,
 * and the compliance trail records every look at a denuncia, whether or not the reference exists.
 * A table with no `rows` is left out whole.
 */
export const REFUSAL_ROWS: Record<string, { why: string; rows?: string }> = {
  login_failures: { why: 'the sign-in throttle counts each refused password or code' },
  follow_up_failures: { why: "the follow-up throttle counts each refused look-up of a case's reference" },
  follow_up_throttle: { why: 'likewise, per client group' },
  receipt_failures: { why: "the denuncias' receipt throttle counts each refused receipt code" },
  receipt_throttle: { why: 'likewise, per client group' },
  audit_log: { why: 'a refused sign-in is audited (auth/sign-in.ts)', rows: "action = 'sign_in_failed'" },
  compliance_trail: {
    why: 'a look at a denuncia, or at its file, is in the trail whether or not it exists (denuncias/desk.ts)',
    rows: "action IN ('view', 'download')",
  },
};

/** The row counts a 4xx must leave as they were: every table's, but REFUSAL_ROWS. */
export const rowCounter = (db: Database) => rowChangeCounter(db, REFUSAL_ROWS);

const changed = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} ${before[table]} → ${after[table]}`);

export interface Caller {
  /** The Authorization header's value, if the function is an admin one. */
  token?: () => string;
  /** Called after a 401 of an admin function: a fuzzed request may end the session (a password change, a sign-out). */
  renew?: () => Promise<void>;
}

/** Sends a probe, reads its whole answer (a stream that fails is a 5xx too) and settles its waitUntil work. */
async function send(fn: FunctionModule, route: Route, probe: Probe, caller: Caller) {
  const url = `http://localhost${probe.pathname}${probe.query ? `?${probe.query}` : ''}`;
  const headers: Record<string, string> = {};
  if (probe.contentType !== undefined) headers['content-type'] = probe.contentType;
  if (caller.token) headers.authorization = `Bearer ${caller.token()}`;
  const hasBody = probe.body !== undefined && route.method !== 'GET';
  const request = new Request(url, {
    method: route.method,
    headers,
    ...(hasBody ? { body: typeof probe.body === 'string' ? probe.body : new Uint8Array(probe.body!) } : {}),
  });
  const { context, settle } = testContext(routeParams(fn.config, url) ?? {});
  const response = await fn.default(request, context);
  let status = response.status;
  let text = '';
  try {
    text = new TextDecoder().decode(await response.arrayBuffer()).slice(0, 300);
  } catch (error) {
    status = 599;
    text = `the answer's stream failed: ${String(error)}`;
  }
  await settle();
  return { status, text };
}

const describeProbe = (route: Route, probe: Probe) => {
  const body =
    probe.body === undefined ? '' : typeof probe.body === 'string' ? probe.body : `<${probe.body.length} bytes>`;
  return `${probe.kind}: ${route.method} ${probe.pathname}${probe.query ? `?${probe.query.slice(0, 200)}` : ''} [${probe.contentType ?? 'no content type'}] ${body.slice(0, 300)}`;
};

/**
 * Fuzzes one route: RUNS probes (or a replayed seed), each answered below 500, each 4xx with every
 * row count unchanged. Answers the failure's report, or undefined.
 */
export async function fuzzRoute(
  fn: FunctionModule,
  route: Route,
  caller: Caller,
  counts: () => Promise<Record<string, number>>,
): Promise<string | undefined> {
  const endpoint = endpointOf(route);
  let last = { probe: '', answer: '' };
  // The counts after one request are those before the next: one read a request.
  let counted = await counts();
  const property = fc.asyncProperty(probes(route), async (probe) => {
    let answer = await send(fn, route, probe, caller);
    if (answer.status === 401 && caller.renew) {
      await caller.renew();
      counted = await counts();
      answer = await send(fn, route, probe, caller);
    }
    const before = counted;
    counted = await counts();
    report.requests += 1;
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    last = { probe: describeProbe(route, probe), answer: `${answer.status} ${answer.text}` };
    if (answer.status >= 500) return false;
    if (answer.status >= 400) {
      const diff = changed(before, counted);
      if (diff.length > 0) {
        last.answer += ` and wrote rows: ${diff.join(', ')}`;
        return false;
      }
    }
    return true;
  });
  // Half the runs at most go to the edges every run sends; the rest are fast-check's own.
  const examples = firstProbes(route, Math.floor(RUNS / 2)).map((probe): [Probe] => [probe]);
  const details = await fc.check(property, { numRuns: RUNS, endOnFailure: true, examples, ...REPLAY });
  report.done.push(endpoint);
  if (!details.failed) return undefined;
  const failure = {
    endpoint,
    seed: details.seed,
    path: details.counterexamplePath ?? '',
    probe: last.probe,
    answer: last.answer,
  };
  report.failures.push(failure);
  return (
    `${endpoint} failed after ${details.numRuns} requests: ${failure.probe}\n  answered ${failure.answer}\n` +
    `  replay: npm run fuzz -- --seed ${failure.seed} --path ${failure.path} -t "${endpoint}"` +
    (details.errorInstance ? `\n  ${String(details.errorInstance)}` : '')
  );
}

/** The functions the fuzz list leaves out, by name, with why: the scheduled and background ones, whose work no request shapes. */
export const ANSWERING_NO_REQUEST: Record<string, string> = {
  'cases-digest': 'scheduled hourly, no path: mails the desk its digest, reads no request',
  'denuncias-reminders': 'scheduled hourly, no path: reminds compliance of deadlines, reads no request',
  'outage-alerts': 'scheduled every 2 minutes, no path: mails the alerts of published outages',
  'outbox-retry': 'scheduled every 5 minutes, no path: retries the outbox',
  'payments-reconcile': 'scheduled every minute, no path: asks Webpay about unknown outcomes',
  retention: 'scheduled hourly, no path: deletes data whose period ended',
  'uploads-cleanup': 'scheduled hourly, no path: deletes abandoned uploads',
  'phone-alerts-send-background':
    "a background function, no path: sends the phones' due messages, whatever its request says",
};

/**
 * The tests of a part of the fuzz list: that each route's valid input passes its schema and each
 * path serves the methods listed (the 405 of a method none serves names them in `Allow`; HEAD
 * answers as GET), then one test per route that fuzzes it.
 */
export function describeFuzz(
  functions: FuzzedFunction[],
  callerOf: (fn: FuzzedFunction) => Caller,
  rowChanges: () => RowChanges,
  reportFile: string,
) {
  describe('the fuzz list', () => {
    it.each(functions.flatMap((fn) => fn.routes.map((route) => [endpointOf(route), route] as const)))(
      'has a valid input of %s that its schema takes',
      (_, route) => {
        for (const input of [route.json, route.query, route.multipart])
          if (input?.schema) expect(input.schema.safeParse(input.valid).error?.issues ?? []).toEqual([]);
      },
    );

    it.each(functions.filter((fn) => !fn.anyMethod).map((fn) => [fn.name, fn] as const))(
      'lists the methods each path of %s serves',
      async (_, fuzzed) => {
        const fn = await loadFunction(fuzzed.name);
        const caller = callerOf(fuzzed);
        for (const path of new Set(fuzzed.routes.map((route) => route.path))) {
          const route = fuzzed.routes.find((candidate) => candidate.path === path)!;
          const url = `http://localhost${pathWith(route)}`;
          const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token()}` } : {};
          const response = await fn.default(
            new Request(url, { method: 'PATCH', headers }),
            testContext(routeParams(fn.config, url) ?? {}).context,
          );
          const allowed = (response.headers.get('allow') ?? '')
            .split(',')
            .map((method) => method.trim())
            .filter((method) => method && method !== 'HEAD');
          expect({ path, status: response.status, methods: allowed.sort() }).toEqual({
            path,
            status: 405,
            methods: [
              ...new Set(fuzzed.routes.filter((candidate) => candidate.path === path).map(({ method }) => method)),
            ].sort(),
          });
        }
      },
    );
  });

  const timeout = 60_000 + RUNS * 500;
  describe.each(functions.map((fn) => [fn.name, fn] as const))('%s', (_, fuzzed) => {
    it.each(fuzzed.routes.map((route) => [endpointOf(route), route] as const))(
      '%s answers every fuzzed request below 500, and a 4xx writes nothing',
      async (_endpoint, route) => {
        const failure = await fuzzRoute(await loadFunction(fuzzed.name), route, callerOf(fuzzed), rowChanges().read);
        await writeReport(reportFile);
        await rowChanges().clearNewRows();
        expect(failure).toBeUndefined();
      },
      timeout,
    );
  });
}
