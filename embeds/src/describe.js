// Accessible alternatives every chart, map and ranking widget carries (docs/embeds.md,
// "Accessible alternatives"), as Flourish and Datawrapper give them: a short description made
// from the data ("Najwyższa wartość: …; najniższa: …") that screen readers read with the
// drawing, and the data as a table in a <details> ("Pokaż dane w tabeli") any reader can open.
import { el } from './dom.js';

// Visually hidden, read by screen readers (the usual sr-only rules), and the disclosure.
export const DESCRIBE_CSS =
  '.sp-sr{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}' +
  '.sp-data{margin:6px 0;font-size:13px}.sp-data summary{cursor:pointer}';

const number = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2, useGrouping: 'always' });
const show = (value, unit) => `${number.format(value)}${unit ? ` ${unit}` : ''}`;

/** 'Najwyższa wartość: 45,2 µg/m³ (Kraków); najniższa: 12 µg/m³ (Zakopane).' from [{name,
 * value}]; items without a number are left out; every name sharing the extreme value is named. */
export function describeValues(items, unit = '') {
  const known = items.filter((item) => item.value !== null && item.value !== '' && Number.isFinite(Number(item.value)));
  if (!known.length) return 'Brak wartości do opisania.';
  const values = known.map((item) => Number(item.value));
  const at = (value) =>
    known
      .filter((item) => Number(item.value) === value)
      .map((item) => item.name)
      .join(', ');
  const high = Math.max(...values);
  const low = Math.min(...values);
  if (high === low) return `Wszystkie wartości: ${show(high, unit)} (${at(high)}).`;
  return `Najwyższa wartość: ${show(high, unit)} (${at(high)}); najniższa: ${show(low, unit)} (${at(low)}).`;
}

/** A visually hidden paragraph with `text`; gives `target` (the drawing) aria-describedby it. */
export function description(text, target, id) {
  const node = el('p', 'sp-sr', text);
  if (target && id) {
    node.id = id;
    target.setAttribute('aria-describedby', id);
  }
  return node;
}

/** `table` in a closed <details> whose summary says 'Pokaż dane w tabeli'. */
export function dataDetails(table) {
  const details = el('details', 'sp-data');
  details.appendChild(el('summary', '', 'Pokaż dane w tabeli'));
  details.appendChild(table);
  return details;
}
