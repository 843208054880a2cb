import { describe, expect, it } from 'vitest';
import { barChart, dataTable, doughnutChart, exactSum, formatNumber, goalBar, lineChart, mountChart } from './index.js';

const spec = {
  label: 'Wnioski',
  categories: ['I', 'II', 'III'],
  unit: 'szt.',
  positionTitle: 'Miesiąc',
  series: [
    { name: 'Złożone', color: 'red', values: [10000, 31.5, null] },
    { name: 'Umowy', color: 'blue', values: [5, 0, 2] },
  ],
};
const titles = (root) => [...root.querySelectorAll('.spc-mark title')].map((t) => t.textContent);

describe('charts', () => {
  it('formats numbers the Polish way', () => {
    expect(formatNumber(10000)).toBe('10\u00a0000');
    expect(formatNumber(31.5)).toBe('31,5');
    expect(formatNumber(null)).toBe('');
  });

  it('draws one bar per filled value of each series, skipping empty ones', () => {
    const root = barChart(spec, 500);
    expect(root.querySelectorAll('rect.spc-mark')).toHaveLength(5);
    expect(titles(root)[0]).toBe('Złożone, I: 10\u00a0000 szt.');
    expect(root.getAttribute('aria-label')).toBe('Wnioski');
  });

  it('draws a slice per value with its share and the total in the middle', () => {
    const root = doughnutChart({ categories: ['Gaz', 'Pompy'], series: [{ values: [1, 3] }], colors: ['green'] }, 300);
    expect(titles(root)).toEqual(['Gaz: 1 (25%)', 'Pompy: 3 (75%)']);
    expect(root.querySelector('path').getAttribute('fill')).toBe('green');
    expect(root.querySelector('text').textContent).toBe('4');
  });

  it('shows the total summed exactly, as the payload sums it, past the digits of a float', () => {
    const values = Array(2000).fill(999999999999999);
    const root = doughnutChart({ categories: values.map((_, i) => `K${i}`), series: [{ values }] }, 300);
    expect(root.querySelector('text').textContent).toBe('1\u00a0999\u00a0999\u00a0999\u00a0999\u00a0998\u00a0000');
    expect(exactSum([0.1, 0.2])).toBe('0.3');
    expect(exactSum(['1,5'.replace(',', '.'), -2, 1e-7])).toBe('-0.4999999');
    expect(formatNumber(exactSum([0.1, 0.2]))).toBe('0,3');
  });

  it('draws a line per series with a point per filled value', () => {
    const root = lineChart(spec, 400);
    expect(root.querySelectorAll('path')).toHaveLength(2);
    expect(root.querySelectorAll('circle.spc-mark')).toHaveLength(5);
    expect(titles(root)).toContain('Umowy, III: 2 szt.');
  });

  it('shows a goal as a progress bar with its three labels', () => {
    const root = goalBar(
      { goal: 200, progress: 50, progress_info: 'Postęp', value_info: 'Cel', value_subinfo: 'do 2030' },
      'szt.',
    );
    expect(root.querySelector('[role=progressbar]').getAttribute('aria-valuenow')).toBe('25');
    expect(root.textContent).toContain('Postęp: 50 szt. (25%)');
    expect(root.textContent).toContain('Cel: 200 szt.');
    expect(root.textContent).toContain('do 2030');
  });

  it('gives the same numbers as a table', () => {
    const table = dataTable(spec);
    const rows = [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows[0]).toEqual(['Miesiąc', 'Złożone', 'Umowy']);
    expect(rows[1]).toEqual(['I', '10\u00a0000 szt.', '5 szt.']);
    expect(rows[3]).toEqual(['III', '', '2 szt.']);
  });

  it('names the categories in full in the table and the marks when the axis shows short labels', () => {
    const named = {
      ...spec,
      categories: ['lu', 'lu'],
      names: ['lubelskie', 'lubuskie'],
      series: [{ name: 'A', values: [1, 2] }],
    };
    const rows = [...dataTable(named).querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(rows).toEqual(['lubelskie', 'lubuskie']);
    expect(titles(barChart(named, 500))).toEqual(['lubelskie: 1 szt.', 'lubuskie: 2 szt.']);
    expect([...barChart(named, 500).querySelectorAll('text')].map((t) => t.textContent)).toContain('lu');
  });

  it('mounts at least 300 px wide', () => {
    const container = document.createElement('div');
    mountChart(container, 'multiline', spec);
    expect(container.querySelector('svg').getAttribute('width')).toBe('300');
  });
});
