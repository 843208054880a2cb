// The calculator's share image, drawn on the server under Node (@smogpanel/embeds/image): what the
// widget first shows (its default house: DEFAULT_AREA m², the first building standard, the first
// source as the current one, no subsidy), the yearly cost per source drawn by the same bar chart
// and spec (costChart), with the house it is for and the footer.
import { barChart } from '@smogpanel/embeds/charts';
import { runImage, shareImage } from '@smogpanel/embeds/image';
import { formatNumber } from '../format.js';
import { compute, readDefinition } from '../model.js';
import { DEFAULT_AREA, costChart } from './widget.js';

// The chart's 12 px labels come out at ~18 px on the image: drawn at 2/3 of the space it gets.
const DRAWN_WIDTH = 720;

/** The image's SVG of `payload` (GET /api/public/calculator/<name>'s message). */
export function calculatorImage(payload) {
  const calculator = payload.calculator || {};
  const model = readDefinition(payload.definition);
  const title = calculator.name || 'Kalkulator kosztów ogrzewania';
  const foot = [calculator.footer];
  if (!model.standards.length || !model.sources.length)
    return shareImage({ title, subtitle: 'Kalkulator nie jest jeszcze gotowy: brakuje danych do obliczeń.', foot });
  const [standard] = model.standards;
  const current = model.sources[0].name;
  const result = compute(model, { area: DEFAULT_AREA, standard, current, refund: false });
  const subtitle = `Dom ${formatNumber(DEFAULT_AREA)} m²: ${standard.label}; obecnie ${current}`;
  return shareImage({ title, subtitle, drawing: barChart(costChart(result), DRAWN_WIDTH), foot });
}

runImage(calculatorImage);
