// The public chart in plain DOM (partner pages load it; the admin preview too): title,
// subtitle, name, subname, the group chooser, one chart per entry (or one multiline chart) with
// legend, goals as progress bars, the numbers as an accessible table, legend text and source.
import { el } from '@smogpanel/embeds/dom';
import { CHART_CSS, PALETTE, dataTable, goalBar, legend, mountChart } from '@smogpanel/embeds/charts';
import { DESCRIBE_CSS, dataDetails, description, describeValues } from '@smogpanel/embeds/describe';
import { KIND, chartsOf, legendOf } from '../chartdata.js';

export const CSS =
  CHART_CSS +
  DESCRIBE_CSS +
  '.spg{box-sizing:border-box;max-width:960px;min-width:300px;margin:0 auto;padding:12px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--sp-fg,#1f2a37);line-height:1.35}' +
  '.spg h2{font-size:1.25rem;margin:0 0 4px}.spg h3{font-size:1.05rem;margin:12px 0 4px}.spg-sub{margin:0 0 8px;opacity:.8}' +
  '.spg-choose{display:flex;gap:8px;align-items:center;margin:8px 0;font-size:14px}.spg-choose select{font:inherit;padding:4px}' +
  '.spg-modern{background:#0f172a;color:#f1f5f9;border-radius:8px}.spg-modern .spc-table th,.spg-modern .spc-table td{border-color:#334155}' +
  '.spg details{margin:6px 0;font-size:13px}.spg-legend,.spg-source{font-size:13px;margin:8px 0 0;white-space:pre-line}.spg-source{opacity:.8}';

/** Every value of a chart with what it is: the category, and the series when there are several. */
export function pointsOf(spec) {
  const names = spec.names || spec.categories;
  return spec.series.flatMap((series) =>
    series.values.map((value, i) => ({
      name: spec.series.length > 1 && series.name ? `${series.name}, ${names[i]}` : String(names[i]),
      value,
    })),
  );
}

function drawGroup(box, payload, group) {
  const stops = [];
  box.replaceChildren();
  box.appendChild(el('p', 'spg-value-title', group.value_title));
  if (!group.entries.length) box.appendChild(el('p', '', 'Brak danych w tej grupie.'));
  for (const chart of chartsOf(payload, group)) {
    if (payload.type === 'CIRCLE') chart.spec.colors = chart.spec.categories.map((_, i) => PALETTE[i % PALETTE.length]);
    const section = el('section', 'spg-chart');
    if (chart.title) section.appendChild(el('h3', '', chart.title));
    section.appendChild(description(describeValues(pointsOf(chart.spec), chart.spec.unit)));
    const canvas = el('div', 'spg-canvas');
    section.appendChild(canvas);
    section.appendChild(legend(legendOf(payload, chart.spec)));
    for (const { name, goal } of chart.goals) {
      if (name) section.appendChild(el('h4', '', name));
      section.appendChild(goalBar(goal, payload.unit));
    }
    section.appendChild(dataDetails(dataTable(chart.spec)));
    box.appendChild(section);
    stops.push(mountChart(canvas, KIND[payload.type], chart.spec));
  }
  return () => stops.forEach((stop) => stop());
}

/** Renders the payload into `root`; returns the root's content box. */
export function renderGraph(root, payload) {
  const box = el('div', `spg spg-${String(payload.style || 'CLASSIC').toLowerCase()}`);
  if (payload.title) box.appendChild(el('h2', '', payload.title));
  if (payload.subtitle) box.appendChild(el('p', 'spg-sub', payload.subtitle));
  box.appendChild(el(payload.title ? 'h3' : 'h2', 'spg-name', payload.name));
  if (payload.subname) box.appendChild(el('p', 'spg-sub', payload.subname));
  const groups = payload.groups || [];
  const charts = el('div', 'spg-charts');
  let stop = () => {};
  const show = (index) => {
    stop();
    stop = groups[index] ? drawGroup(charts, payload, groups[index]) : () => {};
  };
  if (groups.length > 1) {
    const label = el('label', 'spg-choose', 'Wybierz grupę:');
    const select = el('select');
    groups.forEach((group, i) => {
      const option = el('option', '', group.name);
      option.value = String(i);
      select.appendChild(option);
    });
    select.value = String(groups.length - 1);
    select.addEventListener('change', () => show(Number(select.value)));
    label.appendChild(select);
    box.appendChild(label);
  }
  if (!groups.length) charts.appendChild(el('p', '', 'Wykres nie ma jeszcze danych.'));
  box.appendChild(charts);
  if (payload.legend) box.appendChild(el('p', 'spg-legend', payload.legend));
  if (payload.source) box.appendChild(el('p', 'spg-source', `Źródło: ${payload.source}`));
  root.replaceChildren(box);
  show(groups.length - 1);
  return box;
}
