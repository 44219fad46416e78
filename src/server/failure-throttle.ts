import { type Period } from '../shared/retention/texts.ts';
import type { Database, Statement } from './db/index.ts';

/**
 * The throttle of a lookup by a secret (/seguimiento's reference and e-mail, /denuncias/
 * seguimiento's receipt code): per client group (client-group.ts), a few free failures
 * for typos, then growing waits, FIRST_WAIT_SECONDS doubling up to LONGEST_WAIT_SECONDS; the run
 * is forgotten `memory` after the client's last attempt (the table's retention).
 *
 * An attempt is claimed before the lookup by ONE statement on the client's row that both checks
 * the wait and counts the attempt as a failure (INSERT ... ON CONFLICT DO UPDATE ... WHERE):
 * concurrent attempts of one client queue on that row, so they cannot all pass a count read before
 * any of them was written. A right secret never counts: a lookup by a slow hash, claimed before
 * the hash is paid for, hands its attempt back (refund); any other lookup is a CTE of the claim's
 * statement, which counts the attempt only when it found nothing (`lookUp`, one round trip). The
 * row of a client with no failure left is deleted.
 *
 * The optional global brake (the receipt code's slow hash must not be spent without bound by a
 * guesser with many addresses): while `brake` clients or more have failed within BRAKE_SECONDS, a
 * client that has failed in the run waits LONGEST_WAIT_SECONDS since its last attempt, one attempt
 * per wait. A client without failures is never braked, so the holder of a right code is never
 * refused because of what other clients did; the hashes a flood costs stay bounded by one per client
 * group per wait (besides its free attempts before the brake), and each group is an IPv4 address or
 * an IPv6 /64, which a guesser cannot mint freely.
 */
export interface FailureThrottle {
  table: 'receipt_failures' | 'follow_up_failures';
  /** Failures in a run before the first wait. */
  free: number;
  /** How long a client's run is remembered after its last attempt: the table's retention. */
  memory: Period;
  /** Clients failing within BRAKE_SECONDS that put the global brake on; none for no brake. */
  brake?: number;
}

export const FIRST_WAIT_SECONDS = 15;
export const LONGEST_WAIT_SECONDS = 15 * 60;
export const BRAKE_SECONDS = 15 * 60;

/** Past this many doublings the wait is the longest anyway: the exponent stays small (no overflow). */
const MAX_DOUBLINGS = 16;

export type Claim = { kind: 'claimed' } | { kind: 'wait'; seconds: number; braked: boolean };

const memoryOf = ({ amount, unit }: Period) => `${amount} ${unit}s`;

/** `brake.on`, the global brake, as a CTE (`false` for a throttle without one). */
const brakeCte = ({ table, brake }: FailureThrottle) =>
  brake === undefined
    ? 'brake AS (SELECT false AS "on")'
    : `brake AS (SELECT count(*) >= ${brake} AS "on" FROM ${table} WHERE failed_at > now() - make_interval(secs => ${BRAKE_SECONDS}))`;

/** The wait, in seconds, of the run in row `f` after its last attempt ($2: memory, $3: free). */
const WAIT = `CASE
    WHEN f.failed_at < clock_timestamp() - $2::interval THEN 0
    WHEN (SELECT "on" FROM brake) AND f.failures > 0 THEN ${LONGEST_WAIT_SECONDS}
    WHEN f.failures < $3 THEN 0
    ELSE least(${FIRST_WAIT_SECONDS} * power(2, least(f.failures - $3, ${MAX_DOUBLINGS})), ${LONGEST_WAIT_SECONDS})
  END`;

/**
 * The statement that claims an attempt for `client` (its keyed hash) and counts `failure` (1, or an
 * expression of the statement's CTEs), returning a row when claimed and none when the client must
 * wait. Rows past their memory are pruned on the way (the hourly clean-up need not run first).
 */
const claim = (throttle: FailureThrottle, ctes: string, failure: string) => {
  const { table } = throttle;
  return `WITH ${brakeCte(throttle)},
       pruned AS (DELETE FROM ${table} WHERE failed_at < now() - $2::interval AND client <> $1)${ctes}
     INSERT INTO ${table} AS f (client, failures, failed_at) VALUES ($1, ${failure}, clock_timestamp())
     ON CONFLICT (client) DO UPDATE SET
       failures = CASE WHEN f.failed_at < clock_timestamp() - $2::interval THEN 0 ELSE f.failures END + ${failure},
       failed_at = clock_timestamp()
     WHERE f.failed_at + make_interval(secs => ${WAIT}) <= clock_timestamp()`;
};

/** What to tell a refused client; a read, deciding nothing. */
const waitLeft = (throttle: FailureThrottle) => `WITH ${brakeCte(throttle)}
     SELECT greatest(1, ceil(extract(epoch FROM f.failed_at + make_interval(secs => ${WAIT}) - clock_timestamp())))::int AS seconds,
       (SELECT "on" FROM brake) AS braked
     FROM ${throttle.table} f WHERE client = $1`;

/** A client left without failures has no row. */
const dropEmpty = ({ table }: FailureThrottle, client: string): Statement => ({
  text: `DELETE FROM ${table} WHERE client = $1 AND failures = 0`,
  params: [client],
});

type Wait = Extract<Claim, { kind: 'wait' }>;
const waitOf = ([left]: { seconds: number; braked: boolean }[]): Wait => ({
  kind: 'wait',
  seconds: left?.seconds ?? 1,
  braked: left?.braked ?? false,
});

/**
 * Claims an attempt for `client`, counted as a failure until refunded; or the wait left when the
 * client must not try yet. For a lookup whose secret costs a slow hash, which must not be paid for
 * before the claim; any other lookup is cheaper as `lookUp`.
 */
export async function claimAttempt(db: Database, throttle: FailureThrottle, client: string): Promise<Claim> {
  const params = [client, memoryOf(throttle.memory), throttle.free];
  const claimed = await db.query(`${claim(throttle, '', '1')} RETURNING 1`, params);
  if (claimed.length > 0) return { kind: 'claimed' };
  return waitOf(await db.query(waitLeft(throttle), params));
}

/** A lookup's outcome: its row, nothing found (a failure counted), or the client's wait. */
export type Lookup<Row> = { kind: 'found'; row: Row } | { kind: 'missing' } | Wait;

/**
 * Claims an attempt for `client` and makes the lookup `found` (a SELECT of at most one row, its
 * parameters from $4) in ONE round trip, a batch. The lookup is a CTE of the claim's own statement,
 * which counts the attempt as a failure only if the lookup found nothing: the claim stays one
 * atomic statement on the client's row, so concurrent attempts queue there as with `claimAttempt`,
 * and a right secret never counts, with no refund after. The row is answered only when the claim
 * passed. The batch's later statements drop the row of a client left without failures and read the
 * wait of a refused one.
 */
export async function lookUp<Row>(
  db: Database,
  throttle: FailureThrottle,
  client: string,
  found: Statement,
): Promise<Lookup<Row>> {
  const params = [client, memoryOf(throttle.memory), throttle.free];
  const [[attempt], , left] = (await db.batch([
    {
      text: `${claim(throttle, `, found AS (${found.text})`, '(NOT EXISTS (SELECT FROM found))::int')}
     RETURNING (SELECT to_jsonb(found) FROM found) AS found`,
      params: [...params, ...(found.params ?? [])],
    },
    dropEmpty(throttle, client),
    { text: waitLeft(throttle), params },
  ])) as [{ found: Row | null }[], unknown[], { seconds: number; braked: boolean }[]];
  if (!attempt) return waitOf(left);
  return attempt.found ? { kind: 'found', row: attempt.found } : { kind: 'missing' };
}

/**
 * The statements that hand back the attempt of a lookup that found what it sought, to run in the
 * lookup's own batch: `found`, a condition (its parameters from $2), is checked by the refund
 * itself.
 */
export const refundStatements = (throttle: FailureThrottle, client: string, found: Statement): Statement[] => [
  {
    text: `UPDATE ${throttle.table} SET failures = failures - 1 WHERE client = $1 AND failures > 0 AND ${found.text}`,
    params: [client, ...(found.params ?? [])],
  },
  dropEmpty(throttle, client),
];
