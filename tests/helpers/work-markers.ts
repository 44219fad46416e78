import { contextStore } from '../../src/server/blob-stores.ts';
import { WORK_QUEUES } from '../../src/server/work-markers/markers.ts';

/**
 * Deletes the scheduled runs' records (src/server/work-markers/markers.ts), so each one's next run
 * looks at the database as a first run does. For tests that change rows behind the database port
 * (a bill backdated past its grace, a mail inserted by SQL), which no marker can see.
 */
export async function forgetRunRecords(): Promise<void> {
  const store = contextStore('work-markers');
  await Promise.all(WORK_QUEUES.map((queue) => store.delete(`run/${queue}`)));
}
