// The one DOM helper of the widgets: text stays text.
import { describe, expect, it } from 'vitest';
import { el } from './dom.js';

describe('el', () => {
  it('puts a name from the panel in as text, never as markup', () => {
    const node = el('td', 'spr-name', '<img src=x onerror=alert(1)>Kraków');
    expect(node.tagName).toBe('TD');
    expect(node.className).toBe('spr-name');
    expect(node.textContent).toBe('<img src=x onerror=alert(1)>Kraków');
    expect(node.children.length).toBe(0);
  });

  it('leaves the class and the text out when not given', () => {
    for (const text of [undefined, null]) {
      const node = el('div', '', text);
      expect([node.getAttribute('class'), node.textContent]).toEqual([null, '']);
    }
    expect(el('span', null, 0).textContent).toBe('0');
  });
});
