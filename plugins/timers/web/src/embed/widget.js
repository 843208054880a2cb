// The timer widget in plain DOM (no framework: partner pages load it).
import { el } from '@smogpanel/embeds/dom';
import { DESCRIBE_CSS, description } from '@smogpanel/embeds/describe';
import { parts, untilNextSecond } from './clock.js';
import { UNITS, plural, withUnit } from './plural.js';

// Sizes follow the frame's width (vw) up to 800 px, so the widget keeps its proportions at the
// embed sizes 200-800 px; wider (full width, the public page) it stays at its 800 px look.
const vw = (n, least) => `clamp(${least}px,${n}vw,${n * 8}px)`;
export const CSS =
  DESCRIBE_CSS +
  `.spt{box-sizing:border-box;max-width:800px;margin:0 auto;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;` +
  `text-align:center;padding:${vw(6, 10)} ${vw(5, 8)};line-height:1.25;border-radius:${vw(2, 4)};overflow:hidden}` +
  `.spt p{margin:0}.spt-logo{display:block;max-width:45%;max-height:${vw(18, 36)};margin:0 auto ${vw(4, 6)};object-fit:contain}` +
  `.spt-above{font-size:${vw(5.2, 12)};font-weight:600}.spt-below{font-size:${vw(4.4, 11)}}` +
  `.spt-units{display:flex;justify-content:center;gap:${vw(2.5, 4)};margin:${vw(5, 8)} 0}` +
  `.spt-unit{flex:1 1 0;min-width:0;padding:${vw(2.5, 4)} 2px;border-radius:${vw(1.6, 3)};background:var(--spt-box)}` +
  `.spt-n{display:block;font-size:${vw(9, 16)};font-weight:700;font-variant-numeric:tabular-nums}` +
  // Four or more digits (a count-up running for years) would overflow the equal boxes.
  `.spt-n.spt-long{font-size:${vw(6.5, 12)}}` +
  `.spt-l{display:block;font-size:${vw(3.6, 9)}}` +
  `.spt-brand{position:relative;z-index:2;display:inline-block;margin-top:${vw(4, 6)};font-size:${vw(3.2, 9)};color:inherit;opacity:.75}` +
  '.spt-LIGHT{background:#fff;color:#1f2a37;--spt-box:#eef2f6;border:1px solid #d9e0e7}' +
  '.spt-SEA{background:#0f7c8c;color:#fff;--spt-box:rgba(255,255,255,.16)}' +
  '.spt-RED{background:#d7263d;color:#fff;--spt-box:rgba(255,255,255,.18)}' +
  '.spt-DARKRED{background:#7a1020;color:#fff;--spt-box:rgba(255,255,255,.14)}' +
  '.spt-GRAPHITE{background:#41474f;color:#f4f6f8;--spt-box:rgba(255,255,255,.12)}' +
  '.spt-DARK{background:#111418;color:#f4f6f8;--spt-box:rgba(255,255,255,.09)}';

const STYLES = ['LIGHT', 'SEA', 'RED', 'DARKRED', 'GRAPHITE', 'DARK'];
const WHEN = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Warsaw' });

/** What a screen reader is told once, instead of every second: the deadline itself. */
export function deadlineSentence(payload) {
  const at = new Date(payload.deadline);
  if (Number.isNaN(at.getTime())) return '';
  return `${payload.countdown ? 'Odliczanie do' : 'Liczone od'}: ${WHEN.format(at)}.`;
}

/** Draws the timer of `payload` into `root` and keeps it ticking; returns a stop function. */
export function renderTimer(root, payload, now = () => Date.now()) {
  const style = STYLES.includes(payload.style) ? payload.style : 'LIGHT';
  const box = el('div', `spt spt-${style}`);
  if (payload.logo) {
    const logo = el('img', 'spt-logo');
    logo.src = payload.logo;
    logo.alt = 'Logo partnera';
    box.appendChild(logo);
  }
  if (payload.text_above) box.appendChild(el('p', 'spt-above', payload.text_above));
  const sentence = deadlineSentence(payload);
  if (sentence) box.appendChild(description(sentence));
  const units = el('div', 'spt-units');
  units.setAttribute('role', 'timer');
  units.setAttribute('aria-live', 'off'); // the digits tick every second: never announced
  const cells = UNITS.map(({ key, forms }) => {
    const unit = el('div', `spt-unit spt-${key}`);
    const number = el('span', 'spt-n');
    const label = el('span', 'spt-l');
    unit.append(number, ' ', label);
    units.appendChild(unit);
    return { key, forms, number, label };
  });
  box.appendChild(units);
  if (payload.text_below) box.appendChild(el('p', 'spt-below', payload.text_below));
  if (payload.brand) {
    const brand = el(payload.brand.url ? 'a' : 'span', 'spt-brand', payload.brand.name);
    if (payload.brand.url) {
      brand.href = payload.brand.url;
      brand.target = '_blank';
      brand.rel = 'noopener';
    }
    box.appendChild(brand);
  }
  root.replaceChildren(box);

  const deadline = new Date(payload.deadline).getTime();
  let timer = null;
  function tick() {
    const at = now();
    const shown = parts(deadline, at, payload.countdown);
    for (const cell of cells) {
      const n = shown[cell.key];
      cell.number.textContent = String(n);
      cell.number.classList.toggle('spt-long', String(n).length > 3);
      cell.label.textContent = plural(n, cell.forms);
    }
    units.setAttribute('aria-label', cells.map((cell) => withUnit(shown[cell.key], cell.forms)).join(', '));
    if (!shown.done) timer = setTimeout(tick, untilNextSecond(deadline, at));
  }
  tick();
  return () => clearTimeout(timer);
}
