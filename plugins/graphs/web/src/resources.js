// The graphs' resources, constants and payloads (SPEC 2.9, 3 Graph..., 5, 7 Graphs).
import { defineResource } from '@smogpanel/kit';

export const LIST = '/graph';
export const graphs = defineResource({ kind: 'graph', base: '/graph' });
export const groups = defineResource({
  kind: 'graph_group',
  base: '/graph_group',
  listUrl: (graphId) => `/graph_group/graph/${graphId}`,
});
export const entries = defineResource({
  kind: 'graph_entry',
  base: '/graph_entry',
  listUrl: (groupId) => `/graph_entry/graph_group/${groupId}`,
});

export const groupsPath = (graphId) => `${LIST}/${graphId}/group`;
export const entriesPath = (graphId, groupId) => `${groupsPath(graphId)}/${groupId}/entry`;

// The types' and themes' labels are the schema's (GET /api/form/graph).
export const GROUPED = ['BAR', 'LINE'];
// The import types each graph type takes (the server's GraphImport.allowed); their labels come
// from GET /import/.
export const IMPORTS = {
  BAR: ['CP_LINE_XLS', 'CP_LINE_XLS_2025'],
  LINE: ['CP_LINE_XLS', 'CP_LINE_XLS_2025'],
  MULTILINE: ['CP_MULTILINE_XLS', 'CP_MULTILINE_XLS_2025'],
  CIRCLE: ['CP_CIRCLE_XLS', 'CP_CIRCLE_XLS_2025'],
};
/** A graph's name for the admin's headings: %RANGE% (SPEC 5, replaced by the chart range on the
 * public page, which the list does not know) left out rather than shown raw. */
export const listedName = (graph) =>
  String(graph.name || '')
    .replaceAll('%RANGE%', ' ')
    .replace(/\s+/g, ' ')
    .trim();

const FIELDS = [
  'title',
  'subtitle',
  'name',
  'internal_name',
  'subname',
  'unit',
  'source',
  'legend',
  'position_title',
  'value_title',
];

export function graphValues(item) {
  const values = Object.fromEntries(FIELDS.map((name) => [name, item ? item[name] || '' : '']));
  values.graph_type_name = item ? item.graph_type_name : 'BAR';
  values.graph_style_name = item ? item.graph_style_name : 'CLASSIC';
  values.graph_keys = item ? item.graph_keys.map((key) => ({ ...key })) : [];
  values.graph_key_groups = item
    ? item.graph_key_groups.map((g) => ({ ...g, graph_keys: g.graph_keys.map((k) => ({ ...k })) }))
    : [];
  return values;
}

const keyPayload = (key) => ({ ...(key.id ? { id: key.id } : {}), name: key.name, short_name: key.short_name });

/** POST /graph/ or /graph/{id}: keys or key groups as the type has them; the unit for BAR only. */
export function graphPayload(values, { editing, removeKeysWithValues }) {
  const grouped = GROUPED.includes(values.graph_type_name);
  const payload = Object.fromEntries(
    FIELDS.filter((name) => name !== 'internal_name').map((name) => [name, values[name] || '']),
  );
  Object.assign(payload, {
    graph_type_name: values.graph_type_name,
    graph_style_name: values.graph_style_name,
    unit: values.graph_type_name === 'BAR' ? values.unit || '' : '',
    graph_keys: grouped ? [] : values.graph_keys.map(keyPayload),
    graph_key_groups: grouped
      ? values.graph_key_groups.map((g) => ({
          ...(g.id ? { id: g.id } : {}),
          name: g.name,
          color: g.color,
          graph_keys: (g.graph_keys || []).map(keyPayload),
        }))
      : [],
  });
  if (!editing) payload.internal_name = values.internal_name;
  if (editing && removeKeysWithValues) payload.remove_keys_with_values = 1;
  return payload;
}

/** Every key of the graph with its key group (BAR, LINE) in the form's order. */
export function keysOf(graph) {
  if (GROUPED.includes(graph.graph_type_name)) {
    return graph.graph_key_groups.flatMap((group) => group.graph_keys.map((key) => ({ key, group })));
  }
  return graph.graph_keys.map((key) => ({ key, group: null }));
}

export const valueName = (keyId) => `k${keyId}`;
const GOAL_FIELDS = ['goal_progress_info', 'goal_value_info', 'goal_value_subinfo'];

export function entryValues(graph, item) {
  const values = {
    name: item ? item.name : '',
    color: item ? item.color || '' : '',
    with_goal: item ? item.with_goal : 0,
    goal: item && item.goal !== null ? String(item.goal) : '',
  };
  GOAL_FIELDS.forEach((name) => {
    values[name] = item ? item[name] || '' : '';
  });
  for (const { key } of keysOf(graph)) {
    const stored = item && item.values.find((v) => v.key.id === key.id);
    values[valueName(key.id)] = stored ? String(stored.value.value) : '';
  }
  return values;
}

export function entryPayload(graph, values, { editing, groupId }) {
  const payload = {
    name: values.name,
    color: graph.graph_type_name === 'MULTILINE' ? values.color : '',
    with_goal: Number(values.with_goal) ? 1 : 0,
    goal: values.goal === '' ? null : values.goal,
    values: keysOf(graph).map(({ key, group }) => ({
      key: { id: key.id },
      ...(group ? { group: { id: group.id } } : {}),
      value: { value: values[valueName(key.id)] === '' ? null : values[valueName(key.id)] },
    })),
  };
  GOAL_FIELDS.forEach((name) => {
    payload[name] = values[name] || '';
  });
  if (!editing) payload.graph_group_id = Number(groupId);
  return payload;
}

const toNumber = (text) => {
  if (text === '' || text === null || text === undefined) return null;
  const number = Number(String(text).replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(number) ? number : null;
};

/** A public payload built from what the forms hold, for the live preview (same drawing as the embed). */
export function previewPayload(graph, entry, groupName = 'Grupa') {
  const grouped = GROUPED.includes(graph.graph_type_name);
  const payload = {
    name: graph.name,
    title: graph.title,
    subtitle: graph.subtitle,
    subname: graph.subname,
    unit: graph.graph_type_name === 'BAR' ? graph.unit : '',
    source: graph.source,
    legend: graph.legend,
    type: graph.graph_type_name,
    style: graph.graph_style_name,
    position_title: graph.position_title,
  };
  const groupsOf = graph.graph_key_groups || [];
  if (grouped) payload.key_groups = groupsOf.map((g) => ({ name: g.name, color: g.color, keys: g.graph_keys || [] }));
  else payload.keys = graph.graph_keys || [];
  const value = (key, fallback) => (entry ? toNumber(entry[valueName(key.id)]) : fallback);
  let sample = 0;
  const next = () => {
    sample += 1;
    return ((sample * 37) % 90) + 10;
  };
  const item = {
    id: 0,
    name: entry ? entry.name || 'Wpis' : 'Przykładowe dane',
    color: entry ? entry.color || '#1f77b4' : '#1f77b4',
    goal: null,
  };
  if (grouped) item.series = groupsOf.map((g) => (g.graph_keys || []).map((k) => value(k, next())));
  else item.values = (graph.graph_keys || []).map((k) => value(k, next()));
  if (entry && Number(entry.with_goal) && toNumber(entry.goal)) {
    const filled = (item.series || [item.values]).flat().filter((v) => v !== null);
    item.goal = {
      goal: toNumber(entry.goal),
      progress: filled.reduce((a, b) => a + b, 0),
      progress_info: entry.goal_progress_info,
      value_info: entry.goal_value_info,
      value_subinfo: entry.goal_value_subinfo,
    };
  }
  payload.groups = [
    {
      id: 0,
      name: groupName,
      value_title: (graph.value_title || '').replaceAll('%GROUP%', groupName),
      entries: [item],
    },
  ];
  payload.name = (graph.name || '').replaceAll('%RANGE%', groupName);
  return payload;
}
