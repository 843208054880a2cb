// The loader a partner page includes next to the iframe snippet (served at /static/embeds/loader.js).
// It sizes each marked iframe to the widget's content and follows the widget's link when the
// partner set one. Including it more than once (one snippet per widget) installs it once.
import { EMBED_ATTRIBUTE, HELLO, handleMessage, originOf } from './protocol.js';

function navigate(url) {
  try {
    window.top.location.href = url;
  } catch {
    window.location.href = url;
  }
}

const frames = () => document.querySelectorAll(`iframe[${EMBED_ATTRIBUTE}]`);

function greet(frame) {
  const origin = originOf(frame.getAttribute('src') || '', document.baseURI);
  // While the frame still shows about:blank the origin does not match and the browser drops it.
  if (origin && frame.contentWindow)
    frame.contentWindow.postMessage({ type: HELLO, uuid: frame.getAttribute(EMBED_ATTRIBUTE) }, origin);
}

function install() {
  const known = new WeakSet();
  const scan = () =>
    frames().forEach((frame) => {
      if (known.has(frame)) return;
      known.add(frame);
      frame.addEventListener('load', () => greet(frame));
      greet(frame);
    });
  window.addEventListener('message', (event) => {
    scan(); // frames added after the loader ran
    handleMessage(event, frames(), navigate);
  });
  scan();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  return { scan };
}

if (!window.smogpanelEmbeds) window.smogpanelEmbeds = install();
else window.smogpanelEmbeds.scan();
