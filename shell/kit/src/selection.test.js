// The bulk delete's question names the rows it deletes.
import { describe, expect, it } from 'vitest';
import { districtOptions, namesOf } from './selection.js';

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

describe('the powiat filter', () => {
  const gmina = (district_id, district_name, voivodeship_id, voivodeship_name) => ({
    district_id,
    district_name,
    voivodeship_id,
    voivodeship_name,
  });
  const gminy = [
    gmina(1, 'bielski', 24, 'śląskie'),
    gmina(1, 'bielski', 24, 'śląskie'),
    gmina(2, 'bielski', 20, 'podlaskie'),
    gmina(3, 'krakowski', 12, 'małopolskie'),
  ];

  it('names a district several voivodeships have with its voivodeship, once each', () => {
    expect(districtOptions(gminy).map((option) => option.label)).toEqual([
      'bielski (podlaskie)',
      'bielski (śląskie)',
      'krakowski',
    ]);
  });

  it('offers only the districts of the chosen voivodeship, by their names alone', () => {
    expect(districtOptions(gminy, '24')).toEqual([{ value: '1', label: 'bielski' }]);
  });
});
