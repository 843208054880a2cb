// The messages between an embedded widget (inside the iframe, on the panel's origin) and the
// loader on the partner's page. Documented for partners in docs/embeds.md.
//
//   widget -> page  {type: 'smogpanel:resize',   uuid, height}  the widget's content height in px
//   widget -> page  {type: 'smogpanel:redirect', uuid, url}     a click on the link overlay
//   page -> widget  {type: 'smogpanel:hello',    uuid}          the loader is here: ask the height,
//                                                                send clicks as redirect messages
//
// The page accepts a message only from the window of an iframe marked data-smogpanel-embed="<uuid>"
// with that same uuid, and only when event.origin is the origin of that iframe's src.
export const RESIZE = 'smogpanel:resize';
export const REDIRECT = 'smogpanel:redirect';
export const HELLO = 'smogpanel:hello';
export const EMBED_ATTRIBUTE = 'data-smogpanel-embed';
export const LINK_ATTRIBUTE = 'data-smogpanel-link';
export const MAX_HEIGHT = 20000;

/** The origin of a URL ('https://panel.example.pl'), or null when it is not a http(s) URL. */
export function originOf(url, base) {
  try {
    const parsed = new URL(url, base);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The URL itself when it is an absolute http(s) address, otherwise null (no javascript: links). */
export function httpUrl(value) {
  if (typeof value !== 'string' || !value) return null;
  try {
    const parsed = new URL(value);
    return /^https?:$/.test(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The iframe among `frames` that sent this message, or null when the message is not one of ours. */
export function senderOf(event, frames) {
  const data = event.data;
  if (!data || typeof data !== 'object' || typeof data.type !== 'string' || typeof data.uuid !== 'string') return null;
  for (const frame of frames) {
    if (frame.getAttribute(EMBED_ATTRIBUTE) !== data.uuid) continue;
    if (event.source !== frame.contentWindow) continue;
    if (originOf(frame.getAttribute('src') || '', document.baseURI) !== event.origin) continue;
    return frame;
  }
  return null;
}

/**
 * What the loader does with one message event: resizes the sending iframe, or follows its link
 * when the partner gave one (and the widget asks for exactly that link). Anything else is ignored.
 * Returns what was done ('resize' | 'redirect' | null), for tests.
 */
export function handleMessage(event, frames, navigate) {
  const frame = senderOf(event, frames);
  if (!frame) return null;
  const data = event.data;
  if (data.type === RESIZE) {
    const height = Number(data.height);
    if (typeof data.height !== 'number' || !Number.isFinite(height) || height <= 0 || height > MAX_HEIGHT) return null;
    frame.style.height = `${Math.ceil(height)}px`;
    return 'resize';
  }
  if (data.type === REDIRECT) {
    const link = httpUrl(frame.getAttribute(LINK_ATTRIBUTE));
    if (!link || httpUrl(data.url) !== link) return null;
    navigate(link);
    return 'redirect';
  }
  return null;
}
