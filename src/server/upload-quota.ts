import { randomBytes } from 'node:crypto';
import { adminPurposes, uploadMessages, type UploadPurpose } from '../shared/uploads.ts';
import { config } from './config.ts';
import type { Database } from './db/index.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Daily byte quotas of the files visitors send (issue 13): from one client address, and from
 * everyone, per day in Chile. An upload is checked against them when it starts (its declared
 * size) and each chunk or inline file is charged as it is stored, so what one client or the
 * whole site stores in a day is bounded. Files staff send are not counted: only a signed-in
 * admin starts them.
 *
 * A client is counted under sha256(the day's random salt || its address), never the address;
 * a past day's salt and counters are deleted at the next charge and by the hourly
 * uploads-cleanup, after which nothing ties a counter to an address.
 */

const DAY = `(now() AT TIME ZONE 'America/Santiago')::date`;
// Seconds until midnight in Chile, when the counters start again.
const UNTIL_TOMORROW = `ceil(extract(epoch FROM ((${DAY} + 1)::timestamp AT TIME ZONE 'America/Santiago') - now()))::int`;

// Today's bytes of the client at $1 and of everyone, with the key it is counted under: no row
// before the day's first charge. $2 the bytes asked for, $3 and $4 the limits.
const USAGE = `SELECT k.client,
    coalesce(sum(u.bytes) FILTER (WHERE u.client = k.client), 0)::bigint + $2::bigint > $3::bigint AS client_full,
    coalesce(sum(u.bytes), 0)::bigint + $2::bigint > $4::bigint AS total_full
  FROM (SELECT day, encode(sha256(convert_to(salt || $1::text, 'UTF8')), 'hex') AS client
        FROM upload_quota_days WHERE day = ${DAY}) k
  LEFT JOIN upload_usage u ON u.day = k.day
  GROUP BY k.client`;

interface Verdict {
  client_full: boolean;
  total_full: boolean;
  retry_after: number;
}

const counted = (purpose: UploadPurpose) => !adminPurposes.includes(purpose);

function refuseWhenFull(verdict: Verdict | undefined): void {
  if (verdict?.client_full) throw tooManyRequests(uploadMessages.clientQuota, verdict.retry_after, 'file');
  if (verdict?.total_full) throw tooManyRequests(uploadMessages.totalQuota, verdict.retry_after, 'file');
}

const limits = () => {
  const { perClient, total } = config.uploadQuota();
  return [perClient, total];
};

/** Refuses (429) a file of `bytes` that today's quotas no longer have room for; stores nothing. */
export async function checkQuota(db: Database, purpose: UploadPurpose, client: string, bytes: number): Promise<void> {
  if (!counted(purpose)) return;
  const [verdict] = await db.query<Verdict>(
    `SELECT coalesce(q.client_full, $2::bigint > $3::bigint) AS client_full,
            coalesce(q.total_full, $2::bigint > $4::bigint) AS total_full,
            ${UNTIL_TOMORROW} AS retry_after
     FROM (SELECT 1) AS one LEFT JOIN (${USAGE}) AS q ON true`,
    [client, bytes, ...limits()],
  );
  refuseWhenFull(verdict);
}

/**
 * Counts `bytes` about to be stored, or refuses them (429) when either quota would be passed.
 * The table lock makes concurrent charges wait for each other, so each one sees what the one
 * before counted: two clients cannot both take the last room of the day.
 */
export async function chargeQuota(db: Database, purpose: UploadPurpose, client: string, bytes: number): Promise<void> {
  if (!counted(purpose)) return;
  const quota = limits();
  const [, , [verdict]] = (await db.batch([
    { text: 'LOCK TABLE upload_usage IN EXCLUSIVE MODE' },
    {
      text: `WITH pruned AS (DELETE FROM upload_quota_days WHERE day < ${DAY})
             INSERT INTO upload_quota_days (day, salt) VALUES (${DAY}, $1) ON CONFLICT (day) DO NOTHING`,
      params: [randomBytes(32).toString('hex')],
    },
    {
      text: `WITH verdict AS (${USAGE}),
             charged AS (
               INSERT INTO upload_usage (day, client, bytes)
               SELECT ${DAY}, client, $2::bigint FROM verdict WHERE NOT client_full AND NOT total_full
               ON CONFLICT (day, client) DO UPDATE SET bytes = upload_usage.bytes + EXCLUDED.bytes
             )
             SELECT client_full, total_full, ${UNTIL_TOMORROW} AS retry_after FROM verdict`,
      params: [client, bytes, ...quota],
    },
  ])) as [unknown[], unknown[], Verdict[]];
  refuseWhenFull(verdict);
}

/**
 * Deletes the counters and salts of past days. After the same lock as a charge, which deletes
 * them too: each takes the lock before any row, so the two never wait for each other in turn.
 */
export async function pruneQuota(db: Database): Promise<void> {
  await db.batch([
    { text: 'LOCK TABLE upload_usage IN EXCLUSIVE MODE' },
    { text: `DELETE FROM upload_quota_days WHERE day < ${DAY}` },
  ]);
}
