import subscriptions from '../../netlify/functions/outage-alerts-subscriptions.ts';
import alertsFunction from '../../netlify/functions/outage-alerts.ts';
import { forgetRunRecords } from './work-markers.ts';
import type { Database } from '../../src/server/db/index.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { steppingClock } from './clock.ts';
import { postJson, testContext } from './functions.ts';

/**
 * A run of the alerts' fan-out whose deadline allows one batch of two: the clock moves 10 ms at
 * each look, the deadline is 15 ms away.
 */
export const oneBatchRun = (db: Database, origin: string) => () =>
  queueOutageAlerts(db, origin, { batch: 2, deadline: deadlineIn(15, steppingClock(10)) });

/** The scheduled function of the alerts, run once for a site at `origin`: answers its JSON. */
export async function runScheduledAlerts(origin: string): Promise<unknown> {
  await forgetRunRecords();
  const response = await alertsFunction(
    new Request('http://localhost/.netlify/functions/outage-alerts', { method: 'POST' }),
    testContext({}, 'dev', origin).context,
  );
  return response.json();
}

/** A POST of `body` to the subscriptions' function at `path`, settled: answers its status and JSON. */
export async function callSubscriptions(path: string, body: unknown) {
  const { context, settle } = testContext();
  const response = await subscriptions(postJson(path, body), context);
  await settle();
  return { status: response.status, body: await response.json() };
}
