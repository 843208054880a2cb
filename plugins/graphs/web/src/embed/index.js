// The public chart: /view/graph/<name> and /view/graph/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderGraph } from './widget.js';

addStyle(CSS);
startEmbed(
  (root, payload) => {
    renderGraph(root, payload);
  },
  { failure: 'Nie udało się wczytać wykresu. Spróbuj ponownie później.', plain: '.spg>h2,.spg-sub,.spg-source' },
);
