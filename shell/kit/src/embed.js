// The embed snippet of a framed widget: an iframe marked for the partner-site loader plus the
// loader's script tag (protocol: @smogpanel/embeds, docs/embeds.md).
export const EMBED_SIZES = [200, 300, 400, 500, 600, 700, 800];
export const EMBED_LOADER_PATH = '/static/embeds/loader.js';

/** A random RFC 4122 version 4 uuid (crypto.randomUUID needs a secure context; this does not). */
export function newUuid() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const escape = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The link when it is an absolute http(s) address, otherwise null. */
export function httpLink(value) {
  try {
    const url = new URL(String(value || '').trim());
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The embed page's address: origin + path + uuid, with the link (if any) as ?link=. */
export function embedSource({ origin, path, uuid, link }) {
  return `${origin}${path}/${uuid}${link ? `?link=${encodeURIComponent(link)}` : ''}`;
}

/** The iframe's inline style: a square of `size` px, or 100% wide with `size` px as minimum. */
export function embedStyle({ size, fullWidth }) {
  const width = fullWidth ? `width:100%;min-width:${size}px` : `width:${size}px`;
  return `display:block;border:0;overflow:hidden;${width};height:${size}px`;
}

/** The HTML a partner pastes: the iframe, then the loader that sizes it and follows its link. */
export function embedSnippet({ origin, path, uuid, size, fullWidth, link, title }) {
  const attributes = [
    `src="${escape(embedSource({ origin, path, uuid, link }))}"`,
    `title="${escape(title)}"`,
    `data-smogpanel-embed="${escape(uuid)}"`,
    link && `data-smogpanel-link="${escape(link)}"`,
    `style="${embedStyle({ size, fullWidth })}"`,
    'scrolling="no"',
  ].filter(Boolean);
  return `<iframe ${attributes.join(' ')}></iframe>\n<script src="${escape(origin + EMBED_LOADER_PATH)}" async></script>`;
}
