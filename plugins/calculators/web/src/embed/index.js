// The public heating-cost widget: /view/calculator/<name> and /view/calculator/<name>/embed/<uuid>.
import { addStyle, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderCalculator } from './widget.js';

// The partner's link (the embed dialog's option) is laid over a widget by the frame runtime;
// over this one it would take every click meant for the inputs, so it becomes a plain link
// under the widget instead.
const LINK_CSS =
  '#smogpanel-widget .smogpanel-link{position:static;display:block;margin:0 12px 12px;' +
  'font:14px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--sp-accent,#0f7c8c)}' +
  '#smogpanel-widget .smogpanel-link::before{content:"Przejdź do strony partnera"}';

addStyle(CSS + LINK_CSS);
startEmbed(
  (root, payload) => {
    renderCalculator(root, payload);
  },
  { failure: 'Nie udało się wczytać kalkulatora. Spróbuj ponownie później.', plain: '.spk h2,.spk-footer' },
);
