// The runtime inside the embed page (/view/<kind>/<name>[/embed/<uuid>]) that a plugin's embed
// bundle starts: reads the public payload the page carries inline (fetching it only from a page
// without one), lets the plugin render it, reports the content height to the partner's loader
// and lays the partner's link over the widget.
import { HELLO, REDIRECT, RESIZE, httpUrl } from './protocol.js';
import { DEFAULT_PLAIN, applyOptions, embedOptions, themeCss } from './options.js';
import { countView } from './reach.js';

const STYLE =
  'html,body{margin:0;padding:0;background:transparent}' +
  '#smogpanel-widget{position:relative}' +
  '.smogpanel-link{position:absolute;inset:0;z-index:1;display:block}';

export function addStyle(css) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
}

/**
 * render(root, payload, context) draws the widget into `root` and may return a function
 * called after each re-render is done (nothing needed: size changes are observed).
 * `context`: {embed (uuid or ''), link (http(s) URL or null), framed (bool)}.
 */
function jsonElement(doc, id) {
  const element = doc.getElementById(id);
  if (!element) return null;
  try {
    return JSON.parse(element.textContent);
  } catch {
    return null;
  }
}

/** The envelope the page carries in <script type="application/json" id="smogpanel-payload">, or null. */
export function inlinePayload(doc = document) {
  return jsonElement(doc, 'smogpanel-payload');
}

/** The page's own facts ({kind, name, embed, api}) from <script type="application/json"
 * id="smogpanel-public">: data, never code, so the page's policy runs no inline script. */
export function publicConfig(doc = document) {
  return jsonElement(doc, 'smogpanel-public') || {};
}

function readPayload(config) {
  const inline = inlinePayload();
  if (inline) return Promise.resolve(inline);
  return fetch(config.api, { headers: { Accept: 'application/json' } }).then((response) => response.json());
}

/** `plain`: CSS selectors of the widget's title and footer, hidden by `plain=1` (options.js). */
export function startEmbed(
  render,
  { failure = 'Nie udało się wczytać widżetu. Spróbuj ponownie później.', plain = DEFAULT_PLAIN } = {},
) {
  const config = publicConfig();
  const root = document.getElementById('smogpanel-widget');
  const framed = window.parent !== window;
  const uuid = config.embed || '';
  const link = httpUrl(new URLSearchParams(window.location.search).get('link'));
  let loaderPresent = false;
  let reported = null;

  // The partner's look (theme, transparent, accent, plain): CSS only, from the address.
  const options = embedOptions(window.location.search);
  applyOptions(options);
  addStyle(STYLE + themeCss(plain));
  let heard = () => {};
  let helloFrom = ''; // the loader's page's origin, when its hello came before the widget was drawn
  const post = (message) => framed && window.parent.postMessage({ ...message, uuid }, '*');
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height > 0 && height !== reported) {
      reported = height;
      post({ type: RESIZE, height });
    }
  };

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.source !== window.parent || !data || data.type !== HELLO || data.uuid !== uuid) return;
    loaderPresent = true;
    helloFrom = event.origin;
    heard(event.origin); // reach: the loader's page is the embedding site
    reported = null;
    report();
  });
  if (window.ResizeObserver) new ResizeObserver(report).observe(document.body);
  window.addEventListener('load', report);

  const context = { embed: uuid, link, framed };
  return readPayload(config)
    .then((body) => {
      if (!body || !body.success) throw new Error(body && body.message);
      render(root, body.message, context);
      heard = countView(config, framed, helloFrom); // reach.js: one view counted, nothing waited for
      if (link) {
        const overlay = document.createElement('a');
        overlay.className = 'smogpanel-link';
        overlay.href = link;
        overlay.target = '_top';
        overlay.rel = 'noopener';
        overlay.setAttribute('aria-label', 'Przejdź do strony partnera');
        overlay.addEventListener('click', (event) => {
          // With the loader on the partner page the page itself follows the link; without it
          // (or outside a frame) the link works as an ordinary link.
          if (framed && loaderPresent) {
            event.preventDefault();
            post({ type: REDIRECT, url: link });
          }
        });
        root.appendChild(overlay);
      }
      report();
      // Downloads and print: a chunk of its own, loaded once the widget is drawn.
      import(/* webpackChunkName: "actions" */ './actions.js')
        .then(({ addActions }) => addActions(document, config, options, addStyle))
        .then(report, () => {});
    })
    .catch(() => {
      root.textContent = failure;
      report();
    });
}
