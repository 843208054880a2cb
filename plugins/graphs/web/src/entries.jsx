// The entries of a group (id, name, updated) and the entry form: one value input per key (per
// key group for BAR and LINE), the colour for MULTILINE, goal fields when with_goal is ticked,
// and a live preview of the chart as the values are typed (SPEC 2.9, 3 Graph entry, 5).
import { TEXT } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { graphTrail } from './groups.jsx';
import { Preview } from './preview.jsx';
import {
  entries,
  entriesPath,
  entryPayload,
  entryValues,
  groups,
  keysOf,
  previewPayload,
  valueName,
} from './resources.js';

/** The trail of a screen under a graph's group: Wykresy > <graph> > Grupy > <group> > Wpisy. */
const entryTrail = (graphId, groupId) => [
  ...graphTrail(graphId),
  { resource: groups, id: groupId, fallback: 'Grupa' },
  { label: 'Wpisy', to: entriesPath(graphId, groupId) },
];

export function EntryList() {
  const { graphId, graphGroupId } = useParams();
  const {
    items: [, group],
    crumbs,
  } = useParentCrumbs(entryTrail(graphId, graphGroupId));
  const base = entriesPath(graphId, graphGroupId);
  return (
    <SchemaListScreen
      resource={entries}
      parent={graphGroupId}
      crumbs={crumbs}
      heading={group ? `Wpisy grupy „${group.name}”` : 'Wpisy'}
      actions={[
        { label: 'Dodaj wpis', to: `${base}/add` },
        { label: 'Wróć do listy grup', to: `/graph/${graphId}/group`, variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable
    />
  );
}

// The goal's fields, each required once the entry has a goal.
const GOAL_FIELDS = ['goal', 'goal_progress_info', 'goal_value_info', 'goal_value_subinfo'].map((name) => ({
  name,
  required: true,
}));

/** The schema's name, the colour for MULTILINE, one value per key (per key group for BAR and LINE), the goal when ticked. */
const entryFields = (graph) => (values) => {
  const keys = keysOf(graph);
  return [
    'name',
    ...(graph.graph_type_name === 'MULTILINE' ? [{ name: 'color', required: true }] : []),
    ...(keys.length
      ? []
      : [{ render: () => <p className="text-muted">Wykres nie ma kluczy: dodaj je w edycji wykresu.</p> }]),
    ...keys.map(({ key, group: keyGroup }) => ({
      name: valueName(key.id),
      label: keyGroup ? `${keyGroup.name}: ${key.name}` : key.name,
      type: 'number',
      min: 0,
      step: 'any',
    })),
    'with_goal',
    ...(Number(values.with_goal) ? GOAL_FIELDS : []),
  ];
};

function EntryScreen({ label, id }) {
  const { graphId, graphGroupId } = useParams();
  const {
    items: [graph, group],
    waiting,
    crumbs,
  } = useParentCrumbs(entryTrail(graphId, graphGroupId), label);
  return (
    <SchemaFormScreen
      resource={entries}
      id={id}
      parent={graphGroupId}
      crumbs={crumbs}
      waiting={waiting}
      back={entriesPath(graphId, graphGroupId)}
      width={7}
      form={graph ? entryFields(graph) : []}
      valuesOf={(item) => entryValues(graph, item)}
      toPayload={(payload, { values, editing }) => entryPayload(graph, values, { editing, groupId: graphGroupId })}
      aside={(values) => <Preview payload={previewPayload(graph, values, group ? group.name : 'Grupa')} />}
    />
  );
}

export function EntryCreate() {
  return <EntryScreen label="Dodawanie wpisu" />;
}

export function EntryEdit() {
  const { graphEntryId } = useParams();
  return <EntryScreen label="Edycja wpisu" id={graphEntryId} />;
}
