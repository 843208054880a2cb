// One folding of names for every widget and the kit's gmina select, and the ranked matching.
import { describe, expect, it } from 'vitest';
import { findMatches, fold, matchIndex } from './text.js';

describe('fold', () => {
  it.each([
    ['  Łódź  Bałuty ', 'lodz baluty'],
    ['ZABIERZÓW', 'zabierzow'],
    ['Nowa Dęba', 'nowa deba'],
    ['Straße', 'strasse'],
    [null, ''],
  ])('%j → %j', (text, folded) => expect(fold(text)).toBe(folded));
});

describe('findMatches', () => {
  const index = matchIndex(
    [
      { name: 'Krakowska Wola', place: 'x' },
      { name: 'Liszki', place: 'krakowski' },
      { name: 'Stary Kraków', place: 'y' },
      { name: 'Kraków', place: 'Kraków' },
    ],
    (item) => item.name,
    (item) => item.place,
  );
  const names = (query, limit) => findMatches(index, query, limit).map((item) => item.name);

  it("ranks the name's start, then a word's start, then the place; ties keep the order", () => {
    expect(names('krakow')).toEqual(['Krakowska Wola', 'Kraków', 'Stary Kraków', 'Liszki']);
    expect(names('krakow', 2)).toEqual(['Krakowska Wola', 'Kraków']);
    expect(names('')).toEqual([]);
  });
});
