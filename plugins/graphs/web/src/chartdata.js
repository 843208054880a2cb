// The public payload (GET /api/public/graph/<name>) mapped to the shared chart module's specs,
// per type (docs/graphs.md): BAR and LINE draw one chart per entry with a series per key group;
// CIRCLE a doughnut per entry; MULTILINE one chart per group with a line per entry.
// Keys are matched by id, never by their short name: that is only the label on the axis (and
// the table and legend show the full names), so two keys that look alike never share a place.
import { fold } from '@smogpanel/embeds/text';

export const KIND = { BAR: 'bar', LINE: 'line', CIRCLE: 'doughnut', MULTILINE: 'multiline' };

const label = (key) => key.short_name || key.name;
// Rows just added in the form (the live preview) have no id yet: their place stands for it.
const identity = (key, place) => key.id ?? key.uuid ?? `#${place}`;

/** BAR and LINE: the categories over the key groups, {labels, names, placeOf: key identity →
 * category index}. A key of the same name as a key of another group (as imports match names)
 * shares its category: 'lubelskie' in 'Wnioski' and in 'Umowy' is one place on the axis. */
function categoriesOf(keyGroups) {
  const labels = [];
  const names = [];
  const placeOf = new Map();
  const byName = new Map();
  keyGroups.forEach((g, i) => {
    const taken = new Set();
    g.keys.forEach((k, j) => {
      const folded = fold(k.name);
      let place = byName.get(folded);
      if (place === undefined || taken.has(place)) {
        place = labels.length;
        labels.push(label(k));
        names.push(k.name);
        if (!byName.has(folded)) byName.set(folded, place);
      }
      taken.add(place);
      placeOf.set(identity(k, `${i}.${j}`), place);
    });
  });
  return { labels, names, placeOf };
}

/** [{title, goal, spec}] of one group of the payload: the charts to draw. */
export function chartsOf(payload, group) {
  const base = { unit: payload.unit || '', valueTitle: group.value_title, positionTitle: payload.position_title };
  if (payload.type === 'MULTILINE') {
    const spec = {
      ...base,
      label: `${payload.name} – ${group.name}`,
      categories: payload.keys.map(label),
      names: payload.keys.map((k) => k.name),
      series: group.entries.map((entry) => ({ name: entry.name, color: entry.color, values: entry.values })),
    };
    return [
      { title: '', spec, goals: group.entries.filter((e) => e.goal).map((e) => ({ name: e.name, goal: e.goal })) },
    ];
  }
  const categories = payload.type === 'CIRCLE' ? null : categoriesOf(payload.key_groups);
  return group.entries.map((entry) => {
    let spec;
    if (payload.type === 'CIRCLE') {
      spec = {
        ...base,
        label: entry.name,
        categories: payload.keys.map(label),
        names: payload.keys.map((k) => k.name),
        series: [{ name: group.value_title, values: entry.values }],
      };
    } else {
      const series = payload.key_groups.map((g, i) => {
        const values = categories.labels.map(() => null);
        g.keys.forEach((k, j) => {
          const value = entry.series[i] ? entry.series[i][j] : null;
          values[categories.placeOf.get(identity(k, `${i}.${j}`))] = value ?? null;
        });
        return { name: g.name, color: g.color, values };
      });
      spec = { ...base, label: entry.name, categories: categories.labels, names: categories.names, series };
    }
    return { title: entry.name, spec, goals: entry.goal ? [{ name: '', goal: entry.goal }] : [] };
  });
}

/** Legend items: slices for a doughnut (by their full names), otherwise the series. */
export function legendOf(payload, spec) {
  if (payload.type === 'CIRCLE')
    return spec.categories.map((_, i) => ({ name: spec.names[i], color: (spec.colors || [])[i] }));
  return spec.series.map((s) => ({ name: s.name, color: s.color }));
}
