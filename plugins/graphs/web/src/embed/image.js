// The chart's share image, drawn on the server under Node (@smogpanel/embeds/image): what the
// widget first shows, the first chart of the group it opens with (the last), drawn by the same
// chart module at a width it is then scaled up from, with its legend, the group and the source.
import { PALETTE, barChart, doughnutChart, lineChart } from '@smogpanel/embeds/charts';
import { runImage, shareImage } from '@smogpanel/embeds/image';
import { KIND, chartsOf, legendOf } from '../chartdata.js';

const DRAW = { bar: barChart, doughnut: doughnutChart, line: lineChart, multiline: lineChart };
// The chart's labels (12 px) come out at ~18 px on the image: drawn at 2/3 of the space it gets.
const drawnWidth = (withLegend) => (withLegend ? 500 : 720);

/** The image's SVG of `payload` (GET /api/public/graph/<name>'s message). */
export function graphImage(payload) {
  const groups = payload.groups || [];
  const group = groups[groups.length - 1];
  const title = payload.title || payload.name;
  const foot = [payload.source && `Źródło: ${payload.source}`];
  const chart = group ? chartsOf(payload, group)[0] : null;
  if (!chart) {
    const note = group ? 'Brak danych w tej grupie.' : 'Wykres nie ma jeszcze danych.';
    return shareImage({ title, subtitle: note, foot });
  }
  if (payload.type === 'CIRCLE') chart.spec.colors = chart.spec.categories.map((_, i) => PALETTE[i % PALETTE.length]);
  const items = legendOf(payload, chart.spec).map((item, i) => ({
    colour: item.color || PALETTE[i % PALETTE.length],
    text: item.name || '',
  }));
  const drawing = DRAW[KIND[payload.type]](chart.spec, drawnWidth(items.length > 1));
  const subtitle = [payload.title ? payload.name : '', group.name, chart.title].filter(Boolean).join(' · ');
  return shareImage({ title, subtitle, drawing, legend: items.length > 1 ? items : [], foot });
}

runImage(graphImage);
