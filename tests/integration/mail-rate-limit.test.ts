import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailSender } from '../../src/server/mail/mail.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { deliverDue, enqueueMail, REQUEST_MS } from '../../src/server/outbox/outbox.ts';
import { createResendSender } from '../../src/server/mail/resend-sender.ts';
import { startTestDatabase } from '../helpers/database.ts';
import { tooManyRequests, useFakeResend } from '../helpers/fake-resend.ts';

/**
 * The outbox respects Resend's rate limit (2 requests per second per team by
 * default) and its Retry-After: a 429 is no failed attempt.
 */
let database: Awaited<ReturnType<typeof startTestDatabase>>;
const resend = useFakeResend();

beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());
beforeEach(async () => {
  starts = [];
  await database.db.query('DELETE FROM outbox');
  await database.db.query(`UPDATE provider_pace SET next_slot = '-infinity'`);
});

const mail = { to: 'vecina@example.com', subject: 'Asunto', text: 'Cuerpo' };
/** A run that may start requests for `ms`, and give the last one its time. */
const requestsFor = (ms: number) => deadlineIn(ms + REQUEST_MS);
const sender = () => createResendSender('re_test_key', 'Aguas <no-responder@example.com>');

/**
 * A sender that notes when each call starts: the pace is of the calls the outbox makes (arrivals
 * at the fake also carry the network's and the SDK's jitter, which Resend's own limit absorbs
 * with a 429 the outbox then waits out).
 */
let starts: number[] = [];
function timed(inner: MailSender): MailSender {
  return {
    requestInterval: inner.requestInterval,
    send: (mail, key) => (starts.push(Date.now()), inner.send(mail, key)),
    sendBatch: (items, key) => (starts.push(Date.now()), inner.sendBatch(items, key)),
  };
}
const queue = (count: number) =>
  database.db.batch(Array.from({ length: count }, (_, i) => enqueueMail(mail, `CON-RATE${2000 + i}`)));
const rows = () =>
  database.db.query<{ status: string; attempts: number; problem: string | null; wait_ms: number }>(
    `SELECT status, attempts, problem, round(1000 * extract(epoch FROM next_attempt_at - now()))::int AS wait_ms
     FROM outbox ORDER BY id`,
  );
/**
 * The turns are exact; when a run wakes for its turn jitters on a busy machine, never
 * accumulating: a call that starts late (a loaded machine delayed one by over 100 ms) brings the
 * next one nearer, so two calls are only checked to be well apart, and each to be on time from the
 * first. Unpaced, the calls would come a few milliseconds apart.
 */
function expectPaced(interval: number) {
  for (const [i, start] of starts.slice(1).entries()) {
    expect(start - starts[i]!).toBeGreaterThanOrEqual(interval / 2);
    expect(start - starts[0]!).toBeGreaterThanOrEqual((i + 1) * interval - 100);
  }
}

describe('the pace of the outbox', () => {
  it('calls Resend at most twice a second, by default', async () => {
    await queue(4);
    expect(await deliverDue(database.db, timed(sender()))).toEqual({ sent: 4, failed: 0, throttled: 0 });
    expect(resend.requests).toHaveLength(4);
    expect(starts).toHaveLength(4);
    expectPaced(500);
  });

  it('keeps the pace across runs: a second run waits for the turns the first one took', async () => {
    await queue(2);
    await deliverDue(database.db, timed(sender()));
    await queue(1);
    await deliverDue(database.db, timed(sender()));
    expect(starts).toHaveLength(3);
    expectPaced(500);
  });

  it('paces to a raised limit when the team has one', async () => {
    await queue(3);
    await deliverDue(database.db, timed(createResendSender('re_test_key', 'x@example.com', 4)));
    expect(starts).toHaveLength(3);
    expectPaced(250);
    // At the default pace the third call would come a second after the first.
    expect(starts[2]! - starts[0]!).toBeLessThan(850);
  });
});

describe('a 429 from Resend', () => {
  it('is no failed attempt: the mail waits what Retry-After said, and nobody calls before', async () => {
    await queue(2);
    resend.answer(tooManyRequests(3));
    // The run has 1.5 s to start requests: after the 429, the next turn is 3 s away, so it stops.
    expect(await deliverDue(database.db, sender(), undefined, { deadline: requestsFor(1_500) })).toEqual({
      sent: 0,
      failed: 0,
      throttled: 1,
    });
    expect(resend.requests).toHaveLength(1);
    const [throttled, waiting] = await rows();
    expect(throttled).toMatchObject({ status: 'pending', attempts: 0, problem: 'provider' });
    expect(throttled!.wait_ms).toBeGreaterThan(2_500);
    expect(throttled!.wait_ms).toBeLessThanOrEqual(3_000);
    // Claimed with it and left for later: no attempt either, due at once.
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(waiting!.wait_ms).toBeLessThanOrEqual(0);
    // Another run at once: its turn is still too far, Resend hears nothing.
    expect(await deliverDue(database.db, sender(), undefined, { deadline: requestsFor(1_000) })).toEqual({
      sent: 0,
      failed: 0,
      throttled: 0,
    });
    expect(resend.requests).toHaveLength(1);
  });

  it('never grows the delay: ten 429s in a row, each waits the Retry-After, no attempt counted', async () => {
    await queue(1);
    for (let i = 0; i < 10; i++) {
      resend.answer(tooManyRequests(60));
      await database.db.batch([
        { text: `UPDATE provider_pace SET next_slot = '-infinity'` },
        { text: 'UPDATE outbox SET next_attempt_at = now()' },
      ]);
      expect(await deliverDue(database.db, sender())).toEqual({ sent: 0, failed: 0, throttled: 1 });
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(row!.wait_ms).toBeGreaterThan(59_000);
      expect(row!.wait_ms).toBeLessThanOrEqual(60_000);
    }
  });

  it('without Retry-After waits a second for the rate limit, an hour for the daily quota', async () => {
    await queue(1);
    resend.answer(tooManyRequests());
    await deliverDue(database.db, sender(), undefined, { deadline: requestsFor(500) });
    expect((await rows())[0]!.wait_ms).toBeLessThanOrEqual(1_000);
    expect((await rows())[0]!.wait_ms).toBeGreaterThan(500);

    await database.db.batch([
      { text: `UPDATE provider_pace SET next_slot = '-infinity'` },
      { text: 'UPDATE outbox SET next_attempt_at = now()' },
    ]);
    resend.answer(tooManyRequests(undefined, 'daily_quota_exceeded'));
    await deliverDue(database.db, sender(), undefined, { deadline: requestsFor(500) });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 0, problem: 'provider' });
    expect(row!.wait_ms).toBeGreaterThan(3_590_000);
  });

  it('then sends the mail once the wait is over', async () => {
    await queue(1);
    resend.answer(tooManyRequests(1));
    await deliverDue(database.db, sender(), undefined, { deadline: requestsFor(500) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await deliverDue(database.db, sender())).toEqual({ sent: 1, failed: 0, throttled: 0 });
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 1, problem: null }]);
    expect(resend.requests.map(({ headers }) => headers['idempotency-key'])).toEqual([
      resend.requests[0]!.headers['idempotency-key'],
      resend.requests[0]!.headers['idempotency-key'],
    ]);
  });
});
