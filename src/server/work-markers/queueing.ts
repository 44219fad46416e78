import type { Database, Statement } from '../db/database.ts';
import { markWork, WORK_QUEUES, type WorkQueue } from './markers.ts';

/**
 * The statements that give a scheduled run work, by the queue whose run does it. They are found by
 * their SQL, not declared by their callers: a step that queues work cannot forget to say so, and
 * `tests/unit/work-markers.test.ts` checks every statement of src/server that writes these tables.
 */
const QUEUEING: Record<WorkQueue, RegExp> = {
  // A bill sent to Webpay (its token), or a refund asked for: the reconciliation settles both.
  payments: /\bupdate\s+bills\s+set\s+(token\b|status\s*=\s*'refund_pending')/i,
  // A corte or aviso published, changed or ended: its alerts to fan out.
  'outage-alerts': /\binsert\s+into\s+(outage|advisory)_notices\b/i,
  // A mail or a phone's message to send.
  outbox: /\binsert\s+into\s+outbox\b/i,
};

/** The queues statements with these texts give work to. */
export const queuesWrittenBy = (texts: string[]): WorkQueue[] =>
  WORK_QUEUES.filter((queue) => texts.some((text) => QUEUEING[queue].test(text)));

type Mark = (queue: WorkQueue) => Promise<void>;

/** Netlify's runtime keeps work for after the answer in the request's context. */
const afterAnswer = (): ((work: Promise<unknown>) => void) | undefined =>
  (globalThis as { Netlify?: { context?: { waitUntil?: (work: Promise<unknown>) => void } | null } }).Netlify?.context
    ?.waitUntil;

/**
 * `db`, marking the queues of each query or batch once it has committed (markers.ts): after the
 * answer when the platform keeps work for then, before it otherwise (a scheduled run, local mode).
 */
export function markingQueues(db: Database, mark: Mark = (queue) => markWork(queue)): Database {
  const marked = async (texts: string[]) => {
    const queues = queuesWrittenBy(texts);
    if (queues.length === 0) return;
    const marks = Promise.all(queues.map((queue) => mark(queue)));
    const later = afterAnswer();
    if (later) later(marks);
    else await marks;
  };
  return {
    async query<Row>(text: string, params?: unknown[]) {
      const rows = await db.query<Row>(text, params);
      await marked([text]);
      return rows;
    },
    async batch(statements: Statement[]) {
      const results = await db.batch(statements);
      await marked(statements.map((statement) => statement.text));
      return results;
    },
    close: () => db.close(),
  };
}
