import type { Clock } from '../../src/server/deadline.ts';

/**
 * A clock the test moves by hand (`now` is what it says); its timers never fire, so a deadline's
 * signal and sleeps are for code that only reads the time.
 */
export function manualClock(start = 0): Clock & { at: number } {
  const clock: Clock & { at: number } = { at: start, now: () => clock.at, timer: () => undefined };
  return clock;
}

/** A clock that moves `step` ms each time it is read. */
export function steppingClock(step: number): Clock {
  let now = 0;
  return { now: () => (now += step), timer: () => undefined };
}

/**
 * A clock that runs `speed` times faster than the system's, timers included: a 25 s run takes
 * 25/speed real seconds, and whatever takes real time (a database statement) counts `speed` times
 * over, so a bound shown on it holds at normal speed.
 */
export function fastClock(speed: number): Clock {
  const origin = Date.now();
  return {
    now: () => origin + (Date.now() - origin) * speed,
    timer: (ms, callback) => void setTimeout(callback, Math.max(0, ms) / speed).unref(),
  };
}
