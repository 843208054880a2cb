// Where a signed-in operator starts: the configured path, else the first plugin in nav order.
// The shell names no plugin; with hierarchy enabled this is /voivodeship.
import { settings } from '@smogpanel/kit';

export const START = '/start';

export const byOrder = (plugins) => [...plugins].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

export function startPath(plugins) {
  const first = byOrder(plugins)[0];
  return settings().startPath || (first ? first.path : '/account');
}
