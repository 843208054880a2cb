// The public search tool: /view/search/<name> and /view/search/<name>/embed/<uuid>.
import { addStyle, publicConfig, startEmbed } from '@smogpanel/embeds/frame';
import { CSS, renderSearch } from './widget.js';

async function loadCard(boroughId) {
  const config = publicConfig();
  const response = await fetch(`${config.api}/${boroughId}`, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  if (!body || !body.success) throw new Error(body && body.message);
  return body.message;
}

addStyle(CSS);
startEmbed(
  (root, payload) => {
    renderSearch(root, payload, loadCard);
  },
  { failure: 'Nie udało się wczytać wyszukiwarki. Spróbuj ponownie później.', plain: '.sps-title,.sps-source' },
);
