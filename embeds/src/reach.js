// Counting a view for the panel's 'Zasięg' (docs/embeds.md, "Where the widgets are seen"): one
// small POST after the widget is drawn, that the widget never waits for. It carries the kind,
// the internal name and the embedding page's origin (scheme, host, port: no path, no query),
// and no cookie (credentials: 'omit'), identifier or address of the reader.
const HIT = '/api/reach/hit';
const WAIT_FOR_HELLO_MS = 1500;

function originOfUrl(url) {
  try {
    const origin = new URL(url).origin;
    return /^https?:/.test(origin) ? origin : '';
  } catch {
    return '';
  }
}

/** The origin of the page framing this widget ('' when not framed or not known): the browser's
 * own record of it (location.ancestorOrigins, Chromium and Safari), else the referrer's origin. */
export function embeddingSite(win = window, doc = document) {
  if (win.parent === win) return '';
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length) return originOfUrl(ancestors[0]);
  return doc.referrer ? originOfUrl(doc.referrer) : '';
}

/** The beacon's address, under the same prefix as the page's public API path. */
export function hitPath(config) {
  const api = String(config.api || '');
  const at = api.indexOf('/api/public/');
  return `${at > 0 ? api.slice(0, at) : ''}${HIT}`;
}

export function sendHit(config, site, send = window.fetch && window.fetch.bind(window)) {
  if (!config.kind || !config.name || !send) return false;
  if (config.count === false) return false; // a draft's preview link: no one's view of the widget
  if (site && site === window.location.origin) return false; // the panel's own preview of an embed
  const body = JSON.stringify({ k: config.kind, n: config.name, s: site || '' });
  const headers = { 'Content-Type': 'application/json' }; // same origin: no preflight
  send(hitPath(config), { method: 'POST', body, headers, keepalive: true, credentials: 'omit' }).catch(() => {});
  return true;
}

/**
 * Counts this view once: at once when the framing origin is known, else when the loader's hello
 * names it (its event.origin) or after a short wait without it. Returns the hello handler.
 */
export function countView(config, framed, known = '', send = undefined) {
  let sent = false;
  const once = (site) => {
    if (sent) return;
    sent = true;
    sendHit(config, site, send);
  };
  const site = embeddingSite() || originOfUrl(known);
  if (!framed || site) once(site);
  else setTimeout(() => once(''), WAIT_FOR_HELLO_MS);
  return (origin) => once(originOfUrl(origin));
}
