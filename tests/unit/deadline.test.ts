import { describe, expect, it } from 'vitest';
import { deadlineAt, deadlineIn } from '../../src/server/deadline.ts';
import { manualClock } from '../helpers/clock.ts';

/** A run's deadline (src/server/deadline.ts), which every scheduled function passes down. */
describe('a deadline', () => {
  it('counts what is left on its clock, and its steps end earlier', () => {
    const clock = manualClock(1_000);
    const deadline = deadlineIn(25_000, clock);
    expect(deadline.left()).toBe(25_000);
    const calls = deadline.earlier(10_000);
    clock.at += 14_000;
    expect(calls.left()).toBe(1_000);
    expect(calls.passed()).toBe(false);
    clock.at += 1_000;
    expect(calls.passed()).toBe(true);
    expect(deadline.passed()).toBe(false);
  });

  it('gives one call its own limit, never past the run’s end', () => {
    const clock = manualClock();
    const deadline = deadlineAt(10_000, clock);
    expect(deadline.within(8_000).left()).toBe(8_000);
    clock.at = 5_000;
    expect(deadline.within(8_000).left()).toBe(5_000);
  });

  it('aborts its signal when it passes, with the TimeoutError a cut call reports', async () => {
    const deadline = deadlineIn(30);
    expect(deadline.signal.aborted).toBe(false);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect(deadline.signal.reason).toMatchObject({ name: 'TimeoutError' });
    expect(deadlineIn(-1).signal.aborted).toBe(true);
  });

  it('sleeps the whole wait when it fits, and only until the deadline when it does not', async () => {
    const deadline = deadlineIn(200);
    expect(await deadline.sleep(10)).toBe(true);
    const started = Date.now();
    expect(await deadline.sleep(10_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(deadline.passed()).toBe(true);
  });
});
