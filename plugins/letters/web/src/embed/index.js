// The public letter: /view/letter/<name> and /view/letter/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderLetter } from './widget.js';

addStyle(CSS);
startEmbed((root, payload) => renderLetter(root, payload), {
  failure: 'Nie udało się wczytać listu. Spróbuj ponownie później.',
});
