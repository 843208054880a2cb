// The partner's look options, read from the embed page's own address (the snippet's iframe src
// or a /view/... link), never from the payload: the page and its payload stay one cached answer
// per data version, and the look is CSS alone (classes on <html> and custom properties).
//
//   theme=light|dark|auto   auto follows the reader's prefers-color-scheme; without it the
//                           widget keeps its own colours (as before themes)
//   transparent=1           no background of its own: the partner's page shows through
//   accent=#rgb|#rrggbb     links, buttons and focus rings; anything else is ignored
//   plain=1                 no title and no footer (source line, brand): the partner writes them
//   image=0 / data=0        no "Pobierz obraz (PNG)" / "Pobierz dane" action
//
// Widgets read the theme through custom properties with their light look as the fallback, e.g.
// `color:var(--sp-fg,#1f2a37)` (docs/embeds.md lists them).

export const THEMES = ['light', 'dark', 'auto'];
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

// Each pair of text and background passes WCAG AA (4.5:1), checked by core/tests/test_embed_themes.py.
export const LIGHT = {
  '--sp-bg': '#ffffff',
  '--sp-panel': '#ffffff',
  '--sp-surface': '#f3f5f7',
  '--sp-fg': '#1f2a37',
  '--sp-muted': '#4b5563',
  '--sp-line': '#c9d1da',
  '--sp-accent': '#1864ab',
  '--sp-on-accent': '#ffffff',
  '--sp-selected': '#e6f0fb',
  '--sp-error': '#b42318',
  '--sp-success': '#237032',
};
export const DARK = {
  '--sp-bg': '#111827',
  '--sp-panel': '#1f2937',
  '--sp-surface': '#1f2937',
  '--sp-fg': '#f3f4f6',
  '--sp-muted': '#b9c2cf',
  '--sp-line': '#4b5563',
  '--sp-accent': '#8cc4f5',
  '--sp-on-accent': '#111827',
  '--sp-selected': '#374151',
  '--sp-error': '#fca5a5',
  '--sp-success': '#86efac',
};

const block = (vars) =>
  Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');

// Plain selectors hidden by plain=1 when a widget declares none (startEmbed's `plain` option).
export const DEFAULT_PLAIN = '.smogpanel-title,.smogpanel-footer,#smogpanel-widget h1';

export function themeCss(plain = DEFAULT_PLAIN) {
  return (
    // Without a theme the widget keeps its own colours (the fallbacks of its var() calls).
    `html.sp-theme-light,html.sp-theme-auto{${block(LIGHT)};color-scheme:light}` +
    `html.sp-theme-dark{${block(DARK)};color-scheme:dark}` +
    `@media (prefers-color-scheme: dark){html.sp-theme-auto{${block(DARK)};color-scheme:dark}}` +
    // Light (the default) keeps the page transparent around the widget, as before themes; a dark
    // page paints itself, so text of widgets without a background of their own stays readable.
    'html.sp-theme-dark body{background:var(--sp-bg);color:var(--sp-fg)}' +
    '@media (prefers-color-scheme: dark){html.sp-theme-auto body{background:var(--sp-bg);color:var(--sp-fg)}}' +
    'html.sp-transparent{--sp-bg:transparent}html.sp-transparent body{background:transparent!important}' +
    'html:is([class*="sp-theme-"],.sp-accent) #smogpanel-widget a:not(.smogpanel-link){color:var(--sp-accent)}' +
    'html:is([class*="sp-theme-"],.sp-accent) #smogpanel-widget :focus-visible{outline:3px solid var(--sp-accent);outline-offset:2px}' +
    `html.sp-plain :is(${plain}){display:none!important}`
  );
}

/** '#rgb' or '#rrggbb' as '#rrggbb' (lower case), anything else null. */
export function validAccent(value) {
  if (typeof value !== 'string' || !HEX.test(value)) return null;
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** WCAG relative luminance of '#rrggbb'. */
export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The text colour on an accent background with the better contrast: near-black or white. */
export function onAccent(hex) {
  return luminance(hex) > 0.179 ? '#111827' : '#ffffff';
}

/** The options in a query string ('?theme=dark&accent=%23c00'); unknown or invalid values ignored. */
export function embedOptions(search) {
  const params = new URLSearchParams(search || '');
  const theme = params.get('theme');
  return {
    theme: THEMES.includes(theme) ? theme : null,
    transparent: params.get('transparent') === '1',
    accent: validAccent(params.get('accent')),
    plain: params.get('plain') === '1',
    image: params.get('image') !== '0',
    data: params.get('data') !== '0',
  };
}

/** Puts the options on the document: classes on <html>, the accent as custom properties. */
export function applyOptions(options, doc = document) {
  const html = doc.documentElement;
  if (options.theme) html.classList.add(`sp-theme-${options.theme}`);
  html.classList.toggle('sp-transparent', options.transparent);
  html.classList.toggle('sp-plain', options.plain);
  if (options.accent) {
    html.classList.add('sp-accent');
    // The CSSOM, not a style attribute: allowed under a style-src without 'unsafe-inline' too.
    html.style.setProperty('--sp-accent', options.accent);
    html.style.setProperty('--sp-on-accent', onAccent(options.accent));
  }
}
