// Polish plural forms of the timer's units.
import { describe, expect, it } from 'vitest';
import { UNITS, plural, withUnit } from './plural.js';

const forms = Object.fromEntries(UNITS.map((unit) => [unit.key, unit.forms]));

describe('plural', () => {
  it.each([
    [1, 'days', '1 dzień'],
    [2, 'days', '2 dni'],
    [5, 'days', '5 dni'],
    [0, 'days', '0 dni'],
    [21, 'days', '21 dni'],
    [1, 'hours', '1 godzina'],
    [2, 'hours', '2 godziny'],
    [4, 'hours', '4 godziny'],
    [5, 'hours', '5 godzin'],
    [12, 'hours', '12 godzin'],
    [13, 'hours', '13 godzin'],
    [14, 'hours', '14 godzin'],
    [21, 'hours', '21 godzin'],
    [22, 'hours', '22 godziny'],
    [23, 'hours', '23 godziny'],
    [0, 'hours', '0 godzin'],
    [1, 'minutes', '1 minuta'],
    [2, 'minutes', '2 minuty'],
    [5, 'minutes', '5 minut'],
    [11, 'minutes', '11 minut'],
    [32, 'minutes', '32 minuty'],
    [59, 'minutes', '59 minut'],
    [1, 'seconds', '1 sekunda'],
    [2, 'seconds', '2 sekundy'],
    [5, 'seconds', '5 sekund'],
    [44, 'seconds', '44 sekundy'],
    [112, 'days', '112 dni'],
    [102, 'hours', '102 godziny'],
    [112, 'hours', '112 godzin'],
    [1001, 'minutes', '1001 minut'],
  ])('%i %s → %s', (n, unit, text) => {
    expect(withUnit(n, forms[unit])).toBe(text);
  });

  it('picks one of the three forms', () => {
    expect([1, 3, 7].map((n) => plural(n, ['a', 'b', 'c']))).toEqual(['a', 'b', 'c']);
  });
});
