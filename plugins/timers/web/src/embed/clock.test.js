// What the timer shows: to the deadline, or since it when counting up.
import { describe, expect, it } from 'vitest';
import { parts, untilNextSecond } from './clock.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const SPAN = ((1 * 24 + 2) * 3600 + 5 * 60 + 22) * 1000; // 1 d 2 h 5 min 22 s

describe('parts', () => {
  it('counts down to the deadline', () => {
    expect(parts(NOW + SPAN, NOW, true)).toEqual({ days: 1, hours: 2, minutes: 5, seconds: 22, done: false });
  });

  it('shows zeros once the deadline has passed', () => {
    expect(parts(NOW - 5000, NOW, true)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('counts up from the deadline when not counting down', () => {
    expect(parts(NOW - SPAN - 400, NOW, false)).toEqual({ days: 1, hours: 2, minutes: 5, seconds: 22, done: false });
    expect(parts(NOW + SPAN, NOW, false)).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('drops partial seconds', () => {
    expect(parts(NOW + 1999, NOW, true).seconds).toBe(1);
  });
});

describe('untilNextSecond', () => {
  it('waits for the next whole second relative to the deadline', () => {
    expect(untilNextSecond(NOW + 10_250, NOW)).toBe(250);
    expect(untilNextSecond(NOW + 10_000, NOW)).toBe(1000);
    expect(untilNextSecond(NOW - 10_250, NOW)).toBe(750);
  });
});
