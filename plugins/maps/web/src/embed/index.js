// The public map: /view/map/<name> and /view/map/<name>/embed/<uuid> (plain DOM + SVG).
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderMap } from './widget.js';

addStyle(CSS);
startEmbed(
  (root, payload, { framed }) => {
    if (!framed && payload.name) document.title = `${payload.name} – mapa`;
    renderMap(root, payload);
  },
  { failure: 'Nie udało się wczytać mapy. Spróbuj ponownie później.', plain: '.spm>h2,.spm-source' },
);
