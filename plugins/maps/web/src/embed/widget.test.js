// The public map's DOM: sixteen coloured regions, the selects, submaps, legend, table, footer.
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_DATA } from '@smogpanel/embeds/voivodeships';
import { SUMMARY_NOTE, keyLabel, renderMap } from './widget.js';

const VOIVODESHIPS = [
  ['ds', 'dolnośląskie'],
  ['kp', 'kujawsko-pomorskie'],
  ['lb', 'lubelskie'],
  ['ls', 'lubuskie'],
  ['ld', 'łódzkie'],
  ['mp', 'małopolskie'],
  ['mz', 'mazowieckie'],
  ['op', 'opolskie'],
  ['pk', 'podkarpackie'],
  ['pl', 'podlaskie'],
  ['pm', 'pomorskie'],
  ['sl', 'śląskie'],
  ['sk', 'świętokrzyskie'],
  ['wm', 'warmińsko-mazurskie'],
  ['wp', 'wielkopolskie'],
  ['zp', 'zachodniopomorskie'],
].map(([code, name]) => ({ code, name }));
const KEYS = [
  { id: 1, name: 'Liczba złożonych wniosków', display_name: '', property_type_name: 'STATISTIC' },
  { id: 2, name: 'Kwota wypłaconych dotacji', display_name: null, property_type_name: 'STATISTIC' },
  { id: 3, name: 'Kotły węglowe', display_name: 'Wymienione kotły węglowe', property_type_name: 'PRECISE' },
  { id: 4, name: 'Uwagi', display_name: '', property_type_name: 'INFORMATIVE' },
];
const payload = (changes = {}) => ({
  name: 'Czyste Powietrze',
  internal_name: 'cp',
  source: 'NFOŚiGW',
  details: 'Dane według województw.',
  show_summary: 1,
  property_keys: KEYS,
  voivodeships: VOIVODESHIPS,
  checkpoints: [
    {
      id: 12,
      name: 'Grudzień 2024',
      source: 'WFOŚiGW',
      captured: '2024-12-31',
      properties: [
        { key: { id: 1 }, value: { mz: 2974, mp: 3100, sl: 100 } },
        { key: { id: 3 }, value: { mz: 5 } },
      ],
    },
    {
      id: 11,
      name: 'Czerwiec 2024',
      source: 'NFOŚiGW',
      captured: '2024-06-30',
      properties: [{ key: { id: 1 }, value: { ds: 1 } }],
    },
  ],
  summary: { title: 'Razem', properties: [{ key: { id: 1 }, value: { mz: 3000, ds: 1 } }] },
  ...changes,
});

let root;
beforeEach(() => {
  root = document.createElement('div');
});
const regions = () => [...root.querySelectorAll('svg path')];
const fill = (code) => root.querySelector(`path[data-code="${code}"]`).getAttribute('fill');
const cell = (name) =>
  [...root.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('th').textContent === name).querySelector('td')
    .textContent;
const choose = (id, value) => {
  const select = root.querySelector(`#${id}`);
  select.value = value;
  select.dispatchEvent(new Event('change'));
};

describe('renderMap', () => {
  it('draws the sixteen voivodeships, coloured by the newest measurement and the first statistic', () => {
    renderMap(root, payload());
    expect(regions()).toHaveLength(16);
    expect(regions().every((path) => /^#[0-9a-f]{6}$/.test(path.getAttribute('fill')))).toBe(true);
    expect(fill('mz')).not.toBe(NO_DATA);
    expect(fill('mz')).not.toBe(fill('sl'));
    expect(fill('lb')).toBe(NO_DATA);
    expect(root.querySelector('path[data-code="mp"] title').textContent).toBe('małopolskie: 3100');
    expect(root.querySelector('svg').getAttribute('aria-label')).toBe(
      'Mapa województw: Liczba złożonych wniosków — Grudzień 2024',
    );
    // Screen readers get the map's extremes with the drawing (docs/embeds.md, accessible alternatives).
    const description = root.querySelector('#' + root.querySelector('svg').getAttribute('aria-describedby'));
    expect(description.textContent).toMatch(
      /^Najwyższa wartość: [\d\u00a0,]+ \([a-ząćęłńóśźż, -]+\); najniższa: [\d\u00a0,]+ \(.+\)\.$/,
    );
  });

  it('lists the values as a table, with "brak danych" where none', () => {
    renderMap(root, payload());
    expect(root.querySelectorAll('tbody tr')).toHaveLength(16);
    expect(cell('mazowieckie')).toBe('2974');
    expect(cell('lubelskie')).toBe('brak danych');
    expect(root.querySelector('caption').textContent).toContain('Liczba złożonych wniosków');
  });

  it('offers the measurements, then the summary; statistics and submaps (not informative keys)', () => {
    renderMap(root, payload());
    const options = (id) => [...root.querySelectorAll(`#${id} option`)].map((o) => o.textContent);
    expect(options('spm-measurement')).toEqual(['Grudzień 2024 (2024-12-31)', 'Czerwiec 2024 (2024-06-30)', 'Razem']);
    expect(options('spm-property')).toEqual([
      'Liczba złożonych wniosków',
      'Kwota wypłaconych dotacji',
      'Wymienione kotły węglowe',
    ]);
    expect([...root.querySelectorAll('#spm-property optgroup')].map((g) => g.label)).toEqual(['Mapa', 'Podmapy']);
  });

  it('switches measurement and property; a submap is labelled with its display name', () => {
    renderMap(root, payload());
    choose('spm-measurement', '11');
    expect(cell('dolnośląskie')).toBe('1');
    expect(cell('mazowieckie')).toBe('brak danych');
    expect(root.querySelector('.spm-source').textContent).toBe('Źródło: NFOŚiGW');
    choose('spm-measurement', '12');
    choose('spm-property', '3');
    expect(root.querySelector('.spm-layer').textContent).toBe('Podmapa: Wymienione kotły węglowe — Grudzień 2024');
    expect(cell('mazowieckie')).toBe('5');
    expect(root.querySelector('.spm-source').textContent).toBe('Źródło: WFOŚiGW');
  });

  it('the summary has no submaps: choosing it goes back to a statistic', () => {
    renderMap(root, payload());
    choose('spm-property', '3');
    choose('spm-measurement', 'summary');
    expect(root.querySelector('#spm-property').value).toBe('1');
    expect(root.querySelector('#spm-property option[value="3"]').disabled).toBe(true);
    expect(cell('mazowieckie')).toBe('3000');
    expect(root.querySelector('.spm-layer').textContent).toBe('Liczba złożonych wniosków — Razem');
    // the reader learns that the sums include measurements the map does not show
    expect(root.querySelector('.spm-note').textContent).toBe(SUMMARY_NOTE);
    choose('spm-measurement', root.querySelector('#spm-measurement option').value);
    expect(root.querySelector('.spm-note')).toBeNull();
  });

  it('shows a legend, the details and the attribution of the boundaries', () => {
    renderMap(root, payload());
    const legend = [...root.querySelectorAll('.spm-legend li')].map((li) => li.textContent);
    expect(legend.at(-1)).toBe('brak danych');
    expect(legend[0]).toBe('100 – 700');
    expect(root.querySelector('.spm-details').textContent).toBe('Dane według województw.');
    expect(root.querySelector('.spm-attrib').textContent).toBe('Granice: © pissang/starbucks, ODbL');
  });

  it('without the summary or any measurement says so', () => {
    renderMap(root, payload({ show_summary: 0, summary: null }));
    expect([...root.querySelectorAll('#spm-measurement option')].map((o) => o.value)).toEqual(['12', '11']);
    renderMap(root, payload({ show_summary: 0, summary: null, checkpoints: [] }));
    expect(root.querySelector('svg')).toBe(null);
    expect(root.textContent).toContain('Mapa nie ma jeszcze opublikowanych pomiarów.');
    expect(root.textContent).toContain('Granice: © pissang/starbucks, ODbL');
  });

  it('names a key by its display name only when it differs', () => {
    expect(keyLabel({ name: 'A', display_name: 'B' })).toBe('B');
    expect(keyLabel({ name: 'A', display_name: 'A' })).toBe('A');
    expect(keyLabel({ name: 'A', display_name: '' })).toBe('A');
  });
});
