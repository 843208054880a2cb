// The item widget: plain text only, the badge on its colour with readable text, units, the
// reading's time in Warsaw and its source.
import { beforeEach, expect, it } from 'vitest';
import { renderItem, textOn, warsawTime } from './widget.js';

const PAYLOAD = {
  name: 'Powietrze w Krakowie',
  type: 'Jakość powietrza',
  fields: [
    { name: 'gmina', label: 'Gmina', text: 'Kraków (powiat Kraków, województwo małopolskie)' },
    { name: 'index', label: 'Indeks jakości powietrza', badge: { label: 'Umiarkowany', color: '#ffd911' } },
    { name: 'pm10', label: 'PM10', text: '54,8 µg/m³' },
  ],
  read_at: '2026-11-24T10:00:00+00:00',
  source: 'GIOŚ (Państwowy Monitoring Środowiska)',
};

let root;
beforeEach(() => {
  document.body.innerHTML = '<div id="w"></div>';
  root = document.getElementById('w');
});

it('shows the name, the type, each field and the reading with its source', () => {
  renderItem(root, PAYLOAD);
  expect(root.querySelector('h1').textContent).toBe('Powietrze w Krakowie');
  const terms = [...root.querySelectorAll('dt')].map((n) => n.textContent);
  const values = [...root.querySelectorAll('dd')].map((n) => n.textContent);
  expect(terms).toEqual(['Gmina', 'Indeks jakości powietrza', 'PM10']);
  expect(values).toEqual(['Kraków (powiat Kraków, województwo małopolskie)', 'Umiarkowany', '54,8 µg/m³']);
  expect(root.querySelector('.spi-foot').textContent).toBe(
    'Odczyt: 2026-11-24 11:00 · Źródło: GIOŚ (Państwowy Monitoring Środowiska)',
  );
});

it('draws the index as a badge on its colour, with dark text on light colours', () => {
  renderItem(root, PAYLOAD);
  const badge = root.querySelector('.spi-badge');
  expect(badge.style.background).toContain('rgb(255, 217, 17)');
  expect(badge.style.color).toBe('rgb(31, 42, 55)');
  expect(textOn('#990000')).toBe('#fff');
  expect(textOn('nonsense')).toBe('#fff');
});

it('never renders markup from the payload', () => {
  renderItem(root, {
    ...PAYLOAD,
    name: '<img src=x onerror=alert(1)>',
    fields: [{ label: '<b>x</b>', text: '<script>1</script>' }],
  });
  expect(root.querySelector('img')).toBeNull();
  expect(root.querySelector('b')).toBeNull();
  expect(root.querySelector('h1').textContent).toBe('<img src=x onerror=alert(1)>');
});

it('formats times in Warsaw, winter and summer', () => {
  expect(warsawTime('2026-01-15T23:30:00+00:00')).toBe('2026-01-16 00:30');
  expect(warsawTime('2026-07-01T10:05:00Z')).toBe('2026-07-01 12:05');
  expect(warsawTime('zła data')).toBe('');
});
