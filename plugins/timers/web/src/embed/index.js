// The public timer widget: /view/timer/<name> and /view/timer/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderTimer } from './widget.js';

addStyle(CSS);
startEmbed((root, payload) => renderTimer(root, payload), {
  failure: 'Nie udało się wczytać licznika. Spróbuj ponownie później.',
  plain: '.spt-brand', // hidden by plain=1
});
