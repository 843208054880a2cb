// The public search tool: finding a gmina without Polish letters or by district, the combobox
// keyboard pattern, the card by place with hidden names, plain text only.
import { beforeEach, describe, expect, it } from 'vitest';
import { findBoroughs, fold, indexBoroughs } from './match.js';
import { renderSearch } from './widget.js';

const BOROUGHS = [
  [1, 'Liszki', 'krakowski', 'małopolskie'],
  [2, 'Łódź', 'Łódź', 'łódzkie'],
  [3, 'Zabierzów', 'krakowski', 'małopolskie'],
  [4, 'Zabierzów Bocheński', 'wielicki', 'małopolskie'],
  [5, 'Nowa Dęba', 'tarnobrzeski', 'podkarpackie'],
];
const CARD = {
  id: 3,
  name: 'Zabierzów',
  district: 'krakowski',
  voivodeship: 'małopolskie',
  values: [
    { name: 'Termin', hide_name: 0, place: 'BOTTOM', value: 'do 30 czerwca' },
    { name: 'Kontakt', hide_name: 1, place: 'RIGHT', value: '<img src=x onerror=alert(1)>tel. 12' },
    { name: 'Dotacja', hide_name: 0, place: 'TOP', value: 'do 15 000 zł\nna kocioł' },
  ],
};

const names = (items) => items.map((item) => item.name);

describe('finding a gmina', () => {
  const index = indexBoroughs(BOROUGHS);
  it('folds Polish letters and case', () => {
    expect(fold('  ŁÓDŹ  Bałuty ')).toBe('lodz baluty');
  });
  it.each([
    ['zabierzow', ['Zabierzów', 'Zabierzów Bocheński']],
    ['ZABIERZÓW boch', ['Zabierzów Bocheński']],
    ['lodz', ['Łódź']],
    ['deba', ['Nowa Dęba']],
    ['krakowski', ['Liszki', 'Zabierzów']],
    ['wielick', ['Zabierzów Bocheński']],
    ['', []],
    ['warszawa', []],
  ])('%s → %j', (query, expected) => {
    expect(names(findBoroughs(index, query))).toEqual(expected);
  });
  it('ranks the name before the district and keeps at most the limit', () => {
    const many = indexBoroughs([[9, 'Krakowska Wola', 'x', 'y'], ...BOROUGHS]);
    expect(names(findBoroughs(many, 'krakow'))).toEqual(['Krakowska Wola', 'Liszki', 'Zabierzów']);
    expect(findBoroughs(many, 'a', 2)).toHaveLength(2);
  });
});

describe('the tool', () => {
  let root;
  let loaded;
  const type = (input, text) => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
  };
  const key = (input, name) => input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    document.body.replaceChildren();
    root = document.createElement('div');
    document.body.appendChild(root);
    loaded = [];
  });

  const start = () =>
    renderSearch(root, { name: 'Dotacje do wymiany pieca', source: 'Urzędy gmin', boroughs: BOROUGHS }, async (id) => {
      loaded.push(id);
      return CARD;
    });

  it('is a labelled combobox that lists matches and announces their count', () => {
    const { input, list, status } = start();
    expect(input.getAttribute('role')).toBe('combobox');
    expect(document.querySelector(`label[for="${input.id}"]`).textContent).toBe('Wpisz nazwę swojej gminy lub powiatu');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    type(input, 'zabierzow');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect([...list.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual([
      'Zabierzów (powiat krakowski, małopolskie)',
      'Zabierzów Bocheński (powiat wielicki, małopolskie)',
    ]);
    expect(status.textContent).toBe('Znaleziono: 2 gminy.');
    type(input, 'xyz');
    expect(status.textContent).toBe('Nie znaleziono gminy o tej nazwie.');
    expect(list.hidden).toBe(true);
  });

  it('arrows move the active option, Enter opens its card, Escape closes the list', async () => {
    const { input, list, result } = start();
    type(input, 'zab');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(list.children[1].id);
    key(input, 'ArrowUp');
    expect(list.children[0].getAttribute('aria-selected')).toBe('true');
    key(input, 'Enter');
    await settle();
    expect(loaded).toEqual([3]);
    expect(input.value).toBe('Zabierzów');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(result.querySelector('h2').textContent).toBe('Gmina Zabierzów');
    type(input, 'li');
    key(input, 'Escape');
    expect(list.hidden).toBe(true);
  });

  it('lays the card out by place, hides hidden names, writes texts as text, names the source', async () => {
    const { input, result } = start();
    type(input, 'zabierzow');
    result.ownerDocument.querySelector('[role=option]').click();
    await settle();
    const blocks = [...result.querySelectorAll('.sps-value')];
    expect(blocks.map((b) => b.className)).toEqual([
      'sps-value sps-TOP',
      'sps-value sps-RIGHT',
      'sps-value sps-BOTTOM',
    ]);
    expect(blocks.map((b) => b.querySelector('h3')?.textContent ?? null)).toEqual(['Dotacja', null, 'Termin']);
    expect(blocks[1].querySelector('p').textContent).toBe('<img src=x onerror=alert(1)>tel. 12');
    expect(result.querySelector('img')).toBeNull();
    expect(result.querySelector('.sps-where').textContent).toBe('powiat krakowski, województwo małopolskie');
    expect(result.querySelector('.sps-source').textContent).toBe('Źródło: Urzędy gmin');
    type(input, 'zabierzow');
    result.ownerDocument.querySelector('[role=option]').click();
    await settle();
    expect(loaded).toEqual([3]); // a card is fetched once
  });

  it('Enter with a single match opens it; a failed card says so', async () => {
    const { input, status } = renderSearch(root, { name: 'X', source: '', boroughs: BOROUGHS }, async () => {
      throw new Error('NOT_FOUND');
    });
    type(input, 'liszki');
    key(input, 'Enter');
    await settle();
    expect(status.textContent).toBe('Nie udało się wczytać danych gminy. Spróbuj ponownie.');
  });
});
