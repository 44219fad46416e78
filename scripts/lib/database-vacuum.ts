import type { NetlifyDB } from '@netlify/database-dev';

/**
 * Postgres' autovacuum for the embedded database, which has none: PGlite runs a single backend and
 * no background workers, so it never removed the dead versions of updated rows nor gathered the
 * planner's statistics. Without statistics the planner claimed each outbox mail through the primary
 * key, reading every mail ever sent: `npm run bench`'s contact messages fell from 125 to 77 a second
 * in three runs on one database (the claim now follows its own index, outbox/outbox.ts).
 * Production's Postgres vacuums and analyzes by itself; this keeps local plans like production's.
 *
 * The vacuum runs in the server's only thread and holds it (tens of milliseconds, more as the
 * tables grow), so it waits for a quiet moment: once the database may have changed (`touch()`),
 * when no work has been under way in `work` (requests and what they left running) for `quietMs`,
 * and `everyMs` after the last vacuum at the soonest, as autovacuum naps between its rounds.
 */
export function vacuumWhenIdle(
  db: NetlifyDB,
  work: ReadonlySet<Promise<unknown>>,
  { quietMs = 250, everyMs = 10_000 } = {},
): { touch: () => void; stop: () => void } {
  // Not part of NetlifyDB's API, hence the cast (as database-no-delay.ts does for its server).
  const { db: pglite } = db as unknown as { db?: RawProtocol };
  if (!pglite) throw new Error('The embedded database is not running: start it first.');
  let changed = true;
  let quietSince = Date.now();
  let vacuumedAt = -Infinity;
  const timer = setInterval(
    () => {
      const now = Date.now();
      if (!changed) return;
      if (work.size > 0) quietSince = now;
      else if (now - quietSince >= quietMs && now - vacuumedAt >= everyMs && vacuum(pglite)) {
        changed = false;
        vacuumedAt = now;
      }
    },
    Math.max(10, quietMs / 4),
  );
  timer.unref();
  return {
    touch: () => {
      changed = true;
      quietSince = Date.now();
    },
    stop: () => clearInterval(timer),
  };
}

interface RawProtocol {
  execProtocolRawSync(message: Uint8Array): Uint8Array;
}

/**
 * VACUUM (ANALYZE) of the project's tables (the catalogs' statistics, sampled again, took three
 * times as long) unless a client holds a transaction open in the single session every connection
 * shares: VACUUM would fail inside it and abort it. The check and the vacuum are synchronous calls,
 * so no connection's message runs between them. Returns whether it vacuumed.
 */
function vacuum(pglite: RawProtocol): boolean {
  const tables = answerOf(
    pglite.execProtocolRawSync(
      simpleQuery(`SELECT string_agg(format('%I.%I', schemaname, relname), ', ') FROM pg_stat_user_tables`),
    ),
  );
  if (tables.status !== 'I') return false;
  if (!tables.value) return true;
  const { error } = answerOf(pglite.execProtocolRawSync(simpleQuery(`VACUUM (ANALYZE) ${tables.value}`)));
  if (error) console.warn(`database: VACUUM failed: ${error}`);
  return true;
}

/** A simple-protocol Query message. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'ascii');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/**
 * The transaction status of the session after a query (ReadyForQuery: I idle, T in a transaction,
 * E in a failed one; none when the backend is skipping messages until a client's Sync), the first
 * column of its first row, and its first error.
 */
function answerOf(bytes: Uint8Array): { status?: string; value?: string; error?: string } {
  const answer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: { status?: string; value?: string; error?: string } = {};
  for (let offset = 0; offset + 5 <= answer.length; offset += 1 + answer.readInt32BE(offset + 1)) {
    const type = String.fromCharCode(answer[offset]!);
    const body = answer.subarray(offset + 5, offset + 1 + answer.readInt32BE(offset + 1));
    if (type === 'Z') result.status = String.fromCharCode(body[0]!);
    // DataRow: a column count, then each column's length (-1 for NULL) and bytes.
    if (type === 'D' && result.value === undefined && body.readInt32BE(2) >= 0)
      result.value = body.toString('utf8', 6, 6 + body.readInt32BE(2));
    if (type === 'E' && !result.error) result.error = errorText(body);
  }
  return result;
}

/** The human-readable message (field M) of an ErrorResponse. */
function errorText(body: Buffer): string {
  for (let offset = 0; offset < body.length && body[offset] !== 0;) {
    const end = body.indexOf(0, offset + 1);
    if (body[offset] === 'M'.charCodeAt(0)) return body.toString('utf8', offset + 1, end);
    offset = end + 1;
  }
  return 'unknown error';
}
