// The colour scale: equal classes from min to max, grey for no value, Polish number format.
import { describe, expect, it } from 'vitest';
import { NO_DATA, PALETTE, colourScale, formatBound, formatNumber } from './scale.js';

describe('colourScale', () => {
  it('splits min..max into five equal classes, light to dark', () => {
    const scale = colourScale([0, 10, 20, 30, 40, 50, null]);
    expect(scale.classes.map((c) => [c.from, c.to])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
      [30, 40],
      [40, 50],
    ]);
    expect(scale.classes.map((c) => c.colour)).toEqual(PALETTE.slice(1));
    expect(scale.colour(0)).toBe(PALETTE[1]);
    expect(scale.colour(9.99)).toBe(PALETTE[1]);
    expect(scale.colour(10)).toBe(PALETTE[2]); // a boundary belongs to the upper class
    expect(scale.colour(50)).toBe(PALETTE[5]); // the maximum to the last
    expect(scale.colour(null)).toBe(NO_DATA);
    expect(scale.colour(undefined)).toBe(NO_DATA);
  });

  it('colours bigger values darker, never like a region without data', () => {
    const scale = colourScale([3, 700, 12, 5000]);
    const colours = [3, 12, 700, 5000].map(scale.colour);
    expect(PALETTE.indexOf(colours[3])).toBeGreaterThan(PALETTE.indexOf(colours[0]));
    expect(colours).not.toContain(NO_DATA);
  });

  it('has one class when every value is the same, none without values', () => {
    expect(colourScale([7, 7, null]).classes).toHaveLength(1);
    expect(colourScale([7, 7]).colour(7)).not.toBe(NO_DATA);
    const empty = colourScale([null, null]);
    expect(empty.classes).toEqual([]);
    expect(empty.colour(1)).toBe(NO_DATA);
  });

  it('honours fewer steps', () => {
    expect(colourScale([0, 1, 2, 3], 3).classes).toHaveLength(3);
  });
});

describe('formatting', () => {
  it('writes numbers the Polish way', () => {
    expect(formatNumber(1234.5)).toBe('1234,5');
    expect(formatNumber(21528000).replace(/\s/g, ' ')).toBe('21 528 000');
    expect(formatNumber(null)).toBe('brak danych');
  });

  it('rounds legend bounds to what the class width needs', () => {
    expect(formatBound(1063.2, 509.2)).toBe('1063');
    expect(formatBound(2.25, 1.5)).toBe('2,3');
    expect(formatBound(0.125, 0.5)).toBe('0,13');
  });
});
