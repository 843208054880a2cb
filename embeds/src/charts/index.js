// The shared SVG chart module (@smogpanel/embeds/charts). A minimal bar chart written by the
// calculators plugin so its widget builds before the full module (bar, doughnut, line,
// multiline, goal bar, data table: the graphs plugin's work) lands here and replaces this file
// with the same API: mountChart(container, kind, spec) and CHART_CSS.
//   spec: {label, categories: [text], series: [{name, color, values: [number]}], unit, valueTitle}
const NS = 'http://www.w3.org/2000/svg';
const number = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2, useGrouping: 'always' });

export const MIN_WIDTH = 300;
export const CHART_CSS = '.spc-svg{display:block;margin:0 auto;overflow:visible;font:12px system-ui,sans-serif}' +
  '.spc-svg text{fill:currentColor}.spc-mark:focus{outline:none;stroke:#111;stroke-width:2}';

function svg(tag, attributes, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Horizontal bars, one row per category (the first series), labelled with their values. */
export function barChart(spec, width) {
  const values = spec.series[0].values.map(Number);
  const max = Math.max(0, ...values) || 1;
  const row = 26;
  const labelWidth = Math.min(width * 0.4, 200);
  const plot = width - labelWidth - 110;
  const root = svg('svg', { class: 'spc-svg', width, height: row * values.length + 4, role: 'img', 'aria-label': spec.label || '' });
  values.forEach((value, i) => {
    const y = i * row + 2;
    const category = String(spec.categories[i]);
    root.appendChild(svg('text', { x: labelWidth - 6, y: y + 16, 'text-anchor': 'end' },
      category.length > 28 ? `${category.slice(0, 27)}…` : category));
    const bar = svg('rect', { class: 'spc-mark', x: labelWidth, y, width: Math.max(1, (value / max) * plot), height: row - 6,
      fill: spec.series[0].color, tabindex: 0 });
    const shown = `${number.format(value)}${spec.unit ? ` ${spec.unit}` : ''}`;
    bar.appendChild(svg('title', {}, `${category}: ${shown}`));
    root.appendChild(bar);
    root.appendChild(svg('text', { x: labelWidth + Math.max(1, (value / max) * plot) + 6, y: y + 16 }, shown));
  });
  return root;
}

const DRAW = { bar: barChart };

/** Draws `kind` of `spec` into `container` at its width (at least 300 px), redrawn when that
 * width changes. Returns a function that stops following it. */
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
