// The cost model against the hand-computed worked example of docs/calculators.md.
import { describe, expect, it } from 'vitest';
import demo from '../../demo_definition.json';
import { compute, readDefinition, spaced } from './model.js';
import { formatMoney, formatNumber, formatYears } from './format.js';

const plain = (text) => text.replace(/\s/g, ' ');
const model = readDefinition(demo.types);
const standard = model.standards.find((s) => s.name === 'dom_ocieplony');
const byName = (result) => Object.fromEntries(result.rows.map((row) => [row.name, row]));

describe('readDefinition', () => {
  it('reads the building standards and the complete heat sources of the demo definition', () => {
    expect(model.problems).toEqual([]);
    expect(model.standards.map((s) => s.label)).toContain('dom ocieplony');
    expect(model.sources).toHaveLength(8);
  });

  it('leaves out and names a source lacking a definition or its calorific value', () => {
    const { sources, problems } = readDefinition([
      { name: 'Standard budynku', definitions: [{ name: 'dom', value: '100' }] },
      {
        name: 'Pellet',
        definitions: [
          { name: 'cena_za_tone', value: '1500' },
          { name: 'sprawnosc', value: '0.8' },
        ],
      },
      { name: 'Drewno', definitions: [{ name: 'wartosc_opalowa_gj_t', value: '15' }] },
      {
        name: 'Prąd',
        definitions: [
          { name: 'sprawnosc', value: '1' },
          { name: 'cena_za_kwh', value: '0.9' },
        ],
      },
    ]);
    expect(sources.map((s) => s.name)).toEqual(['Prąd']);
    expect(problems).toEqual([
      'Pellet: brak definicji „wartosc_opalowa_gj_t” (albo wartość nie jest większa od zera).',
      expect.stringMatching(/^Drewno: brak definicji „sprawnosc”, „cena_za_tone albo/),
    ]);
  });

  it('names a definition without the building standards type', () => {
    expect(readDefinition([]).problems[0]).toMatch(/Brak typu „Standard budynku”/);
  });

  it('shows snake_case names with spaces', () => {
    expect(spaced('wartosc_opalowa_gj_t')).toBe('wartosc opalowa gj t');
  });
});

describe('compute: the worked example (120 m², dom_ocieplony)', () => {
  const result = compute(model, { area: 120, standard, current: 'Węgiel – kocioł zasypowy', refund: true });
  const rows = byName(result);

  it("gives the yearly demand and every source's fuel and cost", () => {
    expect(result.demand).toBe(14400);
    const coal = rows['Węgiel – kocioł zasypowy'];
    expect(coal.fuel).toBeCloseTo(3.6, 9);
    expect(coal.unit).toBe('t');
    const costs = Object.fromEntries(result.rows.map((row) => [row.name, Math.round(row.cost * 100) / 100]));
    expect(costs).toEqual({
      'Węgiel – kocioł zasypowy': 5400,
      'Pompa ciepła powietrzna': 3840,
      'Pompa ciepła gruntowa': 2880,
      Pellet: 5400,
      'Gaz ziemny': 4800,
      'Olej opałowy': 8000,
      'Ogrzewanie elektryczne': 11520,
      'Ciepło systemowe': 5460,
    });
    expect(rows['Gaz ziemny'].fuel).toBeCloseTo(1500, 9);
    expect(rows['Ciepło systemowe'].fuel).toBeCloseTo(54, 9);
  });

  it("sorts cheapest first, equal costs in the definition's order", () => {
    expect(result.rows.map((row) => row.name)).toEqual([
      'Pompa ciepła gruntowa',
      'Pompa ciepła powietrzna',
      'Gaz ziemny',
      'Węgiel – kocioł zasypowy',
      'Pellet',
      'Ciepło systemowe',
      'Olej opałowy',
      'Ogrzewanie elektryczne',
    ]);
    expect(result.rows.filter((row) => row.current).map((row) => row.name)).toEqual(['Węgiel – kocioł zasypowy']);
  });

  it('with the refund ticked: the investment less the subsidy and the payback against coal', () => {
    const pump = rows['Pompa ciepła powietrzna'].payback;
    expect(pump).toMatchObject({ investment: 45000, subsidy: 30000, net: 15000 });
    expect(pump.saving).toBeCloseTo(1560, 9);
    expect(plain(formatYears(pump.years))).toBe('9,6 roku');
    expect(plain(formatYears(rows['Pompa ciepła gruntowa'].payback.years))).toBe('11,9 roku');
    expect(rows.Pellet.payback.years).toBeNull();
    expect(rows['Olej opałowy'].payback).toMatchObject({ net: 20000, years: null });
    expect(rows['Ogrzewanie elektryczne'].payback).toEqual({ known: false });
    expect(rows['Węgiel – kocioł zasypowy'].payback).toBeUndefined();
  });

  it('without the refund there is no payback', () => {
    const plainResult = compute(model, { area: 120, standard, current: 'Węgiel – kocioł zasypowy', refund: false });
    expect(plainResult.rows.every((row) => row.payback === undefined)).toBe(true);
  });

  it('follows a changed area (80 m²)', () => {
    const smaller = byName(compute(model, { area: 80, standard, current: 'Pellet', refund: false }));
    expect(smaller['Węgiel – kocioł zasypowy'].fuel).toBeCloseTo(2.4, 9);
    expect(Math.round(smaller['Węgiel – kocioł zasypowy'].cost * 100) / 100).toBe(3600);
    expect(Math.round(smaller['Pompa ciepła powietrzna'].cost * 100) / 100).toBe(2560);
  });
});

describe('Polish formatting', () => {
  it('writes money and numbers the Polish way', () => {
    expect(plain(formatMoney(1234.56))).toBe('1 234,56 zł');
    expect(plain(formatMoney(11520))).toBe('11 520,00 zł');
    expect(plain(formatNumber(14400))).toBe('14 400');
    expect(plain(formatNumber(3.6))).toBe('3,6');
  });
});
