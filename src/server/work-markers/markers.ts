import * as z from 'zod/mini';
import { contextStore } from '../blob-stores.ts';
import { errorSummary } from '../error-summary.ts';

/**
 * Work markers (docs/architecture.md, "Scheduled runs"): a scheduled run that finds no work never
 * wakes the database. Neon suspends a compute after 5 minutes without a query, so a run that
 * queried every minute would keep it running all month for nothing.
 *
 * Each queue has two keys in the blob store `work-markers`, neither read and rewritten by two
 * writers at once (the emulated store's conditional writes are not atomic, so nothing here
 * depends on them):
 * - `written/<queue>`: when a step last committed work to the queue, written after its commit by
 *   every step, whatever wrote it (queueing.ts finds them by their statements);
 * - `run/<queue>`: written by the queue's run alone, when its last look at the database began
 *   (`lookedAt`) and the earliest work it left for later (`nextDue`).
 *
 * A run looks when work was written since its last look began (less CLOCK_SKEW_MS: the writer's
 * clock is another machine's), when the work it left is due, when its record is missing or
 * unreadable, and at least once a day whatever the keys say. Work committed before a look began is
 * seen by that look; work committed after it has its `written` time after it: no order of a
 * writer and a run loses work, and a marker lost (a failed write) waits a day at most.
 */

export const WORK_QUEUES = ['payments', 'outage-alerts', 'outbox'] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

/** Two machines' clocks may differ by this much; a look covers writes stamped this long before it. */
export const CLOCK_SKEW_MS = 60_000;
/** The longest a run goes without looking at the database, whatever its markers say. */
export const DAILY_CHECK_MS = 24 * 60 * 60 * 1000;
/**
 * The daily look comes up to an hour early to fall in an hour's first minutes (HOUR_START_MINUTES),
 * when the hourly functions wake the database anyway: an idle site's compute wakes once an hour.
 */
const HOUR_MS = 60 * 60 * 1000;
const HOUR_START_MINUTES = 5;

const written = z.object({ at: z.iso.datetime() });
const runRecord = z.object({ lookedAt: z.iso.datetime(), nextDue: z.nullable(z.iso.datetime()) });
type RunRecord = z.infer<typeof runRecord>;

/** What the markers need of a blob store (Netlify Blobs' `Store`). */
export interface MarkerStore {
  get(key: string, options: { type: 'json' }): Promise<unknown>;
  setJSON(key: string, value: unknown): Promise<unknown>;
}

export const markerStore = (): MarkerStore => contextStore('work-markers');

const writtenKey = (queue: WorkQueue) => `written/${queue}`;
const runKey = (queue: WorkQueue) => `run/${queue}`;

/**
 * Says that work was committed to `queue`: called after the commit, never before. A failure is
 * logged, not thrown: the work is in the database, and the daily full check finds it.
 */
export async function markWork(queue: WorkQueue, store?: MarkerStore, now = new Date()): Promise<void> {
  try {
    await (store ?? markerStore()).setJSON(writtenKey(queue), { at: now.toISOString() });
  } catch (error) {
    console.error(`work-markers: ${queue} not marked (found by the daily check): ${errorSummary(error)}`);
  }
}

/** Why a run looked at the database, or `idle` when it did not. */
export type LookReason = 'written' | 'due' | 'no-record' | 'daily' | 'idle';

/** A key's value, undefined when it is missing or unreadable (a failing store, a torn value). */
async function read<T>(store: MarkerStore, key: string, schema: z.ZodMiniType<T>): Promise<T | undefined | 'failed'> {
  try {
    const value = await store.get(key, { type: 'json' });
    if (value === null || value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : 'failed';
  } catch {
    return 'failed';
  }
}

/** Whether a run must look at the database now, and why (no database query). */
export async function lookReason(
  queue: WorkQueue,
  store: MarkerStore,
  now: Date,
  clockSkewMs = CLOCK_SKEW_MS,
): Promise<LookReason> {
  const [record, write] = await Promise.all([
    read(store, runKey(queue), runRecord),
    read(store, writtenKey(queue), written),
  ]);
  if (record === undefined || record === 'failed' || write === 'failed') return 'no-record';
  const sinceLook = now.getTime() - Date.parse(record.lookedAt);
  if (sinceLook >= DAILY_CHECK_MS) return 'daily';
  if (sinceLook >= DAILY_CHECK_MS - HOUR_MS && now.getUTCMinutes() < HOUR_START_MINUTES) return 'daily';
  if (write && Date.parse(write.at) >= Date.parse(record.lookedAt) - clockSkewMs) return 'written';
  if (record.nextDue !== null && Date.parse(record.nextDue) <= now.getTime()) return 'due';
  return 'idle';
}

/** What a run's look did: its own answer, and the earliest work it left for later (none: null). */
export interface Look<T> {
  result: T;
  nextDue: Date | null;
}

export type Run<T> = { reason: 'idle' } | { reason: Exclude<LookReason, 'idle'>; result: T };

/**
 * A scheduled run of `queue`: `look` (which queries the database) only when lookReason says so.
 * The look's start is taken before it runs and recorded after it: a look that throws records
 * nothing, so the next run looks again.
 */
export async function runWhenDue<T>(
  queue: WorkQueue,
  look: () => Promise<Look<T>>,
  {
    store = markerStore(),
    now = () => new Date(),
    clockSkewMs,
  }: { store?: MarkerStore; now?: () => Date; clockSkewMs?: number } = {},
): Promise<Run<T>> {
  const lookedAt = now();
  const reason = await lookReason(queue, store, lookedAt, clockSkewMs);
  if (reason === 'idle') return { reason };
  const { result, nextDue } = await look();
  // Every look reads the whole queue: it is the daily check too.
  const record: RunRecord = { lookedAt: lookedAt.toISOString(), nextDue: nextDue?.toISOString() ?? null };
  try {
    await store.setJSON(runKey(queue), record);
  } catch (error) {
    // Unrecorded, the next run finds no record and looks again.
    console.error(`work-markers: ${queue}'s run not recorded: ${errorSummary(error)}`);
  }
  return { reason, result };
}
