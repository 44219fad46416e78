import type { Indicators } from '../../shared/indicators/schema.ts';
import type { Database } from '../db/index.ts';
import { lastTwelveMonths } from '../../shared/time/last-twelve-months.ts';
import { indicatorFigures } from './figures.ts';
import { indicatorRecords } from './records.ts';

/** /indicadores' figures at `now`: the last 12 months of the site's records, one statement. */
export async function readIndicators(db: Database, now: Date): Promise<Indicators> {
  const period = lastTwelveMonths(now);
  return indicatorFigures(await indicatorRecords(db, period.since, period.until), period);
}
