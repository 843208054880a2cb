// The public payload (GET /api/public/graph/<name>) mapped to the shared chart module's specs,
// per type (docs/graphs.md): BAR and LINE draw one chart per entry with a series per key group;
// CIRCLE a doughnut per entry; MULTILINE one chart per group with a line per entry.

export const KIND = { BAR: 'bar', LINE: 'line', CIRCLE: 'doughnut', MULTILINE: 'multiline' };

const keyName = (key) => key.short_name || key.name;

/** [{title, goal, spec}] of one group of the payload: the charts to draw. */
export function chartsOf(payload, group) {
  const base = { unit: payload.unit || '', valueTitle: group.value_title, positionTitle: payload.position_title };
  if (payload.type === 'MULTILINE') {
    const spec = {
      ...base, label: `${payload.name} – ${group.name}`,
      categories: payload.keys.map(keyName),
      series: group.entries.map((entry) => ({ name: entry.name, color: entry.color, values: entry.values })),
    };
    return [{ title: '', spec, goals: group.entries.filter((e) => e.goal).map((e) => ({ name: e.name, goal: e.goal })) }];
  }
  return group.entries.map((entry) => {
    let spec;
    if (payload.type === 'CIRCLE') {
      spec = { ...base, label: entry.name, categories: payload.keys.map(keyName), series: [{ name: group.value_title, values: entry.values }] };
    } else {
      // BAR and LINE: key groups are the series; the categories are the keys' short names in order
      // of first appearance across the groups (keys of the same name share a category).
      const categories = [];
      payload.key_groups.forEach((g) => g.keys.forEach((k) => { if (!categories.includes(keyName(k))) categories.push(keyName(k)); }));
      const series = payload.key_groups.map((g, i) => {
        const byName = new Map(g.keys.map((k, j) => [keyName(k), entry.series[i] ? entry.series[i][j] : null]));
        return { name: g.name, color: g.color, values: categories.map((c) => (byName.has(c) ? byName.get(c) : null)) };
      });
      spec = { ...base, label: entry.name, categories, series };
    }
    return { title: entry.name, spec, goals: entry.goal ? [{ name: '', goal: entry.goal }] : [] };
  });
}

/** Legend items: slices for a doughnut, otherwise the series. */
export function legendOf(payload, spec) {
  if (payload.type === 'CIRCLE') return spec.categories.map((name, i) => ({ name, color: (spec.colors || [])[i] }));
  return spec.series.map((s) => ({ name: s.name, color: s.color }));
}
