// The graph list (embed, edit, delete; the name links to the groups) and the graph form whose
// key or key-group rows follow the type, with a live preview (SPEC 2.9, 3 Graph, 5 Graph).
import { TEXT, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, optionsOf, useFormDescription } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import './keys.jsx';
import { Preview } from './preview.jsx';
import {
  GROUPED,
  LIST,
  graphPayload,
  graphValues,
  graphs,
  groupsPath,
  listedName,
  previewPayload,
} from './resources.js';

export const CRUMB = { label: 'Wykresy', to: LIST };

export function GraphList() {
  const embed = useEmbedAction('graph', { noun: 'Wykres', defaultSize: 600, nameOf: listedName });
  const { description } = useFormDescription('graph');
  const types = optionsOf(description, 'graph_type_name');
  const styles = Object.fromEntries(optionsOf(description, 'graph_style_name').map((o) => [o.value, o.label]));
  return (
    <SchemaListScreen
      resource={graphs}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj wykres', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          render: (row) => (
            <Link to={groupsPath(row.id)} title="Grupy wykresu">
              {row.name}
            </Link>
          ),
        },
        publicLinkColumn('graph', 'Publiczny widok wykresu'),
        { name: 'graph_type_name', label: 'Typ' },
        { name: 'graph_style_name', render: (row) => styles[row.graph_style_name] || row.graph_style_name },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      filters={[{ name: 'graph_type_name', label: 'Typ', options: types }]}
      deletable>
      {embed.dialog}
    </SchemaListScreen>
  );
}

const RANGE_HELP =
  'Możesz użyć %RANGE%: zostanie zastąpione zakresem wykresu (nazwy pierwszej i ostatniej grupy, np. 2022–2025).';
const keysOf = (type) => (GROUPED.includes(type) ? 'graph_key_groups' : 'graph_keys');

/** The schema's fields in the screen's order: the unit for BAR only, the keys the type keeps
 * (key groups for BAR and LINE, drawn by the 'graph_keys' widget, keys.jsx). */
const graphForm = ({ graph_type_name: type }) => [
  'title',
  'subtitle',
  { name: 'name', help: type === 'BAR' ? RANGE_HELP : '' },
  'internal_name',
  'subname',
  'graph_type_name',
  'graph_style_name',
  ...(type === 'BAR' ? ['unit'] : []),
  'position_title',
  'value_title',
  'source',
  { name: 'legend', rows: 3 },
  keysOf(type),
];

const form = {
  resource: graphs,
  form: graphForm,
  valuesOf: graphValues,
  toPayload: (payload, options) => graphPayload(options.values, options),
  back: LIST,
  width: 7,
  keyRemoval: (values) => keysOf(values.graph_type_name),
  aside: (values) => <Preview payload={previewPayload(values, null)} />,
};

export function GraphCreate() {
  return <SchemaFormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie wykresu' }]} />;
}

export function GraphEdit() {
  const { graphId } = useParams();
  return <SchemaFormScreen {...form} id={graphId} crumbs={[CRUMB, { label: 'Edycja wykresu' }]} />;
}
