import { describe, expect, it } from 'vitest';
import { chileLocalToIso, isoToChileLocal } from '../../src/shared/chile-time.ts';

describe('Chile local date-times for the admin date inputs', () => {
  it.each([
    ['summer time (UTC−3)', '2026-03-05T09:00', '2026-03-05T09:00:00-03:00'],
    ['winter time (UTC−4)', '2026-07-15T09:00', '2026-07-15T09:00:00-04:00'],
    ['the last hour of summer time, 4 April 2026', '2026-04-04T22:30', '2026-04-04T22:30:00-03:00'],
    ['a value that is not a date-time', '05-03-2026 09:00', ''],
  ])('%s', (_, local, iso) => {
    expect(chileLocalToIso(local)).toBe(iso);
    if (iso) expect(isoToChileLocal(iso)).toBe(local);
  });
});
