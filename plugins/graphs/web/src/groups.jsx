// The groups of a graph (sortable by id, name, updated; add, import, back) and the group form (name only).
import { ImportReport, TEXT, useImportReport } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useParentCrumbs } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { CRUMB } from './graphs.jsx';
import { LIST, entriesPath, graphs, groups, groupsPath, listedName } from './resources.js';

/** The trail of a screen under a graph (useParentCrumbs): Wykresy > <graph name> > Grupy. */
export const graphTrail = (graphId) => [
  CRUMB,
  { resource: graphs, id: graphId, fallback: 'Wykres', name: listedName, to: `${LIST}/${graphId}` },
  { label: 'Grupy', to: groupsPath(graphId) },
];

export function GroupList() {
  const { graphId } = useParams();
  const {
    items: [graph],
    crumbs,
  } = useParentCrumbs(graphTrail(graphId));
  const report = useImportReport();
  const base = groupsPath(graphId);
  return (
    <SchemaListScreen
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
    </SchemaListScreen>
  );
}

export function GroupCreate() {
  const { graphId } = useParams();
  const { crumbs } = useParentCrumbs(graphTrail(graphId), 'Dodawanie grupy');
  return (
    <SchemaFormScreen
      resource={groups}
      parent={graphId}
      crumbs={crumbs}
      omit={['graph_id']}
      extra={{ graph_id: Number(graphId) }}
      back={groupsPath(graphId)}
    />
  );
}

export function GroupEdit() {
  const { graphId, graphGroupId } = useParams();
  const { crumbs } = useParentCrumbs(graphTrail(graphId), 'Edycja grupy');
  return (
    <SchemaFormScreen
      resource={groups}
      id={graphGroupId}
      parent={graphId}
      crumbs={crumbs}
      omit={['graph_id']}
      back={groupsPath(graphId)}
    />
  );
}
