// The share image of a widget (`og:image`, "Pobierz obraz (PNG)"), drawn on the server under
// Node by the widget's own drawing code (@smogpanel/embeds/charts, /voivodeships) on a small
// server document (./dom.js): a plugin's image script (src/embed/image.js, built for Node by
// @smogpanel/embeds/webpack/image) reads the payload on stdin, draws what the widget first shows
// and writes this 1200×630 SVG to stdout; the panel rasterises it (resvg) and caches the PNG per
// data version (smogpanel.public.share).
import { serialise, serverDocument } from './dom.js';

export const WIDTH = 1200;
export const HEIGHT = 630;
const MARGIN = 60;
const INK = '#1f2a37';
const MUTED = '#4b5563';
const ACCENT = '#1864ab';
const LEGEND_WIDTH = 330;
// The widgets' look where it is CSS (their stylesheets use custom properties resvg does not
// read): their text colour and font, the charts' 12 px labels, the regions' white borders.
const BASE_CSS =
  `text{fill:${INK};font-family:'DejaVu Sans',sans-serif}.spc-svg text{font-size:12px}` + '.spc-svg{overflow:visible}';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** `text` in at most `count` lines of about `width` px at `size` (DejaVu Sans: ~0.55 em a
 * character), the last one cut with an ellipsis when the text is longer. */
export function wrap(text, size, width, count) {
  const perLine = Math.max(8, Math.floor(width / (size * 0.55)));
  const words = String(text || '')
    .split(/\s+/)
    .filter(Boolean);
  const lines = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine) {
      current = candidate;
    } else {
      if (current) lines.push(current);
      current = word.slice(0, perLine);
    }
    if (lines.length === count) break;
  }
  if (current && lines.length < count) lines.push(current);
  if (lines.length === count && lines.join(' ') !== words.join(' '))
    lines[count - 1] = `${lines[count - 1].slice(0, perLine - 1).trimEnd()}…`;
  return lines;
}

const text = (x, y, content, size, { color = INK, weight = 'normal' } = {}) =>
  `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" style="fill:${color}">${escape(content)}</text>`;

/**
 * The image's SVG: `title` and `subtitle` at the top, `drawing` (the widget's <svg> element,
 * scaled to fit and centred in the space left) with `legend` ([{colour, text}]) beside it when
 * given, and the `foot` lines (source, attribution) at the bottom. `css`: the widget's own rules
 * (its class names) that the drawing needs.
 */
export function shareImage({ title, subtitle, drawing, legend = [], foot = [], css = '' }) {
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`];
  parts.push(`<rect width="${WIDTH}" height="10" fill="${ACCENT}"/>`);
  let y = 74;
  for (const line of wrap(title, 40, WIDTH - 2 * MARGIN, 2)) {
    parts.push(text(MARGIN, y, line, 40, { weight: 'bold' }));
    y += 48;
  }
  for (const line of wrap(subtitle, 24, WIDTH - 2 * MARGIN, 1)) {
    parts.push(text(MARGIN, y - 6, line, 24, { color: MUTED }));
    y += 32;
  }
  const footLines = foot.filter(Boolean).flatMap((line) => wrap(line, 16, WIDTH - 2 * MARGIN, 1));
  const bottom = HEIGHT - 24 - footLines.length * 22;
  footLines.forEach((line, i) => parts.push(text(MARGIN, bottom + 18 + i * 22, line, 16, { color: MUTED })));
  if (drawing) {
    const right = legend.length ? WIDTH - MARGIN - LEGEND_WIDTH : WIDTH - MARGIN;
    const top = y;
    if (!drawing.getAttribute('viewBox'))
      drawing.setAttribute('viewBox', `0 0 ${drawing.getAttribute('width')} ${drawing.getAttribute('height')}`);
    drawing.setAttribute('x', MARGIN);
    drawing.setAttribute('y', top);
    drawing.setAttribute('width', right - MARGIN);
    drawing.setAttribute('height', Math.max(50, bottom - 12 - top));
    parts.push(serialise(drawing));
    legend.slice(0, 10).forEach((item, i) => {
      const itemY = top + 10 + i * 34;
      parts.push(`<rect x="${right + 24}" y="${itemY}" width="22" height="22" fill="${escape(item.colour)}"/>`);
      parts.push(text(right + 56, itemY + 18, wrap(item.text, 20, LEGEND_WIDTH - 60, 1)[0] || '', 20));
    });
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<style>${BASE_CSS}${css}</style>${parts.join('')}</svg>`
  );
}

/** The image script's main: the payload from stdin, `draw(payload)` (its shareImage SVG, drawn
 * with the global document being the server's) to stdout. */
export function runImage(draw) {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    input += chunk;
  });
  process.stdin.on('end', () => {
    globalThis.document = serverDocument();
    process.stdout.write(draw(JSON.parse(input)));
  });
}
