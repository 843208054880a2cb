// The ranking's share image, drawn on the server under Node (@smogpanel/embeds/image). A
// voivodeships ranking: what the widget first shows, the first entry of the group it opens with
// (the last), its map drawn by the same entryMap (choropleth and legend), with the source line
// and the boundaries' attribution. A gminy ranking's widget is an HTML table with no drawing of
// its own to reuse: the script writes nothing and the panel draws its card (the table's first
// rows as labelled bars, smogpanel.public.share); so too a voivodeships ranking with no map.
import { runImage, shareImage } from '@smogpanel/embeds/image';
import { ATTRIBUTION } from '@smogpanel/embeds/voivodeships';
import { entryMap, firstChoice } from './table.js';

const CSS = '.spr-map-region{stroke:#ffffff;stroke-width:1.2;stroke-linejoin:round}';

/** The image's SVG of `payload` (GET /api/public/rank/<name>'s message), or '' for the card. */
export function rankImage(payload) {
  const choice = firstChoice(payload);
  const entry = choice?.entries?.[0];
  if (payload.type === 'gminy' || !payload.voivodeships?.length || !entry) return '';
  const [drawing, legendList] = entryMap(payload, entry).children;
  const legend = legendList.children.map((item) => ({
    colour: item.children[0].style.background,
    text: item.textContent,
  }));
  const value = payload.table_value_title ? ` (${payload.table_value_title})` : '';
  return shareImage({
    title: payload.name,
    subtitle: `${choice.name || choice.title} · ${entry.name}${value}`,
    drawing,
    legend,
    foot: [payload.subname, ATTRIBUTION],
    css: CSS,
  });
}

runImage(rankImage);
