// The heating-cost widget in plain DOM (partner pages load it; the admin preview too): the
// inputs, the yearly cost per source as a sorted bar chart and as a table, legend and footer.
// Everything is computed here from the payload: typing needs no request.
import { el } from '@smogpanel/embeds/dom';
import { CHART_CSS, mountChart } from '@smogpanel/embeds/charts';
import { DESCRIBE_CSS, description, describeValues } from '@smogpanel/embeds/describe';
import { formatMoney, formatNumber, formatYears } from '../format.js';
import { compute, readDefinition } from '../model.js';

export const MAX_AREA = 10000;
export const DEFAULT_AREA = 100;
const BAR_COLOR = '#0f7c8c';

export const CSS =
  CHART_CSS +
  DESCRIBE_CSS +
  '.spk{box-sizing:border-box;max-width:960px;margin:0 auto;padding:12px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--sp-fg,#1f2a37);line-height:1.35}' +
  '.spk h2{font-size:1.25rem;margin:0 0 10px}.spk-inputs{display:flex;flex-wrap:wrap;gap:10px 16px;margin-bottom:10px}' +
  '.spk-field{display:flex;flex-direction:column;gap:3px;font-size:14px;flex:1 1 180px}' +
  '.spk-field input,.spk-field select{font:inherit;padding:5px 7px;border:1px solid var(--sp-line,#b8c2cc);border-radius:4px;background:var(--sp-panel,#fff);color:inherit}' +
  '.spk-check{display:flex;gap:8px;align-items:flex-start;font-size:14px;flex-basis:100%}' +
  '.spk-demand{margin:6px 0;font-size:14px}.spk-error{color:var(--sp-error,#b42318);font-size:14px;margin:6px 0}' +
  '.spk table{border-collapse:collapse;width:100%;font-size:13px;margin:8px 0}' +
  '.spk caption{caption-side:top;text-align:left;font-weight:600;padding:4px 0;color:inherit}' +
  '.spk th,.spk td{border:1px solid var(--sp-line,#d9e0e7);padding:3px 6px;text-align:right;font-weight:400}' +
  '.spk thead th{font-weight:600}.spk th[scope=row],.spk thead th:first-child{text-align:left}' +
  '.spk-scroll{overflow-x:auto}.spk tr.spk-current th,.spk tr.spk-current td{font-weight:700;background:var(--sp-surface,#eef7f8)}' +
  '.spk-legend,.spk-footer{font-size:13px;margin:8px 0 0;white-space:pre-line}.spk-footer{opacity:.8}';

/** The bar chart's spec of a result: the yearly cost per source, cheapest first. */
export const costChart = (result) => ({
  label: 'Roczny koszt ogrzewania według źródła ciepła (od najtańszego)',
  categories: result.rows.map((row) => row.name),
  series: [{ name: 'Roczny koszt', color: BAR_COLOR, values: result.rows.map((row) => row.cost) }],
  unit: 'zł',
  valueTitle: 'zł na rok',
});

let fieldCount = 0;
function field(label, control) {
  const id = `spk-f${(fieldCount += 1)}`;
  control.id = id;
  const box = el('div', 'spk-field');
  const caption = el('label', '', label);
  caption.htmlFor = id;
  box.append(caption, control);
  return box;
}

function select(options, selected) {
  const node = el('select');
  for (const { value, label } of options) {
    const option = el('option', '', label);
    option.value = value;
    option.selected = value === selected;
    node.appendChild(option);
  }
  return node;
}

/** '14,5' or '14.5' as a number; null when it is not a number. */
export function readArea(text) {
  const value = Number(String(text).trim().replace(/\s/g, '').replace(',', '.'));
  return String(text).trim() !== '' && Number.isFinite(value) ? value : null;
}

const fuelText = (row) => `${formatNumber(row.fuel)} ${row.unit}`;

function paybackCells(row) {
  if (row.current) return ['–', '–', '–', 'obecne źródło'];
  const p = row.payback;
  if (!p || !p.known) return ['brak danych', '–', '–', 'brak danych'];
  return [
    formatMoney(p.investment),
    formatMoney(p.subsidy),
    formatMoney(p.net),
    p.years === null ? 'nie zwraca się' : formatYears(p.years),
  ];
}

function resultsTable(result, refund) {
  const table = el('table', 'spc-table');
  table.appendChild(el('caption', '', 'Roczny koszt ogrzewania według źródła ciepła (od najtańszego)'));
  const head = el('tr');
  const columns = ['Źródło ciepła', 'Zużycie paliwa na rok', 'Roczny koszt'];
  if (refund) columns.push('Koszt inwestycji', 'Dotacja', 'Inwestycja po dotacji', 'Zwrot inwestycji');
  for (const name of columns) {
    const th = el('th', '', name);
    th.scope = 'col';
    head.appendChild(th);
  }
  table.appendChild(el('thead')).appendChild(head);
  const body = table.appendChild(el('tbody'));
  for (const row of result.rows) {
    const tr = body.appendChild(el('tr', row.current ? 'spk-current' : ''));
    const name = el('th', '', row.current ? `${row.name} (obecne)` : row.name);
    name.scope = 'row';
    tr.appendChild(name);
    const cells = [fuelText(row), formatMoney(row.cost), ...(refund ? paybackCells(row) : [])];
    for (const text of cells) tr.appendChild(el('td', '', text));
  }
  return table;
}

/**
 * Draws the calculator of `payload` ({calculator, definition}) into `root`. Returns
 * {model}: `model.problems` names what the definition lacks (the admin
 * preview shows them; the public widget never shows a NaN).
 */
export function renderCalculator(root, payload, initial = {}) {
  const calculator = payload.calculator || {};
  const model = readDefinition(payload.definition);
  const box = el('div', 'spk');
  if (calculator.name) box.appendChild(el('h2', '', calculator.name));
  root.replaceChildren(box);
  if (!model.standards.length || !model.sources.length) {
    box.appendChild(el('p', 'spk-error', 'Kalkulator nie jest jeszcze gotowy: brakuje danych do obliczeń.'));
    return { model };
  }

  const state = {
    area: String(initial.area ?? DEFAULT_AREA),
    standard: initial.standard ?? model.standards[0].name,
    current: initial.current ?? model.sources[0].name,
    refund: Boolean(initial.refund),
  };
  const area = el('input');
  Object.assign(area, { type: 'text', inputMode: 'decimal', value: state.area, autocomplete: 'off' });
  const standard = select(
    model.standards.map((s) => ({ value: s.name, label: s.label })),
    state.standard,
  );
  const current = select(
    model.sources.map((s) => ({ value: s.name, label: s.name })),
    state.current,
  );
  const inputs = box.appendChild(el('div', 'spk-inputs'));
  inputs.append(
    field('Powierzchnia ogrzewana (m²)', area),
    field('Standard budynku', standard),
    field('Obecne źródło ciepła', current),
  );
  let refundBox = null;
  if (calculator.show_refund) {
    refundBox = el('input');
    refundBox.type = 'checkbox';
    refundBox.checked = state.refund;
    const label = el('label', 'spk-check');
    label.append(refundBox, el('span', '', calculator.refund_checkbox || 'Uwzględnij dotację'));
    inputs.appendChild(label);
  }
  const output = box.appendChild(el('div', 'spk-output'));
  output.setAttribute('aria-live', 'polite');
  if (calculator.legend) box.appendChild(el('p', 'spk-legend', calculator.legend));
  if (calculator.footer) box.appendChild(el('p', 'spk-footer', calculator.footer));

  let stopChart = () => {};
  function draw() {
    stopChart();
    stopChart = () => {};
    const value = readArea(state.area);
    if (value === null || value <= 0 || value > MAX_AREA) {
      output.replaceChildren(el('p', 'spk-error', `Podaj powierzchnię od 1 do ${formatNumber(MAX_AREA)} m².`));
      return;
    }
    const chosen = model.standards.find((s) => s.name === state.standard) || model.standards[0];
    const refund = Boolean(calculator.show_refund && state.refund);
    const result = compute(model, { area: value, standard: chosen, current: state.current, refund });
    const chart = el('div', 'spk-chart');
    const scroll = el('div', 'spk-scroll');
    scroll.appendChild(resultsTable(result, refund));
    output.replaceChildren(
      el('p', 'spk-demand', `Roczne zapotrzebowanie domu na ciepło: ${formatNumber(result.demand)} kWh`),
      // The chart's extremes for screen readers; every value is in the table below it.
      description(
        describeValues(
          result.rows.map((row) => ({ name: row.name, value: row.cost })),
          'zł',
        ),
      ),
      chart,
      scroll,
    );
    stopChart = mountChart(chart, 'bar', costChart(result));
  }
  for (const event of ['input', 'change'])
    area.addEventListener(event, () => {
      if (state.area !== area.value) {
        state.area = area.value;
        draw();
      }
    });
  standard.addEventListener('change', () => {
    state.standard = standard.value;
    draw();
  });
  current.addEventListener('change', () => {
    state.current = current.value;
    draw();
  });
  if (refundBox)
    refundBox.addEventListener('change', () => {
      state.refund = refundBox.checked;
      draw();
    });
  draw();
  return { model };
}
