import { randomBytes } from 'node:crypto';
import { aysenOffsetMinutes } from '../shared/chile-time.ts';
import { adminPurposes, uploadMessages, type UploadPurpose } from '../shared/uploads/schema.ts';
import { config } from './config.ts';
import type { Database, Statement } from './db/index.ts';
import { Throttled } from './errors.ts';

/**
 * Daily limits of the files visitors send, per day in Aysén; files staff send
 * are not counted (only a signed-in admin starts them).
 *
 * - Two site-wide pools: CVs' bytes (`total`) and denuncia evidence's files (`denunciaFiles`), so
 *   neither fills the other. Only a completed, content-checked file counts (its `uploads.pool_day`):
 *   chunks never do, and a file the clean-up deletes unattached stops counting with its row. A
 *   denuncia's pool counts files, since its files' sizes are sealed (upload-metadata.ts).
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

const poolFull = (purpose: UploadPurpose, retryAfter: number) =>
  new Throttled(purpose === 'denuncia' ? uploadMessages.denunciaQuota : uploadMessages.totalQuota, retryAfter, 'file');

const clientFull = (retryAfter: number) => new Throttled(uploadMessages.clientQuota, retryAfter, 'file');

/**
 * Whether today's limits still have room for a file of `bytes`, as a statement selecting
 * `pool_full`, `client_full` and `retry_after` (its params `$1` to `$5`): to run with what is stored
 * only where there is room (chunked-uploads.ts). A denuncia's sender address is not even read.
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

/**
 * Counts `bytes` a CV client is about to store, or refuses them (429) past its daily limit. The
 * table lock makes concurrent charges wait for each other, so each one sees what the one before
 * counted. Nothing for other purposes.
 */
export async function chargeClient(db: Database, purpose: UploadPurpose, client: string, bytes: number): Promise<void> {
  if (!hasClientLimit(purpose)) return;
  const [, , [verdict]] = (await db.batch([
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
             ),
             charged AS (
               INSERT INTO upload_usage (day, client, bytes)
               SELECT day, client, $2::bigint FROM verdict WHERE NOT client_full
               ON CONFLICT (day, client) DO UPDATE SET bytes = upload_usage.bytes + EXCLUDED.bytes
             )
             SELECT client_full, ${untilTomorrow()} AS retry_after FROM verdict`,
      params: [client, bytes, config.uploadQuota().perClient],
    },
  ])) as [unknown[], unknown[], { client_full: boolean; retry_after: number }[]];
  if (verdict?.client_full) throw clientFull(verdict.retry_after);
}

/**
 * Counts a checked file (upload `id`, claimed as `completing` by its caller) toward its purpose's
 * pool, or refuses it (429) when the pool is full. A check-then-act made safe by a lock per pool,
 * taken before the statement that counts: under READ COMMITTED that statement then sees every
 * file counted before it, so two completions cannot both take the last room of the day.
 */
export async function chargePool(db: Database, purpose: UploadPurpose, id: string, bytes: number): Promise<void> {
  if (!hasPool(purpose)) return;
  const [, [verdict]] = (await db.batch([
    { text: `SELECT pg_advisory_xact_lock(hashtext('upload-pool'), hashtext($1))`, params: [purpose] },
    {
      text: `WITH charged AS (
               UPDATE uploads SET pool_day = ${day()}
               WHERE id = $4 AND status = 'completing' AND ${poolUsed()} + ${POOL_ADDS} <= $3::bigint RETURNING id
             )
             SELECT EXISTS (SELECT 1 FROM charged) AS charged, ${untilTomorrow()} AS retry_after`,
      params: [purpose, bytes, poolLimit(purpose), id],
    },
  ])) as [unknown[], { charged: boolean; retry_after: number }[]];
  if (!verdict!.charged) throw poolFull(purpose, verdict!.retry_after);
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
