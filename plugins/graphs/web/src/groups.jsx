// The groups of a graph (sortable by id, name, updated; add, import, back) and the group form (name only).
import { FormScreen, ImportReport, ListScreen, StatusBanner, TEXT, useImportReport, useItem } from '@smogpanel/kit';
import { Link, useParams } from 'react-router-dom';
import { CRUMB } from './graphs.jsx';
import { LIST, entriesPath, graphs, groups, groupsPath, listedName } from './resources.js';

/** Breadcrumbs under a graph: Wykresy > <graph name> > Grupy [> label]. */
export function useGraphCrumbs(graphId, label) {
  const { item, error, errors } = useItem(graphs, graphId);
  const crumbs = [
    CRUMB,
    { label: item ? listedName(item) : 'Wykres', to: `${LIST}/${graphId}` },
    { label: 'Grupy', to: groupsPath(graphId) },
  ];
  const waiting = item ? null : <StatusBanner status={error ? 'error' : 'loading'} errors={errors} />;
  return { graph: item, waiting, crumbs: label ? [...crumbs, { label }] : crumbs };
}

export function GroupList() {
  const { graphId } = useParams();
  const { graph, crumbs } = useGraphCrumbs(graphId);
  const report = useImportReport();
  const base = groupsPath(graphId);
  return (
    <ListScreen
      resource={groups}
      parent={graphId}
      crumbs={crumbs}
      heading={graph ? `Grupy wykresu „${listedName(graph)}”` : 'Grupy'}
      actions={[
        { label: 'Dodaj grupę', to: `${base}/add` },
        { label: 'Importuj definicję', to: `${LIST}/${graphId}/import` },
        { label: 'Wróć do listy wykresów', to: LIST, variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          label: 'Nazwa',
          render: (row) => (
            <Link to={entriesPath(graphId, row.id)} title="Wpisy grupy">
              {row.name}
            </Link>
          ),
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && (
        <ImportReport
          summary={`Zaimportowano: utworzone ${report.created}, zaktualizowane ${report.updated}, wartości ${report.values}.`}
          skipped={report.skipped}
        />
      )}
    </ListScreen>
  );
}

const FIELDS = [{ name: 'name', label: 'Nazwa grupy', required: true, help: 'Np. rok: 2024.' }];

export function GroupCreate() {
  const { graphId } = useParams();
  const { crumbs } = useGraphCrumbs(graphId, 'Dodawanie grupy');
  return (
    <FormScreen
      resource={groups}
      parent={graphId}
      crumbs={crumbs}
      fields={FIELDS}
      extra={{ graph_id: Number(graphId) }}
      back={groupsPath(graphId)}
    />
  );
}

export function GroupEdit() {
  const { graphId, graphGroupId } = useParams();
  const { crumbs } = useGraphCrumbs(graphId, 'Edycja grupy');
  return (
    <FormScreen
      resource={groups}
      id={graphGroupId}
      parent={graphId}
      crumbs={crumbs}
      fields={FIELDS}
      back={groupsPath(graphId)}
    />
  );
}
