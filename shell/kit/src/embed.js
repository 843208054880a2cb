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

/** '#rgb' or '#rrggbb' as given (trimmed), anything else null: the widget ignores other values too. */
export function hexColour(value) {
  const text = String(value || '').trim();
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text) ? text : null;
}

/** The query of the embed page: the link, then the look options that differ from the default
 * (theme, transparent, accent, plain, image=0, data=0; docs/embeds.md). */
export function embedQuery({ link, theme, transparent, accent, plain, hideImage, hideData } = {}) {
  const params = [
    link && ['link', link],
    theme && ['theme', theme],
    transparent && ['transparent', '1'],
    hexColour(accent) && ['accent', hexColour(accent)],
    plain && ['plain', '1'],
    hideImage && ['image', '0'],
    hideData && ['data', '0'],
  ].filter(Boolean);
  return params.length ? `?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';
}

/** The embed page's address: origin + path + uuid, with the link (if any) as ?link= and the look options. */
export function embedSource({ origin, path, uuid, ...options }) {
  return `${origin}${path}/${uuid}${embedQuery(options)}`;
}

/** The iframe's inline style: a square of `size` px, or 100% wide with `size` px as minimum. */
export function embedStyle({ size, fullWidth }) {
  const width = fullWidth ? `width:100%;min-width:${size}px` : `width:${size}px`;
  return `display:block;border:0;overflow:hidden;${width};height:${size}px`;
}

/** The HTML a partner pastes: the iframe, then the loader that sizes it and follows its link. */
export function embedSnippet({ origin, path, uuid, size, fullWidth, link, title, ...look }) {
  const attributes = [
    `src="${escape(embedSource({ origin, path, uuid, link, ...look }))}"`,
    `title="${escape(title)}"`,
    `data-smogpanel-embed="${escape(uuid)}"`,
    link && `data-smogpanel-link="${escape(link)}"`,
    `style="${embedStyle({ size, fullWidth })}"`,
    'scrolling="no"',
  ].filter(Boolean);
  return `<iframe ${attributes.join(' ')}></iframe>\n<script src="${escape(origin + EMBED_LOADER_PATH)}" async></script>`;
}
