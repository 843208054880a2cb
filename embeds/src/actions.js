// "Pobierz dane" (CSV, XLSX) and "Pobierz obraz (PNG)" under a widget, and what printing does:
// loaded on demand by the frame runtime once the widget is drawn (its own small chunk, outside
// the widget's first bundle). The addresses come from the page's config (smogpanel.public.data
// and .share), so every public kind gets them without code of its own.
import { el } from './dom.js';

export const ACTIONS_CSS =
  '.smogpanel-actions{display:flex;flex-wrap:wrap;gap:4px 14px;justify-content:flex-end;margin:4px 8px;' +
  'font:13px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--sp-muted,#4b5563)}' +
  '.smogpanel-actions a{position:relative;z-index:2;color:var(--sp-accent,#1864ab)}' +
  '@media print{.smogpanel-actions,.smogpanel-link,#smogpanel-widget button,#smogpanel-widget select,' +
  '#smogpanel-widget input,#smogpanel-widget [role="combobox"],#smogpanel-widget label{display:none!important}' +
  'html body,#smogpanel-widget *{background:#fff!important;color:#000!important;box-shadow:none!important}' +
  '#smogpanel-widget table{page-break-inside:auto}#smogpanel-widget tr{page-break-inside:avoid}' +
  '#smogpanel-widget details>*{display:block!important}}';

// Each link's visible text is its whole name (WCAG 2.5.3, label in name: a voice user says what
// they see), so no aria-label that would start with other words than the text.
function link(text, href, filename) {
  const a = el('a', '', text);
  a.href = href;
  a.setAttribute('download', filename);
  return a;
}

/** The actions bar for `config` ({kind, name, data: {csv, xlsx} | null, image}) and `options`. */
export function actionsBar(config, options) {
  const bar = el('div', 'smogpanel-actions');
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', 'Pobieranie');
  const base = `${config.kind}-${config.name}`;
  if (options.data && config.data) {
    bar.appendChild(link('Pobierz dane (CSV)', config.data.csv, `${base}.csv`));
    bar.appendChild(link('Pobierz dane (XLSX)', config.data.xlsx, `${base}.xlsx`));
  }
  if (options.image && config.image) bar.appendChild(link('Pobierz obraz (PNG)', config.image, `${base}.png`));
  return bar.childNodes.length ? bar : null;
}

/** Printing shows what <details> hold (the charts' "Dane w tabeli"): opened for the print, closed after. */
export function printOpensDetails(win = window) {
  let opened = [];
  win.addEventListener('beforeprint', () => {
    opened = [...win.document.querySelectorAll('#smogpanel-widget details:not([open])')];
    opened.forEach((details) => details.setAttribute('open', ''));
  });
  win.addEventListener('afterprint', () => {
    opened.forEach((details) => details.removeAttribute('open'));
    opened = [];
  });
}

export function addActions(doc, config, options, addStyle) {
  addStyle(ACTIONS_CSS);
  printOpensDetails(doc.defaultView);
  const bar = actionsBar(config, options);
  if (bar) doc.body.appendChild(bar);
}
