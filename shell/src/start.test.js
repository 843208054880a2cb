import { afterEach, describe, expect, it } from 'vitest';
import { byOrder, startPath } from './start.js';

const plugins = [
  { name: 'b', path: '/rank', order: 20 },
  { name: 'a', path: '/voivodeship', order: 10 },
];

afterEach(() => document.getElementById('smogpanel-config')?.remove());

describe('start path', () => {
  it('sorts plugins by order and starts at the first', () => {
    expect(byOrder(plugins).map((p) => p.name)).toEqual(['a', 'b']);
    expect(startPath(plugins)).toBe('/voivodeship');
  });

  it('falls back to the accounts without plugins and obeys the configured start', () => {
    expect(startPath([])).toBe('/account');
    const config = document.createElement('script');
    config.type = 'application/json';
    config.id = 'smogpanel-config';
    config.textContent = JSON.stringify({ startPath: '/rank' });
    document.head.append(config);
    expect(startPath(plugins)).toBe('/rank');
  });
});
