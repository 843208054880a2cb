// The sixteen voivodeships as a choropleth, for every widget that draws them (the public map,
// the voivodeships ranking): the boundaries (generated at build time by scripts/regions.mjs,
// with their attribution, which a widget must show), the colour scale and its legend.
import { ATTRIBUTION, REGIONS, VIEWBOX } from './regions.generated.js';
import { colourScale, formatBound, formatNumber, NO_DATA, PALETTE } from './scale.js';

export { ATTRIBUTION, REGIONS, VIEWBOX, colourScale, formatBound, formatNumber, NO_DATA, PALETTE };

const SVG = 'http://www.w3.org/2000/svg';

/**
 * An <svg> of `voivodeships` ([{code, name}]) coloured by `values` ({code: number}) on `scale`
 * (colourScale's), each region titled 'name: value'. `prefix` names the CSS classes
 * (`${prefix}-region`); `label` is the figure's accessible name.
 */
export function choropleth(voivodeships, values, scale, { prefix, label, format = formatNumber }) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', VIEWBOX);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  for (const { code, name } of voivodeships) {
    if (!REGIONS[code]) continue;
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', REGIONS[code].d);
    path.setAttribute('class', `${prefix}-region`);
    path.setAttribute('data-code', code);
    path.setAttribute('fill', scale.colour(values[code] ?? null));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${name}: ${format(values[code] ?? null)}`;
    path.appendChild(title);
    svg.appendChild(path);
  }
  return svg;
}

/** The legend of `scale` as a list (`${prefix}-legend`, swatches `${prefix}-swatch`), with
 * 'brak danych' when a voivodeship has no value. */
export function legend(scale, values, { prefix }) {
  const list = document.createElement('ul');
  list.className = `${prefix}-legend`;
  list.setAttribute('aria-label', 'Legenda');
  const item = (colour, text) => {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `${prefix}-swatch`;
    swatch.style.background = colour;
    li.append(swatch, text);
    list.appendChild(li);
  };
  for (const step of scale.classes) {
    const width = step.to - step.from;
    item(
      step.colour,
      width ? `${formatBound(step.from, width)} – ${formatBound(step.to, width)}` : formatNumber(step.from),
    );
  }
  if (!scale.classes.length || Object.keys(REGIONS).some((code) => typeof values[code] !== 'number'))
    item(NO_DATA, 'brak danych');
  return list;
}
