// The public search tool in plain DOM (no framework: partner pages load it): a combobox that
// finds a gmina as one types, then the gmina's card, fetched on demand, with each text in its
// place (top, left, right, bottom). Every text is set as text, never as HTML.
import { el } from '@smogpanel/embeds/dom';
import { plural } from '@smogpanel/embeds/plural';
import { findBoroughs, indexBoroughs } from './match.js';

export const CSS =
  '.sps{box-sizing:border-box;max-width:800px;margin:0 auto;padding:16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;' +
  'color:var(--sp-fg,#1f2a37);background:var(--sp-bg,#fff);line-height:1.4}.sps *{box-sizing:border-box}' +
  '.sps-title{font-size:1.25rem;margin:0 0 12px}.sps-label{display:block;font-weight:600;margin-bottom:4px}' +
  '.sps-box{position:relative}.sps-input{width:100%;font:inherit;padding:8px 10px;border:1px solid var(--sp-line,#8a96a3);border-radius:6px}' +
  '.sps-input:focus{outline:3px solid var(--sp-accent,#7fb2f0);outline-offset:1px}' +
  '.sps-list{position:absolute;z-index:3;left:0;right:0;margin:2px 0 0;padding:0;list-style:none;background:var(--sp-panel,#fff);' +
  'border:1px solid var(--sp-line,#8a96a3);border-radius:6px;max-height:260px;overflow-y:auto;box-shadow:0 4px 12px rgba(0,0,0,.12)}' +
  '.sps-list[hidden]{display:none}.sps-option{padding:6px 10px;cursor:pointer}.sps-option small{color:var(--sp-muted,#5b6672)}' +
  '.sps-option[aria-selected="true"],.sps-option:hover{background:var(--sp-selected,#e6f0fb)}' +
  '.sps-status{font-size:.875rem;color:var(--sp-muted,#5b6672);margin:6px 0 0;min-height:1.2em}' +
  '.sps-card{margin-top:16px;border:1px solid var(--sp-line,#d9e0e7);border-radius:8px;padding:14px}' +
  '.sps-card h2{font-size:1.15rem;margin:0}.sps-where{color:var(--sp-muted,#5b6672);font-size:.875rem;margin:2px 0 10px}' +
  '.sps-grid{display:grid;grid-template-columns:1fr 1fr;gap:12px}.sps-TOP,.sps-BOTTOM{grid-column:1/-1}' +
  '@media (max-width:420px){.sps-grid{grid-template-columns:1fr}}' +
  '.sps-value h3{font-size:.95rem;margin:0 0 2px}.sps-value p{margin:0;white-space:pre-line;overflow-wrap:anywhere}' +
  '.sps-source{font-size:.8rem;color:var(--sp-muted,#5b6672);margin:10px 0 0}';

const GMINY = ['gmina', 'gminy', 'gmin'];
const PLACES = ['TOP', 'LEFT', 'RIGHT', 'BOTTOM'];
let instances = 0;

/** The card of one gmina: its name, where it lies, the texts by place, the source. */
export function renderCard(card, source) {
  const box = el('section', 'sps-card');
  box.setAttribute('aria-live', 'polite');
  box.appendChild(el('h2', '', `Gmina ${card.name}`));
  box.appendChild(el('p', 'sps-where', `powiat ${card.district}, województwo ${card.voivodeship}`));
  const grid = el('div', 'sps-grid');
  const ordered = PLACES.flatMap((place) => card.values.filter((value) => value.place === place));
  for (const value of ordered) {
    const block = el('div', `sps-value sps-${value.place}`);
    if (!value.hide_name) block.appendChild(el('h3', '', value.name));
    block.appendChild(el('p', '', value.value));
    grid.appendChild(block);
  }
  if (!ordered.length) grid.appendChild(el('p', '', 'Brak informacji dla tej gminy.'));
  box.appendChild(grid);
  if (source) box.appendChild(el('p', 'sps-source', `Źródło: ${source}`));
  return box;
}

/**
 * Draws the tool for `payload` ({name, source, boroughs}) into `root`. `loadCard(id)` resolves
 * with a gmina's card (the public API; replaced in tests).
 */
export function renderSearch(root, payload, loadCard) {
  const n = ++instances;
  const index = indexBoroughs(payload.boroughs || []);
  const cards = new Map();
  const box = el('div', 'sps');
  box.appendChild(el('h1', 'sps-title', payload.name));
  const label = el('label', 'sps-label', 'Wpisz nazwę swojej gminy lub powiatu');
  label.htmlFor = `sps-input-${n}`;
  const wrap = el('div', 'sps-box');
  const input = el('input', 'sps-input');
  Object.assign(input, { id: label.htmlFor, type: 'text', autocomplete: 'off', spellcheck: false });
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', `sps-list-${n}`);
  input.placeholder = 'np. Zabierzów';
  const list = el('ul', 'sps-list');
  list.id = `sps-list-${n}`;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Gminy');
  list.hidden = true;
  const status = el('p', 'sps-status');
  status.setAttribute('role', 'status');
  const result = el('div', 'sps-result');
  wrap.append(input, list);
  box.append(label, wrap, status, result);
  root.appendChild(box);

  let found = [];
  let active = -1;

  function close() {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  }

  function highlight(position) {
    active = position;
    [...list.children].forEach((option, i) => option.setAttribute('aria-selected', String(i === position)));
    if (position < 0) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    const option = list.children[position];
    input.setAttribute('aria-activedescendant', option.id);
    if (option.scrollIntoView) option.scrollIntoView({ block: 'nearest' });
  }

  function update() {
    found = findBoroughs(index, input.value);
    list.replaceChildren(
      ...found.map((item, i) => {
        const option = el('li', 'sps-option', item.name);
        option.id = `sps-option-${n}-${i}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.appendChild(document.createTextNode(' '));
        option.appendChild(el('small', '', `(powiat ${item.district}, ${item.voivodeship})`));
        option.addEventListener('mousedown', (event) => event.preventDefault()); // keep the focus in the input
        option.addEventListener('click', () => choose(item));
        return option;
      }),
    );
    const typed = input.value.trim() !== '';
    status.textContent = !typed
      ? ''
      : found.length
        ? `Znaleziono: ${found.length} ${plural(found.length, GMINY)}.`
        : 'Nie znaleziono gminy o tej nazwie.';
    if (found.length) {
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      highlight(-1);
    } else close();
  }

  async function choose(item) {
    input.value = item.name;
    close();
    status.textContent = 'Wczytywanie...';
    result.replaceChildren();
    try {
      if (!cards.has(item.id)) cards.set(item.id, await loadCard(item.id));
      result.replaceChildren(renderCard(cards.get(item.id), payload.source));
      status.textContent = '';
    } catch {
      status.textContent = 'Nie udało się wczytać danych gminy. Spróbuj ponownie.';
    }
  }

  input.addEventListener('input', update);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (list.hidden) update();
      if (found.length) highlight((active + 1) % found.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (found.length) highlight(active <= 0 ? found.length - 1 : active - 1);
    } else if (event.key === 'Enter') {
      const pick = active >= 0 ? found[active] : found.length === 1 ? found[0] : null;
      if (pick) {
        event.preventDefault();
        choose(pick);
      }
    } else if (event.key === 'Escape') {
      if (!list.hidden) close();
      else input.value = '';
    }
  });
  input.addEventListener('blur', close);
  return { input, list, status, result };
}
