// The map's share image, drawn on the server under Node (@smogpanel/embeds/image): what the
// widget first shows, its first measurement and property, drawn by the same choropleth and
// legend code, with the layer's name, the source and the boundaries' attribution.
import { runImage, shareImage } from '@smogpanel/embeds/image';
import { ATTRIBUTION, choropleth, legend } from '@smogpanel/embeds/voivodeships';
import { choices, layerOf } from './widget.js';

const CSS = '.spm-region{stroke:#ffffff;stroke-width:1.2;stroke-linejoin:round}';

/** The image's SVG of `payload` (GET /api/public/map/<name>'s message). */
export function mapImage(payload) {
  const measurements = choices(payload);
  const keys = payload.property_keys;
  // As the widget's property list: the STATISTIC keys first, then the submaps.
  const key =
    keys.find((k) => k.property_type_name === 'STATISTIC') || keys.find((k) => k.property_type_name === 'PRECISE');
  const foot = [ATTRIBUTION];
  if (!measurements.length || !key) {
    const note = measurements.length
      ? 'Mapa nie ma jeszcze właściwości do pokazania.'
      : 'Mapa nie ma jeszcze opublikowanych pomiarów.';
    return shareImage({
      title: payload.name,
      subtitle: note,
      foot: [payload.source && `Źródło: ${payload.source}`, ...foot],
    });
  }
  const measurement = measurements[0].data;
  const { values, scale, layer } = layerOf(payload, measurement, key);
  const drawing = choropleth(payload.voivodeships, values, scale, {
    prefix: 'spm',
    label: `Mapa województw: ${layer}`,
  });
  const items = legend(scale, values, { prefix: 'spm' }).children.map((item) => ({
    colour: item.children[0].style.background,
    text: item.textContent,
  }));
  const source = measurement.source || payload.source;
  return shareImage({
    title: payload.name,
    subtitle: layer,
    drawing,
    legend: items,
    foot: [source && `Źródło: ${source}`, ...foot],
    css: CSS,
  });
}

runImage(mapImage);
