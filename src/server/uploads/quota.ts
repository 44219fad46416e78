import { randomBytes } from 'node:crypto';
import { aysenOffsetMinutes } from '../../shared/time/wall-clock.ts';
import { adminPurposes, uploadMessages, type UploadPurpose } from '../../shared/uploads/schema.ts';
import { config } from '../config.ts';
import type { Database, Statement } from '../db/index.ts';
import { refusalOf } from '../db/refusals.ts';
import { Throttled } from '../errors.ts';

/**
 * Daily limits of the files visitors send, per day in Aysén; files staff send
 * are not counted (only a signed-in admin starts them).
 *
 * - Two site-wide pools: CVs' bytes (`total`) and denuncia evidence's files (`denunciaFiles`), so
 *   neither fills the other. Only a completed, content-checked file counts (its `uploads.pool_day`):
 *   chunks never do, and a file the clean-up deletes unattached stops counting with its row. A
 *   denuncia's pool counts files, since its files' sizes are sealed (uploads/metadata.ts).
 * - One client's bytes, for CVs only: what an address sends in a day, each chunk as it is stored,
 *   so no one fills the store with chunks never completed. A client is counted under sha256(the
 *   day's random salt || its address), never the address; past days are deleted at the next charge
 *   and by the hourly uploads-cleanup. Denuncia uploads are counted against no client at all: a
 *   count of one file's bytes under an address would link the file to it for the day.
 */

/**
 * Today in Aysén and the seconds to its midnight, as SQL: the database's clock with Aysén's offset
 * from UTC, which the code reads from the runtime's zone data (the database's is not relied on).
 */
const day = () => `((now() AT TIME ZONE 'UTC') + make_interval(mins => ${aysenOffsetMinutes(Date.now())}))::date`;
const untilTomorrow = () =>
  `ceil(extract(epoch FROM (((${day()} + 1)::timestamp - make_interval(mins => ${aysenOffsetMinutes(Date.now())})) AT TIME ZONE 'UTC') - now()))::int`;

const hasClientLimit = (purpose: UploadPurpose) => purpose === 'cv';
export const hasPool = (purpose: UploadPurpose) => !adminPurposes.includes(purpose);

/** Today's use of a purpose's pool ($1) and what one file ($2 bytes) adds to it, in its unit. */
const poolUsed = () => `(SELECT CASE WHEN $1 = 'denuncia' THEN count(*) ELSE coalesce(sum(declared_size), 0) END
                    FROM uploads WHERE pool_day = ${day()} AND purpose = $1)`;
const POOL_ADDS = `CASE WHEN $1 = 'denuncia' THEN 1 ELSE $2::bigint END`;

const poolLimit = (purpose: UploadPurpose) => {
  const { total, denunciaFiles } = config.uploadQuota();
  return purpose === 'denuncia' ? denunciaFiles : total;
};

/** A full pool's answer (429) for a file of `purpose`. */
export const poolFull = (purpose: UploadPurpose, retryAfter: number) =>
  new Throttled(purpose === 'denuncia' ? uploadMessages.denunciaQuota : uploadMessages.totalQuota, retryAfter, 'file');

const clientFull = (retryAfter: number) => new Throttled(uploadMessages.clientQuota, retryAfter, 'file');

/**
 * Whether today's limits still have room for a file of `bytes`, as a statement selecting
 * `pool_full`, `client_full` and `retry_after` (its params `$1` to `$5`): to run with what is stored
 * only where there is room (uploads/chunks.ts). A denuncia's sender address is not even read.
 */
export function roomVerdict(purpose: UploadPurpose, client: string, bytes: number): Statement {
  const perClient = hasClientLimit(purpose) ? config.uploadQuota().perClient : null;
  return {
    text: `SELECT ${poolUsed()} + ${POOL_ADDS} > $3::bigint AS pool_full,
             $4::bigint IS NOT NULL AND coalesce((
               SELECT u.bytes FROM upload_quota_days k JOIN upload_usage u ON u.day = k.day
               WHERE k.day = ${day()} AND u.client = encode(sha256(convert_to(k.salt || $5::text, 'UTF8')), 'hex')
             ), 0) + $2::bigint > $4::bigint AS client_full,
             ${untilTomorrow()} AS retry_after`,
    params: [purpose, bytes, poolLimit(purpose), perClient, perClient === null ? '' : client],
  };
}

/** Refuses (Throttled) the file a `roomVerdict` found no room for. */
export function refuseUnlessRoom(
  purpose: UploadPurpose,
  verdict: { pool_full: boolean; client_full: boolean; retry_after: number },
): void {
  if (verdict.client_full) throw clientFull(verdict.retry_after);
  if (verdict.pool_full) throw poolFull(purpose, verdict.retry_after);
}

/** The reasons a batch's charge refuses it with (db/refusals.ts). */
const CLIENT_FULL = 'upload:client-full';
const POOL_FULL = 'upload:pool-full';

/**
 * Counts `bytes` a CV client stores, in the batch that stores them: the table lock, which makes
 * concurrent charges wait for each other so that each sees what the one before counted, today's
 * salt, then the charge, which refuses the whole batch (`refuse`, rolled back) past the client's
 * daily limit. `when` (SQL, its params from `$4`) limits the charge to a write the batch made (a
 * chunk's claim): without it, nothing is counted nor refused. Nothing for other purposes.
 */
export function clientCharge(
  purpose: UploadPurpose,
  client: string,
  bytes: number,
  when: Statement = { text: 'true' },
): Statement[] {
  if (!hasClientLimit(purpose)) return [];
  return [
    { text: 'LOCK TABLE upload_usage IN EXCLUSIVE MODE' },
    {
      text: `WITH pruned AS (DELETE FROM upload_quota_days WHERE day < ${day()})
             INSERT INTO upload_quota_days (day, salt) VALUES (${day()}, $1) ON CONFLICT (day) DO NOTHING`,
      params: [randomBytes(32).toString('hex')],
    },
    {
      text: `WITH verdict AS (
               SELECT k.day, k.client, coalesce(u.bytes, 0) + $2::bigint > $3::bigint AS client_full
               FROM (SELECT day, encode(sha256(convert_to(salt || $1::text, 'UTF8')), 'hex') AS client
                     FROM upload_quota_days WHERE day = ${day()}) k
               LEFT JOIN upload_usage u ON u.day = k.day AND u.client = k.client
               WHERE ${when.text}
             ),
             charged AS (
               INSERT INTO upload_usage (day, client, bytes)
               SELECT day, client, $2::bigint FROM verdict WHERE NOT client_full
               ON CONFLICT (day, client) DO UPDATE SET bytes = upload_usage.bytes + EXCLUDED.bytes
             )
             SELECT refuse('${CLIENT_FULL}', ${untilTomorrow()}::text) FROM verdict WHERE client_full`,
      params: [client, bytes, config.uploadQuota().perClient, ...(when.params ?? [])],
    },
  ];
}

/**
 * Counts a checked file toward its purpose's pool, in the batch that stores or completes it: a
 * check-then-act made safe by a lock per pool, taken first; under READ COMMITTED the statement
 * after it then sees every file counted before, so two files cannot both take the last room of
 * the day. `write(room)` is that statement: its CTE `room` (`fits`, `today`, `retry_after`, params
 * `$1` to `$3`) says whether the file fits, and it counts the file (`pool_day = today`) only then.
 */
export function poolCharge(purpose: UploadPurpose, bytes: number, write: (room: string) => Statement): Statement[] {
  const room = `SELECT ${poolUsed()} + ${POOL_ADDS} <= $3::bigint AS fits, ${day()} AS today, ${untilTomorrow()} AS retry_after`;
  const { text, params = [] } = write(room);
  return [
    { text: `SELECT pg_advisory_xact_lock(hashtext('upload-pool'), hashtext($1))`, params: [purpose] },
    { text, params: [purpose, bytes, poolLimit(purpose), ...params] },
  ];
}

/** SQL refusing the batch when a `poolCharge`'s `room` has none (a CTE `room` in scope). */
export const refuseUnlessFits = `SELECT refuse('${POOL_FULL}', retry_after::text) FROM room WHERE NOT fits`;

/** The answer to a batch a charge refused (Throttled, 429), or undefined for any other error. */
export function quotaRefusal(purpose: UploadPurpose, error: unknown): Throttled | undefined {
  const refused = refusalOf(error);
  if (refused?.reason === CLIENT_FULL) return clientFull(Number(refused.detail));
  if (refused?.reason === POOL_FULL) return poolFull(purpose, Number(refused.detail));
  return undefined;
}

/**
 * Deletes the client counters and salts of past days. After the same lock as a charge, which
 * deletes them too: each takes the lock before any row, so the two never wait for each other in turn.
 */
export async function pruneQuota(db: Database): Promise<void> {
  await db.batch([
    { text: 'LOCK TABLE upload_usage IN EXCLUSIVE MODE' },
    { text: `DELETE FROM upload_quota_days WHERE day < ${day()}` },
  ]);
}
