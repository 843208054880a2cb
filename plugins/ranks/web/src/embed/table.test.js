// The public ranking table: rows by place (shown plus 1), search ignoring case and Polish
// diacritics, the group chooser with the summary, show_empty, voivodeships tables per entry.
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_DATA } from '@smogpanel/embeds/voivodeships';
import { choices, entryMap, firstChoice, fold, renderRanking } from './table.js';

const GMINY = {
  type: 'gminy',
  name: 'Ranking gmin',
  subname: 'Dane 2024',
  choose_group_title: 'Wybierz rok',
  search_value_title: 'kotły',
  table_value_title: 'kotłów',
  show_empty: false,
  legend: 'Legenda',
  logo: null,
  gminy: {
    1: ['Łódź', 'Łódź', 'łódzkie'],
    2: ['Skawina', 'krakowski', 'małopolskie'],
    3: ['Żary', 'żarski', 'lubuskie'],
  },
  groups: [
    {
      name: '2024',
      rows: [
        [2, 0, 1.5, 9],
        [1, 1, 12.25, 7],
        [3, 1, 3, 7],
      ],
    },
    { name: '2025', rows: [[1, 0, 1, 1]] },
  ],
  summary: {
    title: 'Razem',
    rows: [
      [1, 0, 13.25, 8],
      [2, 1, 1.5, 9],
    ],
  },
};

let root;
beforeEach(() => {
  document.body.innerHTML = '<div id="w"></div>';
  root = document.getElementById('w');
});

const cells = () => [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));

describe('gminy', () => {
  it('starts with the newest group; rows by place plus 1, ties share the place', () => {
    renderRanking(root, GMINY);
    expect(root.querySelector('h1').textContent).toBe('Ranking gmin');
    expect(root.querySelector('select').value).toBe('1');
    root.querySelector('select').value = '0';
    root.querySelector('select').dispatchEvent(new Event('change'));
    expect(cells()).toEqual([
      ['1', 'Skawina', 'krakowski', 'małopolskie', '1,5', '9'],
      ['2', 'Łódź', 'Łódź', 'łódzkie', '12,25', '7'],
      ['2', 'Żary', 'żarski', 'lubuskie', '3', '7'],
    ]);
    expect(root.querySelector('.sp-sr').textContent).toBe('Najwyższa wartość: 12,25 (Łódź); najniższa: 1,5 (Skawina).');
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toContain('kotłów');
  });

  it('search ignores case and diacritics: "lodz" finds Łódź, "zary" finds Żary', () => {
    renderRanking(root, GMINY);
    root.querySelector('select').value = '0';
    root.querySelector('select').dispatchEvent(new Event('change'));
    const search = root.querySelector('input[type=search]');
    search.value = 'lodz';
    search.dispatchEvent(new Event('input'));
    expect(cells().map((row) => row[1])).toEqual(['Łódź']);
    search.value = 'ZARY';
    search.dispatchEvent(new Event('input'));
    expect(cells().map((row) => row[1])).toEqual(['Żary']);
    search.value = 'nic takiego';
    search.dispatchEvent(new Event('input'));
    expect(root.textContent).toContain('Nie znaleziono gminy.');
  });

  it('offers the summary as the last choice, and shows gminy without values when show_empty', () => {
    expect(choices(GMINY).map((c) => c.label)).toEqual(['2024', '2025', 'Razem']);
    renderRanking(root, { ...GMINY, show_empty: true });
    expect(cells()).toEqual([
      ['1', 'Łódź', 'Łódź', 'łódzkie', '1', '1'],
      ['–', 'Skawina', 'krakowski', 'małopolskie', '', ''],
      ['–', 'Żary', 'żarski', 'lubuskie', '', ''],
    ]);
  });

  it('folds Polish letters', () => {
    expect(fold('  Łódź  Wschód ')).toBe('lodz wschod');
  });
});

describe('voivodeships', () => {
  it('draws one table per entry of the chosen group, by place', () => {
    renderRanking(root, {
      type: 'voivodeships',
      name: 'Województwa',
      subname: '',
      choose_group_title: '',
      table_value_title: 'wniosków',
      show_empty: false,
      legend: '',
      logo: null,
      summary: null,
      groups: [
        {
          name: '2024',
          entries: [
            {
              name: 'Wnioski',
              rows: [
                ['śląskie', 'sl', 1, 5, 5],
                ['łódzkie', 'ld', 0, 8, 8],
              ],
            },
            { name: 'Umowy', rows: [] },
          ],
        },
      ],
    });
    expect([...root.querySelectorAll('caption')].map((c) => c.textContent)).toEqual(['Wnioski', 'Umowy']);
    expect(cells()).toEqual([
      ['1', 'łódzkie', '8', '8'],
      ['2', 'śląskie', '5', '5'],
    ]);
    expect(root.querySelector('input[type=search]')).toBe(null);
  });
});

describe('voivodeships map', () => {
  it("colours each entry's map by its values; a voivodeship without a value is grey and says so", () => {
    renderRanking(root, {
      type: 'voivodeships',
      name: 'Województwa',
      subname: '',
      choose_group_title: '',
      table_value_title: 'wniosków',
      show_empty: false,
      legend: '',
      logo: null,
      summary: null,
      voivodeships: [
        { code: 'ld', name: 'łódzkie' },
        { code: 'mz', name: 'mazowieckie' },
        { code: 'sl', name: 'śląskie' },
      ],
      groups: [
        {
          name: '2024',
          entries: [
            {
              name: 'Wnioski',
              rows: [
                ['śląskie', 'sl', 1, 5, 5],
                ['łódzkie', 'ld', 0, 1250.5, 8],
              ],
            },
          ],
        },
      ],
    });
    const svg = root.querySelector('svg');
    expect(svg.getAttribute('aria-label')).toBe('Mapa województw: Wnioski (wniosków)');
    const region = (code) => root.querySelector(`path[data-code=${code}]`);
    expect(root.querySelectorAll('path')).toHaveLength(3);
    expect(region('ld').getAttribute('fill')).not.toBe(region('sl').getAttribute('fill'));
    expect(region('mz').getAttribute('fill')).toBe(NO_DATA);
    expect(region('ld').querySelector('title').textContent).toBe('łódzkie: 1250,5');
    expect(region('mz').querySelector('title').textContent).toBe('mazowieckie: brak danych');
    expect([...root.querySelectorAll('.spr-map-legend li')].map((li) => li.textContent)).toContain('brak danych');
    expect(root.querySelector('.spr-attrib').textContent).toMatch(/ODbL/);
  });
});

describe('what the widget opens with (the share image draws the same)', () => {
  it('is the newest group, or the summary when there is no group', () => {
    expect(firstChoice(GMINY).name).toBe('2025');
    expect(firstChoice({ ...GMINY, groups: [] }).title).toBe('Razem');
    expect(firstChoice({ ...GMINY, groups: [], summary: null })).toBe(null);
  });

  it("draws an entry's map as the widget's figure: the choropleth, then its legend", () => {
    const payload = { table_value_title: '', voivodeships: [{ code: 'sl', name: 'śląskie' }] };
    const [map, legend] = entryMap(payload, { name: 'Wnioski', rows: [['śląskie', 'sl', 0, 5, 5]] }).children;
    expect(map.getAttribute('aria-label')).toBe('Mapa województw: Wnioski');
    expect(map.querySelectorAll('path.spr-map-region')).toHaveLength(1);
    expect(legend.querySelectorAll('li').length).toBeGreaterThan(0);
  });
});
