// The widget's DOM: texts, the four units with Polish forms, style, logo, brand, ticking.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderTimer } from './widget.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const payload = (changes = {}) => ({
  style: 'SEA',
  text_above: 'Do końca sezonu zostało',
  text_below: 'Ogrzewaj czysto.',
  deadline: new Date(NOW + ((2 * 24 + 22) * 3600 + 1 * 60 + 5) * 1000).toISOString(),
  countdown: true,
  logo: null,
  brand: { name: 'Smogpanel', url: null },
  ...changes,
});
const units = (root) => [...root.querySelectorAll('.spt-unit')].map((unit) => unit.textContent);

let root;
let stop;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  root = document.createElement('div');
});
afterEach(() => {
  if (stop) stop();
  vi.useRealTimers();
});

describe('renderTimer', () => {
  it('gives numbers of four or more digits the compact size, so they stay inside their box', () => {
    stop = renderTimer(
      root,
      payload({ deadline: new Date(NOW - 2639 * 24 * 3600 * 1000).toISOString(), countdown: false }),
    );
    const [days, hours] = root.querySelectorAll('.spt-n');
    expect(days.textContent).toBe('2639');
    expect(days.classList.contains('spt-long')).toBe(true);
    expect(hours.classList.contains('spt-long')).toBe(false);
  });

  it('shows the texts and the time left with Polish forms', () => {
    stop = renderTimer(root, payload());
    expect(root.querySelector('.spt-above').textContent).toBe('Do końca sezonu zostało');
    expect(root.querySelector('.spt-below').textContent).toBe('Ogrzewaj czysto.');
    expect(units(root)).toEqual(['2 dni', '22 godziny', '1 minuta', '5 sekund']);
    expect(root.querySelector('[role=timer]').getAttribute('aria-label')).toBe('2 dni, 22 godziny, 1 minuta, 5 sekund');
    // Screen readers hear the deadline once, never the ticking seconds.
    expect(root.querySelector('[role=timer]').getAttribute('aria-live')).toBe('off');
    expect(root.querySelector('.sp-sr').textContent).toMatch(/^Odliczanie do: 24 listopada 2026\D*11:01\.$/);
    expect(root.firstChild.className).toBe('spt spt-SEA');
  });

  it('ticks every second', () => {
    stop = renderTimer(root, payload());
    vi.advanceTimersByTime(1000);
    expect(units(root)).toEqual(['2 dni', '22 godziny', '1 minuta', '4 sekundy']);
    vi.advanceTimersByTime(4000);
    expect(units(root)).toEqual(['2 dni', '22 godziny', '1 minuta', '0 sekund']);
    vi.advanceTimersByTime(1000);
    expect(units(root)).toEqual(['2 dni', '22 godziny', '0 minut', '59 sekund']);
  });

  it('counts up from the deadline when countdown is off', () => {
    stop = renderTimer(
      root,
      payload({ countdown: false, deadline: new Date(NOW - (5 * 86400 + 3600 + 2) * 1000).toISOString() }),
    );
    expect(units(root)).toEqual(['5 dni', '1 godzina', '0 minut', '2 sekundy']);
    vi.advanceTimersByTime(1000);
    expect(units(root)).toEqual(['5 dni', '1 godzina', '0 minut', '3 sekundy']);
  });

  it('shows the logo and the brand, or hides the brand', () => {
    stop = renderTimer(root, payload({ logo: '/files/abc.png' }));
    expect(root.querySelector('img.spt-logo').getAttribute('src')).toBe('/files/abc.png');
    expect(root.querySelector('.spt-brand').textContent).toBe('Smogpanel');
    stop();
    stop = renderTimer(root, payload({ brand: null, style: 'NOPE' }));
    expect(root.querySelector('.spt-brand')).toBe(null);
    expect(root.querySelector('img')).toBe(null);
    expect(root.firstChild.className).toBe('spt spt-LIGHT');
  });

  it.each(['LIGHT', 'SEA', 'RED', 'DARKRED', 'GRAPHITE', 'DARK'])('knows the style %s', (style) => {
    stop = renderTimer(root, payload({ style }));
    expect(root.firstChild.classList.contains(`spt-${style}`)).toBe(true);
  });
});
