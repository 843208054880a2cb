// The entries of a group (id, name, updated) and the entry form: one value input per key (per
// key group for BAR and LINE), the colour for MULTILINE, goal fields when with_goal is ticked,
// and a live preview of the chart as the values are typed (SPEC 2.9, 3 Graph entry, 5).
import { EditLoader, Field, Form, ListScreen, Page, TEXT, useItem, useValues } from '@smogpanel/kit';
import { useNavigate, useParams } from 'react-router-dom';
import { useGraphCrumbs } from './groups.jsx';
import { Preview } from './preview.jsx';
import { entries, entriesPath, entryPayload, entryValues, groups, keysOf, previewPayload, valueName } from './resources.js';

function useEntryCrumbs(graphId, groupId, label) {
  const { graph, waiting, crumbs } = useGraphCrumbs(graphId);
  const { item: group } = useItem(groups, groupId);
  const all = [...crumbs, { label: group ? group.name : 'Grupa' }, { label: 'Wpisy', to: entriesPath(graphId, groupId) }];
  return { graph, group, waiting, crumbs: label ? [...all, { label }] : all };
}

export function EntryList() {
  const { graphId, graphGroupId } = useParams();
  const { group, crumbs } = useEntryCrumbs(graphId, graphGroupId);
  const base = entriesPath(graphId, graphGroupId);
  return (
    <ListScreen resource={entries} parent={graphGroupId} crumbs={crumbs} heading={group ? `Wpisy grupy „${group.name}”` : 'Wpisy'}
      actions={[
        { label: 'Dodaj wpis', to: `${base}/add` },
        { label: 'Wróć do listy grup', to: `/graph/${graphId}/group`, variant: 'btn-outline-secondary' },
      ]}
      columns={[{ name: 'id', label: 'ID' }, { name: 'name', label: 'Nazwa' }, { name: 'updated', label: 'Aktualizacja', type: 'updated' }]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable />
  );
}

const GOAL_FIELDS = [
  { name: 'goal', label: 'Cel', type: 'number', required: true, min: 1, step: 'any' },
  { name: 'goal_progress_info', label: 'Opis postępu', required: true, help: 'Np. „Złożone wnioski”.' },
  { name: 'goal_value_info', label: 'Opis celu', required: true, help: 'Np. „Cel programu”.' },
  { name: 'goal_value_subinfo', label: 'Dopisek celu', required: true, help: 'Np. „do końca 2029 r.”.' },
];

function EntryForm({ graph, group, graphId, groupId, id, item }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const [values, set] = useValues(() => entryValues(graph, item));
  const back = entriesPath(graphId, groupId);
  const send = () => {
    const payload = entryPayload(graph, values, { editing, groupId });
    return editing ? entries.edit(id, payload, groupId) : entries.add(payload, groupId);
  };
  const keys = keysOf(graph);
  return (
    <div className="row">
      <div className="col-12 col-lg-7">
        <Form onSubmit={send} onDone={() => navigate(back)}
          cancelTo={back}>
          <div className="col-12">
            <Field field={{ name: 'name', label: 'Nazwa', required: true }} value={values.name} onChange={set('name')} />
            {graph.graph_type_name === 'MULTILINE' && (
              <Field field={{ name: 'color', label: 'Kolor linii', required: true, help: 'Angielska nazwa (np. navy), rgb(…), rgba(…) albo #rrggbb.' }}
                value={values.color} onChange={set('color')} />
            )}
            {!keys.length && <p className="text-muted">Wykres nie ma kluczy: dodaj je w edycji wykresu.</p>}
            {keys.map(({ key, group: keyGroup }) => (
              <Field key={key.id} field={{ name: valueName(key.id), label: keyGroup ? `${keyGroup.name}: ${key.name}` : key.name,
                type: 'number', min: 0, step: 'any' }} value={values[valueName(key.id)]} onChange={set(valueName(key.id))} />
            ))}
            <Field field={{ name: 'with_goal', label: 'Wpis ma cel', type: 'checkbox' }} value={values.with_goal} onChange={set('with_goal')} />
            {Number(values.with_goal) ? GOAL_FIELDS.map((field) => (
              <Field key={field.name} field={field} value={values[field.name]} onChange={set(field.name)} />
            )) : null}
          </div>
        </Form>
      </div>
      <div className="col-12 col-lg-5"><Preview payload={previewPayload(graph, values, group ? group.name : 'Grupa')} /></div>
    </div>
  );
}

function EntryScreen({ label, children }) {
  const { graphId, graphGroupId } = useParams();
  const { graph, group, waiting, crumbs } = useEntryCrumbs(graphId, graphGroupId, label);
  return <Page crumbs={crumbs}>{waiting || children({ graph, group, graphId, groupId: graphGroupId })}</Page>;
}

export function EntryCreate() {
  return <EntryScreen label="Dodawanie wpisu">{(props) => <EntryForm {...props} />}</EntryScreen>;
}

export function EntryEdit() {
  const { graphEntryId } = useParams();
  return (
    <EntryScreen label="Edycja wpisu">
      {(props) => (
        <EditLoader resource={entries} id={graphEntryId}>
          {(item) => <EntryForm key={graphEntryId} {...props} id={graphEntryId} item={item} />}
        </EditLoader>
      )}
    </EntryScreen>
  );
}
