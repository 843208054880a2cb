// The public ranking table: /view/rank/<name> and /view/rank/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderRanking } from './table.js';

addStyle(CSS);
startEmbed((root, payload) => renderRanking(root, payload), {
  failure: 'Nie udało się wczytać rankingu. Spróbuj ponownie później.',
  plain: '.spr>h1,.spr-sub', // hidden by plain=1
});
