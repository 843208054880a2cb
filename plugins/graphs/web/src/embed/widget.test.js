import { describe, expect, it } from 'vitest';
import { chartsOf } from '../chartdata.js';
import { renderGraph } from './widget.js';

const goal = { goal: 100, progress: 30, progress_info: 'Postęp', value_info: 'Cel', value_subinfo: 'wniosków' };
const bar = {
  name: 'Wnioski 2023–2024',
  title: 'Czyste Powietrze',
  subtitle: '',
  subname: '',
  unit: 'szt.',
  source: 'NFOŚiGW',
  legend: '',
  type: 'BAR',
  style: 'CLASSIC',
  position_title: 'Miesiąc',
  key_groups: [
    {
      name: 'Złożone',
      color: 'red',
      keys: [
        { id: 1, name: 'Styczeń', short_name: 'I' },
        { id: 2, name: 'Luty', short_name: 'II' },
      ],
    },
    { name: 'Umowy', color: 'blue', keys: [{ id: 3, name: 'Luty', short_name: 'II' }] },
  ],
  groups: [
    {
      id: 1,
      name: '2023',
      value_title: 'Wnioski w 2023',
      entries: [{ id: 1, name: 'Polska', series: [[1, 2], [3]], goal: null }],
    },
    {
      id: 2,
      name: '2024',
      value_title: 'Wnioski w 2024',
      entries: [{ id: 2, name: 'Polska', series: [[1500.5, null], [7]], goal }],
    },
  ],
};

describe('chart data by type', () => {
  it('BAR and LINE: a series per key group over the keys, a key of the same name in two groups in one place', () => {
    const [chart] = chartsOf(bar, bar.groups[0]);
    expect(chart.spec.categories).toEqual(['I', 'II']);
    expect(chart.spec.names).toEqual(['Styczeń', 'Luty']);
    expect(chart.spec.series).toEqual([
      { name: 'Złożone', color: 'red', values: [1, 2] },
      { name: 'Umowy', color: 'blue', values: [null, 3] },
    ]);
  });

  it('BAR and LINE: keys that look alike keep their own places and values (matched by id, not by short name)', () => {
    const keys = [
      { id: 7, name: 'lubelskie', short_name: 'lu' },
      { id: 8, name: 'lubuskie', short_name: 'lu' },
      { id: 9, name: 'łódzkie', short_name: 'ld' },
    ];
    const line = { ...bar, type: 'LINE', unit: '', key_groups: [{ name: 'Wnioski', color: 'red', keys }] };
    const group = {
      name: '2025',
      value_title: 'Wnioski',
      entries: [{ id: 1, name: 'Polska', series: [[10, 20, 30]], goal: null }],
    };
    const [chart] = chartsOf(line, group);
    expect(chart.spec.categories).toEqual(['lu', 'lu', 'ld']);
    expect(chart.spec.series[0].values).toEqual([10, 20, 30]);
    const root = document.createElement('div');
    renderGraph(root, { ...line, groups: [group] });
    const rows = [...root.querySelectorAll('.spc-table tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['lubelskie', '10'],
      ['lubuskie', '20'],
      ['łódzkie', '30'],
    ]);
    expect(root.querySelectorAll('svg circle.spc-mark')).toHaveLength(3);
  });

  it('CIRCLE: a doughnut per entry over the keys', () => {
    const circle = {
      ...bar,
      type: 'CIRCLE',
      keys: [
        { id: 1, name: 'Gaz', short_name: '' },
        { id: 2, name: 'Pompy ciepła', short_name: 'PC' },
      ],
    };
    const group = { name: 'Pozycje', value_title: 'Udział', entries: [{ name: 'Polska', values: [1, 2], goal: null }] };
    const [chart] = chartsOf(circle, group);
    expect(chart.spec.categories).toEqual(['Gaz', 'PC']);
    expect(chart.spec.series[0].values).toEqual([1, 2]);
    const root = document.createElement('div');
    renderGraph(root, { ...circle, groups: [group] });
    expect([...root.querySelectorAll('.spc-legend li')].map((li) => li.textContent)).toEqual(['Gaz', 'Pompy ciepła']);
  });

  it('MULTILINE: one chart, a line per entry in its colour', () => {
    const multi = { ...bar, type: 'MULTILINE', keys: [{ name: '2020', short_name: '' }] };
    const charts = chartsOf(multi, {
      name: 'G',
      value_title: 'V',
      entries: [
        { name: 'A', color: 'navy', values: [5], goal },
        { name: 'B', color: 'red', values: [6], goal: null },
      ],
    });
    expect(charts).toHaveLength(1);
    expect(charts[0].spec.series.map((s) => [s.name, s.color, s.values])).toEqual([
      ['A', 'navy', [5]],
      ['B', 'red', [6]],
    ]);
    expect(charts[0].goals.map((g) => g.name)).toEqual(['A']);
  });
});

describe('the public chart', () => {
  it('shows the last group with its goal and table, and switches groups', () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    renderGraph(root, bar);
    expect(root.querySelector('h2').textContent).toBe('Czyste Powietrze');
    expect(root.textContent).toContain('Wnioski 2023–2024');
    expect(root.querySelector('.spg-value-title').textContent).toBe('Wnioski w 2024');
    expect(root.querySelector('.spc-goal').textContent).toContain('Postęp: 30 szt. (30%)');
    expect(root.querySelector('.sp-data summary').textContent).toBe('Pokaż dane w tabeli');
    expect(root.querySelector('.sp-sr').textContent).toMatch(
      /^Najwyższa wartość: 1\u00a0500,5 szt\. \(.+\); najniższa: 7 szt\. \(.+\)\.$/,
    );
    expect([...root.querySelectorAll('.spc-table td')].map((td) => td.textContent)).toEqual([
      '1\u00a0500,5 szt.',
      '',
      '',
      '7 szt.',
    ]);
    const select = root.querySelector('select');
    select.value = '0';
    select.dispatchEvent(new Event('change'));
    expect(root.querySelector('.spg-value-title').textContent).toBe('Wnioski w 2023');
    expect(root.querySelector('.spc-goal')).toBeNull();
    expect(root.querySelectorAll('svg rect.spc-mark')).toHaveLength(3);
    expect(root.textContent).toContain('Źródło: NFOŚiGW');
  });
});
