import { setTimeout } from 'node:timers';

/**
 * A run's deadline, passed down to everything the run does: a step starts only
 * while its share of the time is left, and what is under way at the deadline (a call to Webpay or
 * to the mail provider, a wait for the provider's rate limit) is cut there.
 *
 * Netlify ends a scheduled function 30 seconds after it starts ("Scheduled execution limit: 30
 * seconds", not configurable: docs.netlify.com/build/functions/configuration), and the work handed
 * to `context.waitUntil` is part of that time: Netlify's runtime (@netlify/serverless-functions-api)
 * awaits every waitUntil promise before it ends the invocation. So a scheduled function does its
 * whole work, mail included, before it answers, within SCHEDULED_RUN_MS.
 */

/** Milliseconds, and timers that count them: the system's, or a test's faster one. */
export interface Clock {
  now(): number;
  /** Calls `callback` once `ms` of this clock have passed. */
  timer(ms: number, callback: () => void): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  timer(ms, callback) {
    // Never what keeps the process alive: a run that ended early leaves its timers behind.
    setTimeout(callback, Math.max(0, ms)).unref();
  },
};

export interface Deadline {
  /** Milliseconds left; 0 or less once it has passed. */
  left(): number;
  passed(): boolean;
  /** This deadline `ms` earlier: the end of a step that leaves the rest of the run to the next one. */
  earlier(ms: number): Deadline;
  /** The earlier of this deadline and `ms` from now: one call's own limit inside the run. */
  within(ms: number): Deadline;
  /** Aborted, with a TimeoutError, when the deadline passes. */
  readonly signal: AbortSignal;
  /** Waits `ms`, or until the deadline if that comes first: answers whether the whole wait was made. */
  sleep(ms: number): Promise<boolean>;
}

const timeout = () => new DOMException('The run reached its deadline.', 'TimeoutError');

export function deadlineAt(at: number, clock: Clock = systemClock): Deadline {
  let signal: AbortSignal | undefined;
  const left = () => at - clock.now();
  return {
    left,
    passed: () => left() <= 0,
    earlier: (ms) => deadlineAt(at - ms, clock),
    within: (ms) => deadlineAt(Math.min(at, clock.now() + ms), clock),
    get signal() {
      if (!signal) {
        const controller = new AbortController();
        if (left() <= 0) controller.abort(timeout());
        else clock.timer(left(), () => controller.abort(timeout()));
        signal = controller.signal;
      }
      return signal;
    },
    sleep: (ms) =>
      new Promise((resolve) => {
        const whole = ms <= left();
        clock.timer(whole ? ms : left(), () => resolve(whole));
      }),
  };
}

export const deadlineIn = (ms: number, clock: Clock = systemClock): Deadline => deadlineAt(clock.now() + ms, clock);

/** What Netlify allows a scheduled function, from its start to its end. */
export const SCHEDULED_FUNCTION_LIMIT_MS = 30_000;

/**
 * A scheduled run's own time: 25 s from the moment its handler starts. The 5 s left of Netlify's
 * 30 cover what comes before the handler (a cold start loads the bundle) and the few statements
 * after its deadline (the mails it claimed and did not send are put back, a cut call's bill is
 * noted).
 */
export const SCHEDULED_RUN_MS = 25_000;

/** The deadline of a scheduled function's run, taken when its handler starts. */
export const scheduledRunDeadline = (): Deadline => deadlineIn(SCHEDULED_RUN_MS);

/** Netlify stops a background function after 15 minutes (docs.netlify.com, "Background Functions overview"). */
export const BACKGROUND_FUNCTION_LIMIT_MS = 15 * 60_000;

/** A background run's own time: 14 minutes, the last one for a cold start and putting back what it claimed. */
export const BACKGROUND_RUN_MS = 14 * 60_000;
