// The item widget in plain DOM (no framework: partner pages load it), plain text only: the
// item's name, then each hook as "label: value" — a coloured badge with its Polish label for
// badge values (the air-quality index), numbers with their units — and the time of the
// reading with its source.
import { el } from '@smogpanel/embeds/dom';

export const CSS =
  '.spi{box-sizing:border-box;max-width:800px;margin:0 auto;padding:16px 18px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;' +
  'color:var(--sp-fg,#1f2a37);background:var(--sp-bg,#fff);border:1px solid var(--sp-line,#d9e0e7);border-radius:8px;line-height:1.35}' +
  '.spi h1{font-size:1.25rem;margin:0 0 2px}.spi-type{margin:0 0 12px;font-size:.85rem;color:var(--sp-muted,#5b6775)}' +
  '.spi dl{margin:0;display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:6px 14px;align-items:center}' +
  '.spi dt{font-weight:600}.spi dd{margin:0;overflow-wrap:anywhere}' +
  '.spi-badge{display:inline-block;padding:3px 12px;border-radius:999px;font-weight:700}' +
  '.spi-foot{margin:12px 0 0;font-size:.8rem;color:var(--sp-muted,#5b6775)}';

/** Black or white text, whichever reads better on `hex` (#rrggbb). */
export function textOn(hex) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || '');
  if (!match) return '#fff';
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.55 ? '#1f2a37' : '#fff';
}

const pad = (n) => String(n).padStart(2, '0');

/** An ISO moment as YYYY-MM-DD HH:mm in Warsaw time (SPEC 2.1). */
export function warsawTime(iso) {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pl-PL', {
      timeZone: 'Europe/Warsaw',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour % 24)}:${pad(parts.minute)}`;
}

export function renderItem(root, payload) {
  const box = el('div', 'spi');
  box.appendChild(el('h1', '', payload.name));
  if (payload.type) box.appendChild(el('p', 'spi-type', payload.type));
  const list = el('dl');
  for (const field of payload.fields || []) {
    list.appendChild(el('dt', '', field.label));
    const value = el('dd');
    if (field.badge) {
      const badge = el('span', 'spi-badge', field.badge.label);
      badge.style.background = field.badge.color;
      badge.style.color = textOn(field.badge.color);
      value.appendChild(badge);
    } else {
      value.textContent = field.text;
    }
    list.appendChild(value);
  }
  box.appendChild(list);
  if (payload.read_at || payload.source) {
    const parts = [];
    if (payload.read_at) parts.push(`Odczyt: ${warsawTime(payload.read_at)}`);
    if (payload.source) parts.push(`Źródło: ${payload.source}`);
    box.appendChild(el('p', 'spi-foot', parts.join(' · ')));
  }
  root.replaceChildren(box);
}
