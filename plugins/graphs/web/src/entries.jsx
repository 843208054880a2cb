// The entries of a group (id, name, updated) and the entry form: one value input per key (per
// key group for BAR and LINE), the colour for MULTILINE, goal fields when with_goal is ticked,
// and a live preview of the chart as the values are typed (SPEC 2.9, 3 Graph entry, 5).
import { FormScreen, ListScreen, TEXT } from '@smogpanel/kit';
import { useParentCrumbs } from '@smogpanel/kit/helpers';
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
    <ListScreen
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
        { name: 'name', label: 'Nazwa' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable
    />
  );
}

const GOAL_FIELDS = [
  { name: 'goal', label: 'Cel', type: 'number', required: true, min: 1, step: 'any' },
  { name: 'goal_progress_info', label: 'Opis postępu', required: true, help: 'Np. „Złożone wnioski”.' },
  { name: 'goal_value_info', label: 'Opis celu', required: true, help: 'Np. „Cel programu”.' },
  { name: 'goal_value_subinfo', label: 'Dopisek celu', required: true, help: 'Np. „do końca 2029 r.”.' },
];

/** The name, the colour for MULTILINE, one value per key (per key group for BAR and LINE), the goal when ticked. */
const entryFields = (graph) => (values) => {
  const keys = keysOf(graph);
  return [
    { name: 'name', label: 'Nazwa', required: true },
    ...(graph.graph_type_name === 'MULTILINE'
      ? [
          {
            name: 'color',
            label: 'Kolor linii',
            required: true,
            help: 'Angielska nazwa (np. navy), rgb(…), rgba(…) albo #rrggbb.',
          },
        ]
      : []),
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
    { name: 'with_goal', label: 'Wpis ma cel', type: 'checkbox' },
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
    <FormScreen
      resource={entries}
      id={id}
      parent={graphGroupId}
      crumbs={crumbs}
      waiting={waiting}
      back={entriesPath(graphId, graphGroupId)}
      width={7}
      fields={graph && entryFields(graph)}
      valuesOf={(item) => entryValues(graph, item)}
      toPayload={(values, { editing }) => entryPayload(graph, values, { editing, groupId: graphGroupId })}
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
