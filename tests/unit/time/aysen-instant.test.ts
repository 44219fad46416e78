import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AysenInstantSchema, aysenInstantClock, aysenInstantMinute } from '../../../src/shared/time/aysen-instant.ts';
import { chileMinute, formatClock } from '../../../src/shared/time/format.ts';
import { aysenIso } from '../../../src/shared/time/wall-clock.ts';

describe('an instant written on Aysén’s clock', () => {
  it('is read as the Intl formatters write the same instant, across the years the site shows', () => {
    // 2020 to 2035: before and after the region's last change of offset (April 2025).
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) });
    fc.assert(
      fc.property(instant, (ms) => {
        const written = aysenIso(ms);
        expect(AysenInstantSchema.safeParse(written).success).toBe(true);
        expect(Date.parse(written)).toBe(Math.floor(ms / 1000) * 1000);
        const iso = new Date(ms).toISOString();
        expect(aysenInstantMinute(written)).toBe(chileMinute(iso));
        expect(aysenInstantClock(written)).toBe(formatClock(iso));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is not taken for one in UTC', () => {
    expect(AysenInstantSchema.safeParse('2026-12-04T01:42:00Z').success).toBe(false);
    expect(AysenInstantSchema.safeParse('2026-12-04T01:42:00.000Z').success).toBe(false);
    expect(aysenIso('2026-12-04T01:42:07.500Z')).toBe('2026-12-03T22:42:07-03:00');
  });
});
