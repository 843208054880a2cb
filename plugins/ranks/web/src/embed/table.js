// The public ranking table in plain DOM (no framework: partner pages load it). Gminy rankings:
// one table of the chosen group with a search box ignoring case and Polish diacritics ('lodz'
// finds 'Łódź'); voivodeships rankings: per visible entry of the chosen group, a map of the
// voivodeships coloured by value (the map widget's boundaries, @smogpanel/embeds/voivodeships)
// and the table.
// Rows are sorted by place. The summary (when the ranking shows it) is one more choice.
import { el } from '@smogpanel/embeds/dom';
import { fold } from '@smogpanel/embeds/text';
import { DESCRIBE_CSS, description, describeValues } from '@smogpanel/embeds/describe';
import { ATTRIBUTION, choropleth, colourScale, legend } from '@smogpanel/embeds/voivodeships';

export { fold }; // case-, diacritics- and spacing-insensitive: 'Łódź ' -> 'lodz'

export const CSS =
  DESCRIBE_CSS +
  '.spr{box-sizing:border-box;max-width:960px;margin:0 auto;padding:12px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;' +
  'color:var(--sp-fg,#1f2a37);background:var(--sp-bg,#fff);line-height:1.35}' +
  '.spr h1{font-size:1.35rem;margin:0 0 4px}.spr-sub{margin:0 0 12px;color:var(--sp-muted,#4b5563)}' +
  '.spr-logo{display:block;max-height:64px;max-width:50%;margin:0 0 10px;object-fit:contain}' +
  '.spr-bar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-end;margin:0 0 10px;position:relative;z-index:2}' +
  '.spr-bar label{display:flex;flex-direction:column;font-size:.85rem;gap:2px}' +
  '.spr-bar select,.spr-bar input{font:inherit;padding:4px 6px;border:1px solid var(--sp-line,#c3cad3);border-radius:4px;min-width:200px}' +
  '.spr table{width:100%;border-collapse:collapse;font-size:.92rem;margin:0 0 14px}' +
  '.spr caption{text-align:left;font-weight:600;padding:4px 0}' +
  '.spr th,.spr td{padding:5px 8px;border-bottom:1px solid var(--sp-line,#e5e7eb);text-align:left}' +
  '.spr th{background:var(--sp-surface,#f3f5f7);font-weight:600}.spr td.spr-n,.spr th.spr-n{text-align:right;font-variant-numeric:tabular-nums}' +
  '.spr-entry{display:grid;gap:4px 16px;margin:0 0 14px}@media (min-width:700px){.spr-entry{grid-template-columns:minmax(0,2fr) minmax(0,3fr)}}' +
  '.spr-entry figure{margin:0}.spr-entry svg{display:block;width:100%;height:auto}.spr-map-region{stroke:var(--sp-panel,#fff);stroke-width:1.2;stroke-linejoin:round}' +
  '.spr-map-legend{display:flex;flex-wrap:wrap;gap:2px 10px;list-style:none;padding:0;margin:4px 0 0;font-size:.8rem}.spr-map-legend li{display:flex;align-items:center;gap:4px}' +
  '.spr-map-swatch{display:inline-block;width:12px;height:12px;border:1px solid rgba(0,0,0,.15)}.spr-attrib{font-size:.75rem;color:var(--sp-muted,#6b7280)}' +
  '.spr-empty td{color:var(--sp-muted,#6b7280)}.spr-none{color:var(--sp-muted,#6b7280);margin:8px 0}.spr-legend{font-size:.85rem;color:var(--sp-muted,#4b5563);white-space:pre-line}';

const numberFormat = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 4 });
export const formatNumber = (value) => (value === null || value === undefined ? '' : numberFormat.format(value));

function headRow(labels) {
  const tr = el('tr');
  for (const [label, numeric] of labels) {
    const th = el('th', numeric ? 'spr-n' : '', label);
    th.scope = 'col';
    tr.appendChild(th);
  }
  const thead = el('thead');
  thead.appendChild(tr);
  return thead;
}

function row(cells, className) {
  const tr = el('tr', className);
  for (const [text, numeric] of cells) tr.appendChild(el('td', numeric ? 'spr-n' : '', text));
  return tr;
}

/** The rows of a gminy group (or summary) as [{place, name, district, voivodeship, value, points, key}]. */
export function gminaRows(payload, rows) {
  const listed = new Set();
  const out = [];
  for (const [id, place, value, points] of rows) {
    const names = payload.gminy[String(id)];
    if (!names) continue;
    listed.add(String(id));
    out.push({ place: place + 1, name: names[0], district: names[1], voivodeship: names[2], value, points });
  }
  out.sort((a, b) => a.place - b.place || a.name.localeCompare(b.name, 'pl'));
  if (payload.show_empty) {
    const rest = Object.entries(payload.gminy)
      .filter(([id]) => !listed.has(id))
      .map(([, names]) => ({
        place: null,
        name: names[0],
        district: names[1],
        voivodeship: names[2],
        value: null,
        points: null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'pl'));
    out.push(...rest);
  }
  for (const item of out) item.key = fold(`${item.name} ${item.district} ${item.voivodeship}`);
  return out;
}

function gminyTable(payload, rows, query) {
  const wanted = fold(query);
  const shown = wanted ? rows.filter((item) => item.key.includes(wanted)) : rows;
  const table = el('table');
  // The table is the ranking itself; the description says its extremes first.
  const points = rows.map((item) => ({ name: item.name, value: item.value }));
  const summary = description(describeValues(points), table, 'spr-description');
  table.appendChild(
    headRow([
      ['Miejsce', true],
      ['Gmina'],
      ['Powiat'],
      ['Województwo'],
      [payload.table_value_title || 'Wartość', true],
      ['Punkty', true],
    ]),
  );
  const body = el('tbody');
  for (const item of shown) {
    body.appendChild(
      row(
        [
          [item.place ?? '–', true],
          [item.name],
          [item.district],
          [item.voivodeship],
          [formatNumber(item.value), true],
          [formatNumber(item.points), true],
        ],
        item.place === null ? 'spr-empty' : '',
      ),
    );
  }
  table.appendChild(body);
  const wrap = el('div');
  wrap.append(summary, table);
  if (!shown.length) wrap.appendChild(el('p', 'spr-none', wanted ? 'Nie znaleziono gminy.' : 'Brak danych.'));
  return wrap;
}

/** The voivodeships coloured by the entry's values, with its legend (a <figure>: the map's <svg>,
 * then the legend's list; the share image, ./image.js, draws the same two). */
export function entryMap(payload, entry) {
  const values = Object.fromEntries(entry.rows.map(([, code, , value]) => [code, value]));
  const scale = colourScale(payload.voivodeships.map(({ code }) => values[code] ?? null));
  const figure = el('figure');
  const label = `Mapa województw: ${entry.name}${payload.table_value_title ? ` (${payload.table_value_title})` : ''}`;
  figure.appendChild(
    choropleth(payload.voivodeships, values, scale, { prefix: 'spr-map', label, format: formatValue }),
  );
  figure.appendChild(legend(scale, values, { prefix: 'spr-map' }));
  return figure;
}

const formatValue = (value) => (value === null || value === undefined ? 'brak danych' : formatNumber(value));

function voivodeshipTables(payload, entries) {
  const wrap = el('div');
  for (const entry of entries) {
    const table = el('table');
    table.appendChild(el('caption', '', entry.name));
    table.appendChild(
      headRow([['Miejsce', true], ['Województwo'], [payload.table_value_title || 'Wartość', true], ['Punkty', true]]),
    );
    const body = el('tbody');
    const rows = [...entry.rows].sort((a, b) => a[2] - b[2] || a[0].localeCompare(b[0], 'pl'));
    for (const [name, , place, value, points] of rows) {
      body.appendChild(row([[place + 1, true], [name], [formatNumber(value), true], [formatNumber(points), true]]));
    }
    table.appendChild(body);
    const item = el('div', 'spr-entry');
    item.appendChild(description(describeValues(rows.map(([name, , , value]) => ({ name, value })))));
    if (payload.voivodeships?.length) item.appendChild(entryMap(payload, entry));
    item.appendChild(table);
    wrap.appendChild(item);
  }
  if (!entries.length) wrap.appendChild(el('p', 'spr-none', 'Brak danych.'));
  else if (payload.voivodeships?.length) wrap.appendChild(el('p', 'spr-attrib', ATTRIBUTION));
  return wrap;
}

/** The group (or summary) the widget opens with: the last group, the newest. */
export const firstChoice = (payload) =>
  payload.groups.length ? payload.groups[payload.groups.length - 1] : payload.summary || null;

/** The choices of the group select: every group, then the summary when shown. */
export function choices(payload) {
  const list = payload.groups.map((group, index) => ({ label: group.name, value: String(index) }));
  if (payload.summary) list.push({ label: payload.summary.title, value: 'summary' });
  return list;
}

/** Draws the ranking of `payload` into `root`. Starts with the last group (the newest). */
export function renderRanking(root, payload) {
  const box = el('div', 'spr');
  if (payload.logo) {
    const logo = el('img', 'spr-logo');
    logo.src = payload.logo;
    logo.alt = 'Logo partnera';
    box.appendChild(logo);
  }
  box.appendChild(el('h1', '', payload.name));
  if (payload.subname) box.appendChild(el('p', 'spr-sub', payload.subname));
  const bar = el('div', 'spr-bar');
  const options = choices(payload);
  const chooser = el('select');
  chooser.id = 'spr-group';
  for (const option of options) {
    const node = el('option', '', option.label);
    node.value = option.value;
    chooser.appendChild(node);
  }
  const lastGroup = payload.groups.length ? String(payload.groups.length - 1) : options[0]?.value; // firstChoice
  if (lastGroup !== undefined) chooser.value = lastGroup;
  if (options.length > 1) {
    const label = el('label', '', payload.choose_group_title || 'Wybierz grupę');
    label.htmlFor = 'spr-group';
    label.appendChild(chooser);
    bar.appendChild(label);
  }
  const gminy = payload.type === 'gminy';
  const search = el('input');
  if (gminy) {
    search.type = 'search';
    search.id = 'spr-search';
    search.placeholder = 'np. Kraków';
    const label = el(
      'label',
      '',
      payload.search_value_title ? `Szukaj gminy (${payload.search_value_title})` : 'Szukaj gminy',
    );
    label.htmlFor = 'spr-search';
    label.appendChild(search);
    bar.appendChild(label);
  }
  box.appendChild(bar);
  const content = el('div');
  box.appendChild(content);
  if (payload.legend) box.appendChild(el('p', 'spr-legend', payload.legend));

  let rows = [];
  const chosen = () => (chooser.value === 'summary' ? payload.summary : payload.groups[Number(chooser.value)]);
  const draw = () => {
    const current = chosen();
    content.replaceChildren(
      !current
        ? el('p', 'spr-none', 'Brak danych.')
        : gminy
          ? gminyTable(payload, rows, search.value)
          : voivodeshipTables(payload, current.entries),
    );
  };
  const pick = () => {
    const current = chosen();
    if (gminy) rows = current ? gminaRows(payload, current.rows) : [];
    draw();
  };
  chooser.addEventListener('change', pick);
  search.addEventListener('input', draw);
  root.replaceChildren(box);
  pick();
}
