// The description made from a widget's data, and the table readers open.
import { describe, expect, it } from 'vitest';
import { dataDetails, description, describeValues } from './describe.js';

describe('describeValues', () => {
  it('names the highest and the lowest value, in Polish, with the unit', () => {
    const items = [
      { name: 'Kraków', value: 45.25 },
      { name: 'Zakopane', value: 12 },
      { name: 'Nowy Targ', value: null },
      { name: 'Wadowice', value: 30 },
    ];
    expect(describeValues(items, 'µg/m³')).toBe(
      'Najwyższa wartość: 45,25 µg/m³ (Kraków); najniższa: 12 µg/m³ (Zakopane).',
    );
  });

  it('names every place sharing an extreme, and says so when nothing is known', () => {
    const items = [
      { name: 'A', value: 10000 },
      { name: 'B', value: 10000 },
      { name: 'C', value: 1 },
    ];
    expect(describeValues(items)).toBe(
      'Najwyższa wartość: 10 000 (A, B); najniższa: 1 (C).'.replace(' 000', '\u00a0000'),
    );
    expect(describeValues([{ name: 'A', value: 3 }])).toBe('Wszystkie wartości: 3 (A).');
    expect(describeValues([{ name: 'A', value: null }])).toBe('Brak wartości do opisania.');
  });
});

describe('the alternatives in the page', () => {
  it('links the description to the drawing and puts the table behind a summary', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const text = description('Najwyższa wartość: 3 (A); najniższa: 1 (B).', svg, 'opis-1');
    expect(svg.getAttribute('aria-describedby')).toBe('opis-1');
    expect(text.className).toBe('sp-sr');
    const details = dataDetails(document.createElement('table'));
    expect(details.querySelector('summary').textContent).toBe('Pokaż dane w tabeli');
    expect(details.open).toBe(false);
  });
});
