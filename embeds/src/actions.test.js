// The download actions under a widget: from the page's config, each hideable by an option.
import { describe, expect, it } from 'vitest';
import { actionsBar, printOpensDetails } from './actions.js';

const config = {
  kind: 'rank',
  name: 'r',
  data: { csv: '/view/rank/r/data.csv', xlsx: '/view/rank/r/data.xlsx' },
  image: '/view/rank/r/image/abc.png',
};

describe('actionsBar', () => {
  it('offers the data and the image', () => {
    const bar = actionsBar(config, { data: true, image: true });
    const links = [...bar.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.download]);
    expect(links).toEqual([
      ['Pobierz dane (CSV)', '/view/rank/r/data.csv', 'rank-r.csv'],
      ['Pobierz dane (XLSX)', '/view/rank/r/data.xlsx', 'rank-r.xlsx'],
      ['Pobierz obraz (PNG)', '/view/rank/r/image/abc.png', 'rank-r.png'],
    ]);
    // The visible text is the whole accessible name (WCAG 2.5.3): no aria-label says otherwise.
    expect([...bar.querySelectorAll('a')].filter((a) => a.hasAttribute('aria-label'))).toEqual([]);
  });

  it('leaves out what the options hide or the kind lacks', () => {
    expect(actionsBar(config, { data: true, image: false }).textContent).not.toContain('PNG');
    expect(actionsBar({ ...config, data: null }, { data: true, image: true }).textContent).not.toContain('CSV');
    expect(actionsBar({ ...config, data: null }, { data: true, image: false })).toBeNull();
  });
});

describe('printing', () => {
  it('opens closed details for the print and closes them after', () => {
    document.body.innerHTML =
      '<div id="smogpanel-widget"><details><summary>Dane w tabeli</summary><table></table></details></div>';
    printOpensDetails(window);
    window.dispatchEvent(new Event('beforeprint'));
    expect(document.querySelector('details').open).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('details').open).toBe(false);
  });
});
