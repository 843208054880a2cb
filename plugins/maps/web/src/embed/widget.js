// The public map in plain DOM + SVG (no framework, no map library: partner pages load it):
// a choropleth of the sixteen voivodeships for a chosen measurement (or the summary) and
// property (STATISTIC, or a PRECISE key's submap), a legend, the values as a table, source,
// details and the boundaries' attribution.
import { el } from '@smogpanel/embeds/dom';
import { DESCRIBE_CSS, description, describeValues } from '@smogpanel/embeds/describe';
import { ATTRIBUTION, choropleth, colourScale, formatNumber, legend } from '@smogpanel/embeds/voivodeships';

export const CSS =
  DESCRIBE_CSS +
  '.spm{box-sizing:border-box;max-width:1100px;margin:0 auto;padding:12px;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--sp-fg,#1f2a37);background:var(--sp-bg,#fff)}' +
  '.spm *{box-sizing:border-box}.spm h2{font-size:1.3em;margin:0 0 8px}.spm p{margin:6px 0}' +
  '.spm-controls{position:relative;z-index:2;display:flex;flex-wrap:wrap;gap:8px 16px;margin-bottom:8px}' +
  '.spm-controls label{display:flex;flex-direction:column;font-size:.85em;font-weight:600;flex:1 1 200px;min-width:0}' +
  '.spm-controls select{font:inherit;font-weight:400;font-size:1.05em;padding:4px;margin-top:2px;max-width:100%}' +
  '.spm-body{display:grid;gap:12px}@media (min-width:760px){.spm-body{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}' +
  '.spm figure{margin:0}.spm-layer{font-weight:600;margin:0 0 4px}.spm-note{font-size:.85em;margin:0 0 4px;opacity:.8}.spm svg{display:block;width:100%;height:auto}' +
  '.spm-region{stroke:var(--sp-panel,#fff);stroke-width:1.2;stroke-linejoin:round}.spm-region:hover{stroke:var(--sp-fg,#1f2a37);stroke-width:2}' +
  '.spm-legend{display:flex;flex-wrap:wrap;gap:4px 12px;list-style:none;padding:0;margin:6px 0 0;font-size:.85em}' +
  '.spm-legend li{display:flex;align-items:center;gap:4px}.spm-swatch{display:inline-block;width:14px;height:14px;border:1px solid rgba(0,0,0,.15)}' +
  '.spm table{width:100%;border-collapse:collapse;font-size:.9em}.spm caption{text-align:left;font-weight:600;padding-bottom:4px}' +
  '.spm th,.spm td{padding:3px 6px;border-bottom:1px solid var(--sp-line,#e5e8eb);text-align:left}.spm td,.spm th+th{text-align:right}.spm td{font-variant-numeric:tabular-nums}' +
  '.spm-details{white-space:pre-line}.spm-note,.spm-attrib{font-size:.8em;color:var(--sp-muted,#5b6670)}';

const SUMMARY = 'summary';
// SPEC 4: the sums count hidden measurements too, while the title names only published ones.
export const SUMMARY_NOTE =
  'Sumy obejmują wszystkie pomiary, także te, których nie pokazano na mapie; ' +
  'tytuł podsumowania wymienia tylko pomiary pokazane.';

function option(value, label, disabled) {
  const node = el('option', '', label);
  node.value = String(value);
  node.disabled = Boolean(disabled);
  return node;
}

/** A PRECISE key names its submap; its display_name is shown when it differs from the name. */
export const keyLabel = (key) => (key.display_name && key.display_name !== key.name ? key.display_name : key.name);

/** The measurements to choose from: the visible ones (newest first), then the summary if shown. */
export function choices(payload) {
  const list = payload.checkpoints.map((c) => ({
    value: String(c.id),
    label: c.captured ? `${c.name} (${c.captured})` : c.name,
    data: c,
  }));
  if (payload.show_summary && payload.summary) {
    list.push({
      value: SUMMARY,
      label: payload.summary.title,
      data: { ...payload.summary, source: payload.source, summary: true },
    });
  }
  return list;
}

const valuesOf = (measurement, keyId) => {
  const found = measurement.properties.find((p) => String(p.key.id) === String(keyId));
  return found ? found.value : {};
};

/** Draws the map of `payload` into `root`; the selects redraw the map, legend and table. */
export function renderMap(root, payload) {
  const box = el('div', 'spm');
  box.appendChild(el('h2', '', payload.name));
  const measurements = choices(payload);
  const statistic = payload.property_keys.filter((k) => k.property_type_name === 'STATISTIC');
  const precise = payload.property_keys.filter((k) => k.property_type_name === 'PRECISE');
  if (!measurements.length || !(statistic.length || precise.length)) {
    box.appendChild(
      el(
        'p',
        'spm-note',
        measurements.length
          ? 'Mapa nie ma jeszcze właściwości do pokazania.'
          : 'Mapa nie ma jeszcze opublikowanych pomiarów.',
      ),
    );
    addFooter(box, payload, payload.source);
    root.replaceChildren(box);
    return;
  }

  const controls = el('div', 'spm-controls');
  const measurementSelect = select(controls, 'spm-measurement', 'Pomiar');
  for (const m of measurements) measurementSelect.appendChild(option(m.value, m.label));
  const keySelect = select(controls, 'spm-property', 'Właściwość');
  const groups = [
    ['Mapa', statistic],
    ['Podmapy', precise],
  ].filter(([, keys]) => keys.length);
  for (const [label, keys] of groups) {
    const group = document.createElement('optgroup');
    group.label = label;
    for (const key of keys) group.appendChild(option(key.id, keyLabel(key)));
    keySelect.appendChild(group);
  }
  box.appendChild(controls);
  const body = el('div', 'spm-body');
  box.appendChild(body);
  const footer = el('div', 'spm-footer');
  box.appendChild(footer);
  root.replaceChildren(box);

  function draw() {
    const measurement = measurements.find((m) => m.value === measurementSelect.value).data;
    // The summary sums STATISTIC properties only: submaps have nothing to show there.
    for (const node of keySelect.querySelectorAll('option')) {
      node.disabled = Boolean(measurement.summary) && precise.some((k) => String(k.id) === node.value);
    }
    if (keySelect.selectedOptions[0] && keySelect.selectedOptions[0].disabled)
      keySelect.value = String(statistic[0] ? statistic[0].id : '');
    const key = payload.property_keys.find((k) => String(k.id) === keySelect.value);
    drawBody(body, payload, measurement, key);
    footer.replaceChildren();
    addFooter(footer, payload, measurement.source);
  }
  measurementSelect.addEventListener('change', draw);
  keySelect.addEventListener('change', draw);
  draw();
}

function select(parent, id, labelText) {
  const label = el('label', '', labelText);
  const node = el('select', id);
  node.id = id;
  label.htmlFor = id;
  label.appendChild(node);
  parent.appendChild(label);
  return node;
}

/** What the map of `measurement` and `key` shows: its values, colour scale and the layer's name
 * (the widget and its share image, ./image.js). */
export function layerOf(payload, measurement, key) {
  const submap = Boolean(key) && key.property_type_name === 'PRECISE';
  const values = key ? valuesOf(measurement, key.id) : {};
  const scale = colourScale(payload.voivodeships.map((v) => values[v.code] ?? null));
  const name = key ? keyLabel(key) : '';
  const layer = `${submap ? `Podmapa: ${name}` : name} — ${measurement.summary ? measurement.title : measurement.name}`;
  return { values, scale, layer };
}

function drawBody(body, payload, measurement, key) {
  const { values, scale, layer } = layerOf(payload, measurement, key);

  const figure = el('figure', 'spm-figure');
  figure.appendChild(el('p', 'spm-layer', layer));
  if (measurement.summary) figure.appendChild(el('p', 'spm-note', SUMMARY_NOTE));
  const svg = choropleth(payload.voivodeships, values, scale, { prefix: 'spm', label: `Mapa województw: ${layer}` });
  // The drawing's description from its values; the same values are in the table beside it.
  const points = payload.voivodeships.map((v) => ({ name: v.name, value: values[v.code] ?? null }));
  figure.appendChild(description(describeValues(points), svg, 'spm-description'));
  figure.appendChild(svg);
  figure.appendChild(legend(scale, values, { prefix: 'spm' }));
  body.replaceChildren(figure, table(payload, values, layer));
}

function table(payload, values, layer) {
  const node = el('table', 'spm-table');
  node.appendChild(el('caption', '', `Wartości według województw: ${layer}`));
  const head = el('thead');
  const headRow = el('tr');
  for (const text of ['Województwo', 'Wartość']) {
    const th = el('th', '', text);
    th.scope = 'col';
    headRow.appendChild(th);
  }
  head.appendChild(headRow);
  const rows = el('tbody');
  for (const { code, name } of payload.voivodeships) {
    const tr = el('tr');
    const th = el('th', '', name);
    th.scope = 'row';
    tr.append(th, el('td', '', formatNumber(values[code] ?? null)));
    rows.appendChild(tr);
  }
  node.append(head, rows);
  return node;
}

function addFooter(parent, payload, source) {
  if (source) parent.appendChild(el('p', 'spm-source', `Źródło: ${source}`));
  if (payload.details) parent.appendChild(el('p', 'spm-details', payload.details));
  parent.appendChild(el('p', 'spm-attrib', ATTRIBUTION));
}
