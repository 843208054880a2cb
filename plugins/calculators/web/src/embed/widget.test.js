// The public widget in the DOM: inputs, sorted table in Polish formatting, refund, bad area.
import { beforeEach, describe, expect, it } from 'vitest';
import demo from '../../../demo_definition.json';
import { readArea, renderCalculator } from './widget.js';

const plain = (text) => text.replace(/\s/g, ' ');
const CALCULATOR = {
  name: 'Ile kosztuje ogrzewanie?',
  show_refund: true,
  refund_checkbox: 'Uwzględnij dotację',
  legend: 'Legenda',
  footer: 'Stopka',
};
let root;
const rows = () =>
  [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => plain(c.textContent)));
const set = (label, value) => {
  const control = [...root.querySelectorAll('label')].find((l) => l.textContent === label);
  const input = control.htmlFor ? root.querySelector(`#${control.htmlFor}`) : control.querySelector('input');
  if (input.type === 'checkbox') input.checked = value;
  else input.value = value;
  input.dispatchEvent(new Event(input.type === 'checkbox' || input.tagName === 'SELECT' ? 'change' : 'input'));
};

beforeEach(() => {
  document.body.innerHTML = '<div id="w"></div>';
  root = document.getElementById('w');
  renderCalculator(root, { calculator: CALCULATOR, definition: demo.types });
});

describe('the heating-cost widget', () => {
  it('computes the worked example: 120 m², insulated house, coal now, refund ticked', () => {
    set('Powierzchnia ogrzewana (m²)', '120');
    set('Standard budynku', 'dom_ocieplony');
    set('Obecne źródło ciepła', 'Węgiel – kocioł zasypowy');
    expect(plain(root.querySelector('.spk-demand').textContent)).toBe(
      'Roczne zapotrzebowanie domu na ciepło: 14 400 kWh',
    );
    expect(rows().map((r) => r[0])[0]).toBe('Pompa ciepła gruntowa');
    // Screen readers hear the chart's extremes: the cheapest source is the lowest cost.
    expect(plain(root.querySelector('.sp-sr').textContent)).toMatch(
      /^Najwyższa wartość: [\d ,]+ zł \(.+\); najniższa: [\d ,]+ zł \(Pompa ciepła gruntowa\)\.$/,
    );
    expect(rows().find((r) => r[0].startsWith('Węgiel'))).toEqual([
      'Węgiel – kocioł zasypowy (obecne)',
      '3,6 t',
      '5 400,00 zł',
    ]);
    set('Uwzględnij dotację', true);
    expect(rows().find((r) => r[0] === 'Pompa ciepła powietrzna')).toEqual([
      'Pompa ciepła powietrzna',
      '4 800 kWh',
      '3 840,00 zł',
      '45 000,00 zł',
      '30 000,00 zł',
      '15 000,00 zł',
      '9,6 roku',
    ]);
    expect(rows().find((r) => r[0] === 'Pellet')[6]).toBe('nie zwraca się');
    expect(rows().find((r) => r[0] === 'Ogrzewanie elektryczne')[6]).toBe('brak danych');
    expect(root.querySelector('svg')).not.toBeNull();
    expect(root.textContent).not.toContain('NaN');
  });

  it('follows the area, and refuses one out of range without a NaN', () => {
    set('Standard budynku', 'dom_ocieplony');
    set('Powierzchnia ogrzewana (m²)', '80');
    expect(rows().find((r) => r[0].startsWith('Węgiel'))[2]).toBe('3 600,00 zł');
    set('Powierzchnia ogrzewana (m²)', 'dużo');
    expect(plain(root.querySelector('.spk-error').textContent)).toBe('Podaj powierzchnię od 1 do 10 000 m².');
    expect(root.querySelector('table')).toBeNull();
  });

  it('shows the legend and footer, and reads areas written the Polish way', () => {
    expect(root.querySelector('.spk-legend').textContent).toBe('Legenda');
    expect(root.querySelector('.spk-footer').textContent).toBe('Stopka');
    expect(readArea('120,5')).toBe(120.5);
    expect(readArea('')).toBeNull();
  });
});
