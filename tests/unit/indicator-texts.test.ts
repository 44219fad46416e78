import { describe, expect, it } from 'vitest';
import { localityKey, median } from '../../src/server/indicators/figures.ts';
import { formatBusinessDays, formatShare } from '../../src/shared/indicators/texts.ts';

describe('formatShare', () => {
  it.each([
    [3, 4, '3 de 4 (75 %)'],
    [0, 4, '0 de 4 (0 %)'],
    [4, 4, '4 de 4 (100 %)'],
    [9, 11, '9 de 11 (82 %)'],
    [1, 3, '1 de 3 (33 %)'],
    [2, 3, '2 de 3 (67 %)'],
    [1, 8, '1 de 8 (13 %)'],
    // Never 100 % while one is missing, never 0 % while one is there.
    [199, 200, '199 de 200 (99 %)'],
    [1, 201, '1 de 201 (1 %)'],
  ])('%i of %i reads "%s"', (count, of, text) => {
    expect(formatShare({ count, of })).toBe(text);
  });

  it('says "sin datos" for 0 of 0', () => {
    expect(formatShare({ count: 0, of: 0 })).toBe('sin datos');
  });
});

describe('formatBusinessDays', () => {
  it.each([
    [10.5, '10,5 días hábiles'],
    [1, '1 día hábil'],
    [0, '0 días hábiles'],
    [7.333, '7,3 días hábiles'],
    [null, 'sin datos'],
  ])('%s reads "%s"', (days, text) => {
    expect(formatBusinessDays(days)).toBe(text);
  });
});

describe('median', () => {
  it('is the middle value of an odd count, the mean of the two middle ones of an even count', () => {
    expect(median([10, 1, 2])).toBe(2);
    expect(median([4, 1, 5.5, 2])).toBe(3);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('localityKey', () => {
  it('reads a town however the citizen wrote it: case, accents, punctuation, "Pto."', () => {
    expect(localityKey('Puerto Aysén')).toBe('puerto aysen');
    expect(localityKey('  PTO. AYSEN ')).toBe('puerto aysen');
    expect(localityKey('puerto-aysen')).toBe('puerto aysen');
    expect(localityKey('Puerto Ibáñez')).toBe('puerto ibanez');
    expect(localityKey('Villa Ortega')).toBe('villa ortega');
  });
});
