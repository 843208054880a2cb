// The public item widget: /view/item/<name> and /view/item/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderItem } from './widget.js';

addStyle(CSS);
startEmbed((root, payload) => renderItem(root, payload), {
  failure: 'Nie udało się wczytać elementu. Spróbuj ponownie później.',
  plain: '.spi h1,.spi-type,.spi-foot', // hidden by plain=1
});
