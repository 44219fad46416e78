import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spanishList } from '../../src/shared/spanish-list.ts';

const icu = new Intl.ListFormat('es', { type: 'conjunction' });

describe('spanishList', () => {
  it('joins with commas and "y", "e" before a name that sounds /i/', () => {
    expect(spanishList([])).toBe('');
    expect(spanishList(['Coyhaique'])).toBe('Coyhaique');
    expect(spanishList(['Coyhaique', 'Cochrane'])).toBe('Coyhaique y Cochrane');
    expect(spanishList(['Coyhaique', 'Puerto Aysén', 'Ibáñez'])).toBe('Coyhaique, Puerto Aysén e Ibáñez');
    expect(spanishList(['Coyhaique', 'Hito'])).toBe('Coyhaique e Hito');
    expect(spanishList(['Coyhaique', 'Hielo Sur'])).toBe('Coyhaique y Hielo Sur');
    expect(spanishList(['Ibáñez', 'Coyhaique'])).toBe('Ibáñez y Coyhaique');
  });

  it('writes what Intl.ListFormat writes, for any list', () => {
    // Words built from the letters the rule turns on, and a few it must not.
    const word = fc.stringMatching(/^[iIhHaAeEoÍíy ]{0,4}[a-zñáéíóú]{0,6}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), (items) => {
        expect(spanishList(items)).toBe(icu.format(items));
      }),
      { numRuns: 2_000 },
    );
  });
});
