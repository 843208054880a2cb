import { afterEach, describe, expect, it } from 'vitest';
import { barChart, lineChart } from '../charts/index.js';
import { choropleth, colourScale } from '../voivodeships/index.js';
import { serialise, serverDocument } from './dom.js';
import { HEIGHT, WIDTH, shareImage, wrap } from './index.js';

const spec = {
  label: 'Wnioski <i>&</i>',
  categories: ['I', 'II'],
  unit: 'szt.',
  series: [{ name: 'Złożone', color: 'red', values: [10, 31.5] }],
};
const browserDocument = globalThis.document;

/** `draw()` with the global document being the server's (as the image script runs it). */
function onServer(draw) {
  globalThis.document = serverDocument();
  try {
    return draw();
  } finally {
    globalThis.document = browserDocument;
  }
}

// The browser's XML of an SVG element, as the server's serialiser writes it (attributes as set).
const inBrowser = (node) =>
  new XMLSerializer().serializeToString(node).replace(' xmlns="http://www.w3.org/2000/svg"', '');

afterEach(() => {
  globalThis.document = browserDocument;
});

describe('share image', () => {
  it('draws on the server exactly what the charts draw in the browser', () => {
    for (const draw of [() => barChart(spec, 500), () => lineChart(spec, 400)]) {
      expect(onServer(() => serialise(draw()))).toBe(inBrowser(draw()));
    }
  });

  it('draws the voivodeships on the server as in the browser', () => {
    const values = { ds: 10, mz: 40 };
    const voivodeships = [
      { code: 'ds', name: 'dolnośląskie' },
      { code: 'mz', name: 'mazowieckie' },
    ];
    const draw = () => choropleth(voivodeships, values, colourScale([10, 40]), { prefix: 'spm', label: 'Mapa' });
    const server = onServer(() => serialise(draw()));
    expect(server).toBe(inBrowser(draw()));
    expect(server.match(/class="spm-region"/g)).toHaveLength(2);
  });

  it('places the drawing, legend and texts on a 1200×630 image, escaped', () => {
    const svg = onServer(() =>
      shareImage({
        title: 'Smog & <b>dym</b>',
        subtitle: 'Styczeń',
        drawing: barChart(spec, 500),
        legend: [{ colour: 'red', text: 'Złożone' }],
        foot: ['Źródło: GIOŚ', ''],
      }),
    );
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"`)).toBe(true);
    expect(svg).toContain('Smog &amp; &lt;b&gt;dym&lt;/b&gt;');
    expect(svg).toContain('aria-label="Wnioski &lt;i&gt;&amp;&lt;/i&gt;"');
    expect(svg).toMatch(/<svg class="spc-svg" [^>]*viewBox="0 0 500 \d+"[^>]* x="60"/);
    expect(svg.match(/class="spc-mark"/g)).toHaveLength(2);
    expect(svg).toContain('>Źródło: GIOŚ</text>');
    expect(new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('parsererror')).toBeNull();
  });

  it('wraps a long title into lines, cutting the last with an ellipsis', () => {
    const lines = wrap('Bardzo długi tytuł wykresu o jakości powietrza w gminach województwa', 40, 600, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(wrap('Krótki', 40, 600, 2)).toEqual(['Krótki']);
  });
});
