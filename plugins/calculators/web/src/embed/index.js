// The public heating-cost widget: /view/calculator/<name> and /view/calculator/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderCalculator } from './widget.js';

addStyle(CSS);
startEmbed((root, payload) => { renderCalculator(root, payload); },
  { failure: 'Nie udało się wczytać kalkulatora. Spróbuj ponownie później.' });
