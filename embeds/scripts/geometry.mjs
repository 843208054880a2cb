// Boundaries of the voivodeships from ECharts-style GeoJSON to SVG paths: decoding (ECharts'
// "UTF8Encoding" quantisation), projection, light simplification and compact path strings.
// Used at build time by scripts/regions.mjs; pure functions, unit-tested (geometry.test.mjs).

/** One ring of an encoded polygon: char codes hold zigzag deltas from `offsets` (ECharts' decodePolygon). */
export function decodeRing(text, offsets, scale = 1024) {
  const points = [];
  let x = offsets[0];
  let y = offsets[1];
  for (let i = 0; i + 1 < text.length; i += 2) {
    let dx = text.charCodeAt(i) - 64;
    let dy = text.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1); // zigzag: 0, -1, 1, -2, 2 ... from 0, 1, 2, 3, 4 ...
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    points.push([x / scale, y / scale]);
  }
  return points;
}

/** [{name, polygons: [[ring of [lon, lat]]]}] of a GeoJSON FeatureCollection, encoded or not. */
export function decodeFeatures(json) {
  const scale = json.UTF8Scale || 1024;
  return json.features.map((feature) => {
    const { type, coordinates, encodeOffsets } = feature.geometry;
    const ring = (value, offsets) => (typeof value === 'string' ? decodeRing(value, offsets, scale) : value);
    const polygon = (rings, offsets) => rings.map((value, i) => ring(value, offsets && offsets[i]));
    let polygons;
    if (type === 'Polygon') polygons = [polygon(coordinates, encodeOffsets)];
    else if (type === 'MultiPolygon')
      polygons = coordinates.map((rings, i) => polygon(rings, encodeOffsets && encodeOffsets[i]));
    else throw new Error(`Unsupported geometry ${type}`);
    return { name: feature.properties.name, polygons };
  });
}

/**
 * An equirectangular projection fitted to `width`: x = lon·cos(lat0), y = −lat, scaled so the
 * bounding box of every ring is `width` wide (plus `margin` on each side). Returns {project, height}.
 */
export function fitProjection(rings, { width, margin = 0, lat0 = 52 }) {
  const k = Math.cos((lat0 * Math.PI) / 180);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (const [lon, lat] of ring) {
      minX = Math.min(minX, lon * k);
      maxX = Math.max(maxX, lon * k);
      minY = Math.min(minY, -lat);
      maxY = Math.max(maxY, -lat);
    }
  }
  const scale = (width - 2 * margin) / (maxX - minX);
  const project = ([lon, lat]) => [margin + (lon * k - minX) * scale, margin + (-lat - minY) * scale];
  return { project, height: Math.ceil(2 * margin + (maxY - minY) * scale) };
}

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Ramer–Douglas–Peucker: drops points closer than `tolerance` to the simplified line. */
export function simplify(points, tolerance) {
  if (points.length <= 2) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    let worst = -1;
    let index = -1;
    for (let i = first + 1; i < last; i += 1) {
      const d = distanceToSegment(points[i], points[first], points[last]);
      if (d > worst) {
        worst = d;
        index = i;
      }
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** A closed SVG path of projected rings in whole units: absolute move, then relative lines. */
export function ringsToPath(rings) {
  let d = '';
  for (const ring of rings) {
    const points = ring.map(([x, y]) => [Math.round(x), Math.round(y)]);
    let [x, y] = points[0];
    let line = '';
    for (const [px, py] of points.slice(1)) {
      if (px === x && py === y) continue;
      line += `${line ? ' ' : ''}${px - x} ${py - y}`;
      [x, y] = [px, py];
    }
    d += `M${points[0][0]} ${points[0][1]}${line ? `l${line}` : ''}z`;
  }
  return d.replace(/ -/g, '-');
}

/** The centroid of a projected ring (area-weighted): where a region's label goes. */
export function centroid(ring) {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[(i + 1) % ring.length];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  return area ? [cx / (3 * area), cy / (3 * area)] : ring[0];
}
