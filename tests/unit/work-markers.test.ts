import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { markingQueues, queuesWrittenBy } from '../../src/server/work-markers/queueing.ts';

const serverDir = path.resolve(import.meta.dirname, '../../src/server');
const sources = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(serverDir, file), 'utf8') }));

/** Every place in src/server whose SQL writes `pattern`, as the 200 characters from there. */
const writesOf = (pattern: RegExp) =>
  sources.flatMap(({ file, text }) =>
    [...text.matchAll(new RegExp(pattern, 'gi'))].map((match) => ({
      file,
      sql: text.slice(match.index, match.index + 200),
    })),
  );

describe('the statements that give a scheduled run work', () => {
  it.each([
    ['outbox', /\binsert\s+into\s+outbox\b/],
    ['outage-alerts', /\binsert\s+into\s+(outage|advisory)_notices\b/],
    ['payments', /\bupdate\s+bills\s+(b\s+)?set\s+(token|status\s*=\s*'refund_pending')/],
  ] as const)('every one that writes the %s queue marks it', (queue, pattern) => {
    const writes = writesOf(pattern);
    expect(writes.length).toBeGreaterThan(0);
    for (const { file, sql } of writes)
      expect({ file, queues: queuesWrittenBy([sql]) }).toEqual({ file, queues: [queue] });
  });

  it('a statement that only reads or claims queued work marks nothing', () => {
    expect(
      queuesWrittenBy(["UPDATE outbox SET status = 'sending'", 'SELECT id FROM bills', 'UPDATE bills SET status = $2']),
    ).toEqual([]);
  });
});

describe('the database port that marks queues', () => {
  const port = (fail = false): Database => ({
    query: vi.fn(async () => {
      if (fail) throw new Error('refused');
      return [];
    }),
    batch: vi.fn(async () => {
      if (fail) throw new Error('refused');
      return [];
    }),
    close: vi.fn(async () => undefined),
  });

  it('marks each queue a batch wrote, once it has committed', async () => {
    const mark = vi.fn(async () => undefined);
    const db = markingQueues(port(), mark);
    await db.batch([
      { text: 'INSERT INTO outbox (reference) VALUES ($1)' },
      { text: 'INSERT INTO outage_notices (outage_id) VALUES (1)' },
    ]);
    expect(mark.mock.calls).toEqual([['outage-alerts'], ['outbox']]);
  });

  it('marks nothing when the batch is refused, nor for a statement that queues nothing', async () => {
    const mark = vi.fn(async () => undefined);
    await expect(
      markingQueues(port(true), mark).batch([{ text: 'INSERT INTO outbox (reference) VALUES ($1)' }]),
    ).rejects.toThrow();
    await markingQueues(port(), mark).query('SELECT 1');
    expect(mark).not.toHaveBeenCalled();
  });
});
