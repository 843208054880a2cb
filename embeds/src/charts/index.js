// The shared SVG chart module (@smogpanel/embeds/charts): bar, doughnut (CIRCLE), line and
// multiline charts, a goal progress bar and an accessible data table, hand-written SVG and DOM
// (no library: the measured ones weigh far more, docs/embeds.md). Used by the calculators widget
// (bar), the graph embed and the graph remote's live preview.
//   spec: {label, categories: [text], series: [{name, color, values: [number|null]}], unit,
//          valueTitle, positionTitle, colors: [colour per category] (doughnut),
//          names: [full name per category] (optional: categories are then the short labels on
//          the axis, the names are what the marks' titles and the table say)}
const NS = 'http://www.w3.org/2000/svg';
const number = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2, useGrouping: 'always' });
const percent = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

export const MIN_WIDTH = 300;
export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
export const CHART_CSS =
  '.spc-svg{display:block;margin:0 auto;overflow:visible;font:12px system-ui,sans-serif}' +
  '.spc-svg text{fill:currentColor}.spc-mark:focus{outline:none;stroke:var(--sp-fg,#111);stroke-width:2}' +
  '.spc-legend{display:flex;flex-wrap:wrap;gap:4px 12px;margin:6px 0;padding:0;list-style:none;font:12px system-ui,sans-serif}' +
  '.spc-legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}' +
  '.spc-goal{margin:10px 0;font:13px system-ui,sans-serif}.spc-goal-track{height:14px;background:var(--sp-surface,#e5e7eb);border-radius:7px;overflow:hidden}' +
  '.spc-goal-fill{height:100%;background:#16a34a}.spc-goal-labels{display:flex;justify-content:space-between;gap:8px;margin-top:4px}' +
  '.spc-table{border-collapse:collapse;font:12px system-ui,sans-serif;margin:8px 0}.spc-table th,.spc-table td{border:1px solid var(--sp-line,#ddd);padding:2px 6px}' +
  '.spc-table td{text-align:right}';

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** A number the Polish way: '10 000', '31,5'; empty for no value. A decimal text (an exact
 * sum, `exactSum`) is formatted digit for digit, never through a binary float. */
export function formatNumber(value) {
  if (value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '';
  return typeof value === 'string' && DECIMAL.test(value) ? number.format(value) : number.format(Number(value));
}

/** [digits as a BigInt, decimal places] of a number or a decimal text (exponents included). */
function scaled(value) {
  const [, sign, whole, fraction = '', exponent = '0'] = DECIMAL.exec(String(value)) || [];
  if (whole === undefined) return [0n, 0];
  let digits = BigInt(`${sign}${whole || '0'}${fraction}`);
  let places = fraction.length - Number(exponent);
  if (places < 0) {
    digits *= 10n ** BigInt(-places);
    places = 0;
  }
  return [digits, places];
}

/** The exact sum of numbers (or decimal texts) as a decimal text, as the server sums them:
 * adding binary floats loses digits past 2^53 (2,000 × 999 999 999 999 999 came out
 * …999 700, not …998 000). */
export function exactSum(values) {
  const parts = values.map(scaled);
  const places = Math.max(0, ...parts.map(([, p]) => p));
  const total = parts.reduce((sum, [digits, p]) => sum + digits * 10n ** BigInt(places - p), 0n);
  const negative = total < 0n;
  const text = (negative ? -total : total).toString().padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  const fraction = places ? `.${text.slice(text.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

function withUnit(value, unit) {
  const shown = formatNumber(value);
  return shown && unit ? `${shown} ${unit}` : shown;
}

function svg(tag, attributes, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function short(text, length = 28) {
  const value = String(text ?? '');
  return value.length > length ? `${value.slice(0, length - 1)}…` : value;
}

function mark(tag, attributes, title) {
  const node = svg(tag, { class: 'spc-mark', tabindex: 0, ...attributes });
  node.appendChild(svg('title', {}, title));
  return node;
}

const nameOf = (spec, i) => (spec.names && spec.names[i]) || spec.categories[i];

const numeric = (values) => values.map((v) => (v === null || v === undefined || v === '' ? null : Number(v)));

/** Horizontal bars, one row per category, one bar per series in it, labelled with their values. */
export function barChart(spec, width) {
  const series = spec.series.map((s, i) => ({
    ...s,
    color: s.color || PALETTE[i % PALETTE.length],
    values: numeric(s.values),
  }));
  const max = Math.max(0, ...series.flatMap((s) => s.values.filter((v) => v !== null))) || 1;
  const bar = series.length > 1 ? 14 : 20;
  const row = bar * series.length + 6;
  const labelWidth = Math.min(width * 0.4, 200);
  const plot = width - labelWidth - 110;
  const root = svg('svg', {
    class: 'spc-svg',
    width,
    height: row * spec.categories.length + 4,
    role: 'img',
    'aria-label': spec.label || '',
  });
  spec.categories.forEach((category, i) => {
    const top = i * row + 2;
    root.appendChild(svg('text', { x: labelWidth - 6, y: top + row / 2 + 2, 'text-anchor': 'end' }, short(category)));
    series.forEach((s, j) => {
      const value = s.values[i];
      if (value === null || value === undefined) return;
      const y = top + j * bar;
      const length = Math.max(1, (value / max) * plot);
      const shown = withUnit(value, spec.unit);
      const name = series.length > 1 ? `${s.name}, ` : '';
      root.appendChild(
        mark(
          'rect',
          { x: labelWidth, y, width: length, height: bar - 2, fill: s.color },
          `${name}${nameOf(spec, i)}: ${shown}`,
        ),
      );
      root.appendChild(svg('text', { x: labelWidth + length + 6, y: y + bar - 6 }, shown));
    });
  });
  return root;
}

/** A doughnut: one slice per category of the first series, colours from spec.colors or the palette. */
export function doughnutChart(spec, width) {
  const raw = spec.series[0].values.map((v) => (v === null || v === undefined || v === '' ? 0 : v));
  const values = numeric(raw).map((v) => v || 0);
  const exactTotal = exactSum(raw); // shown; the slices' angles need no more than a float's digits
  const total = Number(exactTotal);
  const size = Math.min(width, 320);
  const r = size / 2 - 4;
  const inner = r * 0.58;
  const root = svg('svg', { class: 'spc-svg', width: size, height: size, role: 'img', 'aria-label': spec.label || '' });
  const cx = size / 2;
  let angle = -Math.PI / 2;
  values.forEach((value, i) => {
    if (!total || !value) return;
    const sweep = (value / total) * Math.PI * 2;
    const end = angle + Math.min(sweep, Math.PI * 2 - 1e-4);
    const large = sweep > Math.PI ? 1 : 0;
    const p = (radius, a) => `${(cx + radius * Math.cos(a)).toFixed(2)} ${(cx + radius * Math.sin(a)).toFixed(2)}`;
    const d = `M${p(r, angle)}A${r} ${r} 0 ${large} 1 ${p(r, end)}L${p(inner, end)}A${inner} ${inner} 0 ${large} 0 ${p(inner, angle)}Z`;
    const color = (spec.colors && spec.colors[i]) || PALETTE[i % PALETTE.length];
    const share = percent.format((value / total) * 100);
    root.appendChild(mark('path', { d, fill: color }, `${nameOf(spec, i)}: ${withUnit(value, spec.unit)} (${share}%)`));
    angle += sweep;
  });
  root.appendChild(
    svg('text', { x: cx, y: cx + 5, 'text-anchor': 'middle', 'font-weight': 'bold' }, withUnit(exactTotal, spec.unit)),
  );
  return root;
}

/** Lines over the categories (x axis), one per series; a missing value breaks the line. */
export function lineChart(spec, width) {
  const series = spec.series.map((s, i) => ({
    ...s,
    color: s.color || PALETTE[i % PALETTE.length],
    values: numeric(s.values),
  }));
  const max = Math.max(0, ...series.flatMap((s) => s.values.filter((v) => v !== null))) || 1;
  const height = Math.round(Math.min(360, Math.max(200, width * 0.55)));
  const left = 56;
  const bottom = 36;
  const plotW = width - left - 12;
  const plotH = height - bottom - 10;
  const count = Math.max(1, spec.categories.length - 1);
  const x = (i) => left + (spec.categories.length === 1 ? plotW / 2 : (i / count) * plotW);
  const y = (v) => 10 + plotH - (v / max) * plotH;
  const root = svg('svg', { class: 'spc-svg', width, height, role: 'img', 'aria-label': spec.label || '' });
  for (let t = 0; t <= 4; t += 1) {
    const value = (max * t) / 4;
    root.appendChild(svg('line', { x1: left, x2: width - 12, y1: y(value), y2: y(value), stroke: '#e5e7eb' }));
    root.appendChild(svg('text', { x: left - 6, y: y(value) + 4, 'text-anchor': 'end' }, formatNumber(value)));
  }
  const step = Math.ceil(spec.categories.length / Math.max(1, Math.floor(plotW / 60)));
  spec.categories.forEach((category, i) => {
    if (i % step === 0)
      root.appendChild(svg('text', { x: x(i), y: height - bottom + 18, 'text-anchor': 'middle' }, short(category, 10)));
  });
  series.forEach((s) => {
    let d = '';
    s.values.forEach((value, i) => {
      if (value === null) return;
      d += `${d && s.values[i - 1] !== null ? 'L' : 'M'}${x(i).toFixed(1)} ${y(value).toFixed(1)}`;
    });
    if (d) root.appendChild(svg('path', { d, fill: 'none', stroke: s.color, 'stroke-width': 2 }));
    s.values.forEach((value, i) => {
      if (value === null) return;
      root.appendChild(
        mark(
          'circle',
          { cx: x(i), cy: y(value), r: 4, fill: s.color },
          `${s.name ? `${s.name}, ` : ''}${nameOf(spec, i)}: ${withUnit(value, spec.unit)}`,
        ),
      );
    });
  });
  return root;
}

/** The legend: a list of series (or of slices for a doughnut) with their colours. */
export function legend(items) {
  const list = element('ul', { class: 'spc-legend' });
  items.forEach(({ name, color }) => {
    const item = element('li');
    const swatch = element('i', { 'aria-hidden': 'true' });
    swatch.style.background = color;
    item.append(swatch, document.createTextNode(name));
    list.appendChild(item);
  });
  return list;
}

/** A goal as a progress bar with its three labels: {goal, progress, progress_info, value_info, value_subinfo}. */
export function goalBar(goal, unit) {
  const share = goal.goal ? Math.max(0, Math.min(100, (Number(goal.progress) / Number(goal.goal)) * 100)) : 0;
  const root = element('div', { class: 'spc-goal' });
  const track = element('div', {
    class: 'spc-goal-track',
    role: 'progressbar',
    'aria-valuemin': '0',
    'aria-valuemax': '100',
    'aria-valuenow': String(Math.round(share)),
    'aria-label': goal.progress_info || 'Cel',
  });
  const fill = element('div', { class: 'spc-goal-fill' });
  fill.style.width = `${share}%`;
  track.appendChild(fill);
  const labels = element('div', { class: 'spc-goal-labels' });
  labels.append(
    element(
      'span',
      { class: 'spc-goal-progress' },
      `${goal.progress_info}: ${withUnit(goal.progress, unit)} (${percent.format(share)}%)`,
    ),
    element('span', { class: 'spc-goal-value' }, `${goal.value_info}: ${withUnit(goal.goal, unit)}`),
  );
  root.append(track, labels);
  if (goal.value_subinfo) root.appendChild(element('small', { class: 'spc-goal-subinfo' }, goal.value_subinfo));
  return root;
}

/** The same numbers as an accessible table: a row per category, a column per series. */
export function dataTable(spec) {
  const table = element('table', { class: 'spc-table' });
  if (spec.label) table.appendChild(element('caption', {}, spec.label));
  const head = element('tr');
  head.appendChild(element('th', { scope: 'col' }, spec.positionTitle || ''));
  spec.series.forEach((s) => head.appendChild(element('th', { scope: 'col' }, s.name || spec.valueTitle || 'Wartość')));
  const thead = element('thead');
  thead.appendChild(head);
  const body = element('tbody');
  spec.categories.forEach((_, i) => {
    const row = element('tr');
    row.appendChild(element('th', { scope: 'row' }, String(nameOf(spec, i))));
    spec.series.forEach((s) => row.appendChild(element('td', {}, withUnit(s.values[i], spec.unit))));
    body.appendChild(row);
  });
  table.append(thead, body);
  return table;
}

const DRAW = { bar: barChart, doughnut: doughnutChart, line: lineChart, multiline: lineChart };

/** Draws `kind` (bar, doughnut, line, multiline) of `spec` into `container` at its width (at
 * least 300 px), redrawn when that width changes. Returns a function that stops following it. */
export function mountChart(container, kind, spec) {
  let drawn = -1;
  const render = () => {
    const width = Math.max(MIN_WIDTH, Math.floor(container.clientWidth || 0));
    if (width === drawn) return;
    drawn = width;
    container.replaceChildren(DRAW[kind](spec, width));
  };
  render();
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(render);
  observer.observe(container);
  return () => observer.disconnect();
}
