import type { Database, Statement } from '../db/index.ts';

/**
 * The one throttle of every secret a person types (passwords, second-factor codes, re-checks of
 * one's own password, receipt codes, follow-up look-ups): its uses are configurations
 * (uses.ts), each attempt counted on one or more counters, a row per counter key (a keyed hash:
 * of a client group, client-group.ts, of an account, or of both) with its run of failures and the
 * time of its last attempt.
 *
 * A counter's run has `free` failures, then waits: `waits.first` seconds doubling up to
 * `waits.longest` (a fixed lock when both are equal), counted from the last attempt; the run is
 * forgotten `memory` after that attempt. An attempt refused while a counter waits counts nothing,
 * so a wait never grows while it is served.
 *
 * An attempt is claimed before its secret is checked, on all its counters at once: a batch takes a
 * transaction-scoped advisory lock per counter key (in one order, so two claims never deadlock),
 * then ONE statement reads every counter's run and, only if none waits, counts the attempt on
 * all of them. Concurrent attempts on separate connections queue on the locks and each sees the
 * ones before; an attempt never counts on one counter and is refused by another. A right secret
 * hands its attempt back (`refundStatements`), or, for a look-up, is never counted: the look-up is
 * a CTE of the claim's statement, which counts the attempt only when it found nothing (`lookUp`,
 * one round trip). A counter left without failures has no row.
 *
 * The optional global brake (the receipt code's slow hash must not be spent without bound by a
 * guesser with many addresses): while `brake` counters or more of the table have failed within
 * BRAKE_SECONDS, a counter that has failed in its run waits `waits.longest` since its last attempt.
 * A counter without failures is never braked, so the holder of a right code is never refused
 * because of what other clients did; the hashes a flood costs stay bounded by one per client group
 * per wait, and each group is an IPv4 address or an IPv6 /64, which a guesser cannot mint freely.
 */
export interface Throttle {
  table: 'receipt_failures' | 'follow_up_failures' | 'login_failures';
  /** Failures in a run before the first wait. */
  free: number;
  /** How long a run is remembered after its last attempt. */
  memory: { amount: number; unit: 'minute' | 'day' | 'month' | 'year' };
  /** The waits after the free failures, in seconds; FIRST_WAIT_SECONDS doubling to LONGEST_WAIT_SECONDS unless set. */
  waits?: { first: number; longest: number };
  /** Counters of the table failing within BRAKE_SECONDS that put the global brake on; none for no brake. */
  brake?: number;
}

/** One count an attempt adds to: a throttle and the key it counts under. */
export interface Counter {
  throttle: Throttle;
  key: string;
}

export const FIRST_WAIT_SECONDS = 15;
export const LONGEST_WAIT_SECONDS = 15 * 60;
export const BRAKE_SECONDS = 15 * 60;

/** Past this many doublings the wait is the longest anyway: the exponent stays small (no overflow). */
const MAX_DOUBLINGS = 16;

/** An attempt refused: the seconds left, whether the global brake held it, and the counters that wait. */
export interface Wait {
  kind: 'wait';
  seconds: number;
  braked: boolean;
  waiting: Counter[];
}

/** An attempt counted: `failures`, each counter's run with it (in the order of the counters), and the rows of the claim's read. */
export type Claim<Row = never> = { kind: 'claimed'; failures: number[]; rows: Row[] } | Wait;

/** The table, memory and counters of a claim; all its counters count in one table, with one memory. */
function claimOf(counters: Counter[]) {
  const [first] = counters;
  const apart = ({ throttle: { table, memory } }: Counter) =>
    table !== first!.throttle.table ||
    memory.amount !== first!.throttle.memory.amount ||
    memory.unit !== first!.throttle.memory.unit;
  if (!first || counters.some(apart)) throw new Error('throttle: a claim needs counters of one table and memory');
  const { table, memory } = first.throttle;
  const rows = counters.map(({ key, throttle: { free, waits, brake } }) => ({
    key,
    free,
    first: waits?.first ?? FIRST_WAIT_SECONDS,
    longest: waits?.longest ?? LONGEST_WAIT_SECONDS,
    brake: brake ?? null,
  }));
  return {
    table,
    braked: counters.some(({ throttle }) => throttle.brake !== undefined),
    // $1: the counters, $2: the memory.
    params: [JSON.stringify(rows), `${memory.amount} ${memory.unit}s`],
    locks: [...new Set(counters.map(({ key }) => `${table}:${key}`))]
      .sort()
      .map((lock): Statement => ({ text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', params: [lock] })),
  };
}

/**
 * Each counter's run as the claim's statement sees it (`waits`): its failures (none once past its
 * memory), its last attempt and its wait, and `refused`, the counters still waiting.
 */
const runs = (table: string, braked: boolean) => `
  brake AS (SELECT ${braked ? `count(*) AS failing FROM ${table} WHERE failed_at > now() - make_interval(secs => ${BRAKE_SECONDS})` : '0 AS failing'}),
  counters AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS c(key text, free int, first int, longest int, brake int)),
  runs AS (
    SELECT c.*, f.failed_at,
      CASE WHEN f.failed_at < clock_timestamp() - $2::interval THEN 0 ELSE coalesce(f.failures, 0) END AS failures
    FROM counters c LEFT JOIN ${table} f ON f.client = c.key
  ),
  waits AS (
    SELECT runs.*, (runs.brake IS NOT NULL AND (SELECT failing FROM brake) >= runs.brake AND runs.failures > 0) AS braked,
      CASE
        WHEN runs.brake IS NOT NULL AND (SELECT failing FROM brake) >= runs.brake AND runs.failures > 0 THEN runs.longest
        WHEN runs.failures < runs.free THEN 0
        ELSE least(runs.first * power(2, least(runs.failures - runs.free, ${MAX_DOUBLINGS})), runs.longest)
      END AS wait
    FROM runs
  ),
  refused AS (SELECT * FROM waits WHERE failed_at + make_interval(secs => wait) > clock_timestamp())`;

/**
 * The statement that counts `failure` (1, or an expression of the statement's CTEs) on every
 * counter unless one waits, returning each counter's run then, and no row when refused. Rows past
 * their memory are pruned on the way (the hourly clean-up need not run first).
 */
const claimStatement = (table: string, braked: boolean, ctes: string, failure: string) => `WITH ${runs(table, braked)},
  pruned AS (DELETE FROM ${table} WHERE failed_at < now() - $2::interval AND client NOT IN (SELECT key FROM counters))${ctes}
  INSERT INTO ${table} AS f (client, failures, failed_at)
    SELECT key, failures + ${failure}, clock_timestamp() FROM waits WHERE NOT EXISTS (SELECT FROM refused)
  ON CONFLICT (client) DO UPDATE SET failures = excluded.failures, failed_at = excluded.failed_at`;

/** What to tell a refused attempt; a read, deciding nothing. */
const waitLeft = (table: string, braked: boolean) => `WITH ${runs(table, braked)}
  SELECT greatest(1, ceil(max(extract(epoch FROM failed_at + make_interval(secs => wait) - clock_timestamp()))))::int AS seconds,
    coalesce(bool_or(braked), false) AS braked, coalesce(array_agg(key), '{}') AS keys
  FROM refused`;

/** Counters left without failures have no row. */
const dropEmpty = (table: string, counters: Counter[]): Statement => ({
  text: `DELETE FROM ${table} WHERE client = ANY($1::text[]) AND failures = 0`,
  params: [counters.map(({ key }) => key)],
});

type WaitRow = { seconds: number | null; braked: boolean; keys: string[] };
const waitOf = (counters: Counter[], [left]: WaitRow[]): Wait => ({
  kind: 'wait',
  seconds: left?.seconds ?? 1,
  braked: left?.braked ?? false,
  waiting: counters.filter(({ key }) => left?.keys.includes(key)),
});

const failuresOf = (counters: Counter[], counted: { key: string; failures: number }[]) =>
  counters.map(({ key }) => counted.find((row) => row.key === key)!.failures);

/**
 * Claims an attempt on `counters`, counted as a failure until refunded; or the wait left when one
 * of them must not try yet. `read`, a statement of the same round trip, answers what checking
 * the secret needs (a password's hash): its rows are answered only when the claim passed. For a
 * secret checked outside the database (a password, a code, a slow hash), which must not be paid
 * for before the claim; a look-up is cheaper as `lookUp`.
 */
export async function claimAttempt<Row = never>(
  db: Database,
  counters: Counter[],
  read?: Statement,
): Promise<Claim<Row>> {
  const { table, braked, params, locks } = claimOf(counters);
  const results = await db.batch([
    ...locks,
    { text: `${claimStatement(table, braked, '', '1')} RETURNING client AS key, failures`, params },
    { text: waitLeft(table, braked), params },
    ...(read ? [read] : []),
  ]);
  const [counted, left, rows] = results.slice(locks.length) as [
    { key: string; failures: number }[],
    WaitRow[],
    Row[] | undefined,
  ];
  if (counted.length === 0) return waitOf(counters, left);
  return { kind: 'claimed', failures: failuresOf(counters, counted), rows: rows ?? [] };
}

/** A look-up's outcome: its row, nothing found (a failure counted), or the wait. */
export type Lookup<Row> = { kind: 'found'; row: Row } | { kind: 'missing' } | Wait;

/**
 * Claims an attempt on `counters` and makes the look-up `found` (a SELECT of at most one row, its
 * parameters from $3) in ONE round trip, a batch. The look-up is a CTE of the claim's own
 * statement, which counts the attempt as a failure only if the look-up found nothing: a right
 * secret never counts, with no refund after. The row is answered only when the claim passed. The
 * batch's later statements drop the rows of counters left without failures and read the wait of a
 * refused attempt.
 */
export async function lookUp<Row>(db: Database, counters: Counter[], found: Statement): Promise<Lookup<Row>> {
  const { table, braked, params, locks } = claimOf(counters);
  const results = await db.batch([
    ...locks,
    {
      text: `${claimStatement(table, braked, `, found AS (${found.text})`, '(NOT EXISTS (SELECT FROM found))::int')}
  RETURNING (SELECT to_jsonb(found) FROM found) AS found`,
      params: [...params, ...(found.params ?? [])],
    },
    dropEmpty(table, counters),
    { text: waitLeft(table, braked), params },
  ]);
  const [[attempt], , left] = results.slice(locks.length) as [{ found: Row | null }[], unknown[], WaitRow[]];
  if (!attempt) return waitOf(counters, left);
  return attempt.found ? { kind: 'found', row: attempt.found } : { kind: 'missing' };
}

/**
 * The statements that hand back a claimed attempt whose secret was right, to run in the batch that
 * acts on it; with `found`, a condition (its parameters from $2), only when the refund itself
 * finds it true. A refund takes the claims' locks first: a claim writes the run it read, so a
 * refund made between its read and its write was lost, and a right secret stayed counted (the
 * concurrent redemptions of one challenge locked their account within five rounds).
 */
export function refundStatements(counters: Counter[], found?: Statement): Statement[] {
  const { table, locks } = claimOf(counters);
  return [
    ...locks,
    {
      text: `UPDATE ${table} SET failures = failures - 1
             WHERE client = ANY($1::text[]) AND failures > 0${found ? ` AND ${found.text}` : ''}`,
      params: [counters.map(({ key }) => key), ...(found?.params ?? [])],
    },
    dropEmpty(table, counters),
  ];
}
