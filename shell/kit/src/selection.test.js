// The bulk delete's question names the rows it deletes.
import { describe, expect, it } from 'vitest';
import { namesOf } from './selection.js';

describe('the bulk delete question', () => {
  it('names the selected rows, ten at most, and counts the rest', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Gmina ${i + 1}` }));
    expect(namesOf(rows, new Set([2, 5]))).toBe('„Gmina 2”, „Gmina 5”');
    expect(namesOf([{ id: 7, email: 'a@example.pl' }, { id: 8 }], new Set([7, 8]))).toBe('„a@example.pl”, „#8”');
    const all = namesOf(rows, new Set(rows.map((row) => row.id)));
    expect(all.startsWith('„Gmina 1”, „Gmina 2”')).toBe(true);
    expect(all.endsWith('„Gmina 10” i 2 innych')).toBe(true);
  });
});
