import type { Page } from '@playwright/test';
import { chileNow } from '../../../src/shared/time/wall-clock.ts';
import { query } from './database.ts';

/** `hours` from now in Aysén, as the admin's datetime-local fields take it ("2026-11-25T08:00"). */
export const hoursFromNow = (hours: number) => chileNow(new Date(Date.now() + hours * 3_600_000));

const tables = { outage: 'outages', advisory: 'advisories' } as const;

/** The notices subscribers are told of, oldest first, of the outage or aviso whose sectors are `sectors`. */
export const noticeKinds = async (entity: keyof typeof tables, sectors: string) =>
  (
    await query<{ kind: string }>(
      `SELECT n.kind FROM ${entity}_notices n JOIN ${tables[entity]} e ON e.id = n.${entity}_id
       WHERE e.sectors = $1 ORDER BY n.id`,
      [sectors],
    )
  ).map((row) => row.kind);

/** The admin's outage requests arrive at `clock.at` (X-Local-Now, honoured in local mode only). */
export async function frozenOutagesClock(page: Page) {
  const clock = { at: '' };
  await page.route('**/api/admin/outages/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-local-now': clock.at } }),
  );
  return clock;
}
