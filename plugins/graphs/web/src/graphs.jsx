// The graph list (embed, edit, delete; the name links to the groups) and the graph form whose
// key or key-group rows follow the type, with a live preview (SPEC 2.9, 3 Graph, 5 Graph).
import {
  FormScreen,
  KeyRowsField,
  ListScreen,
  RowsField,
  TEXT,
  publicLinkColumn,
  useEmbedAction,
} from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { Preview } from './preview.jsx';
import {
  GROUPED,
  LIST,
  STYLES,
  TYPES,
  graphPayload,
  graphValues,
  graphs,
  groupsPath,
  listedName,
  previewPayload,
} from './resources.js';

export const CRUMB = { label: 'Wykresy', to: LIST };
const STYLE_LABEL = Object.fromEntries(STYLES.map((s) => [s.value, s.label]));

export function GraphList() {
  const embed = useEmbedAction('graph', { noun: 'Wykres', defaultSize: 600, nameOf: listedName });
  return (
    <ListScreen
      resource={graphs}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj wykres', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          label: 'Nazwa',
          render: (row) => (
            <Link to={groupsPath(row.id)} title="Grupy wykresu">
              {row.name}
            </Link>
          ),
        },
        publicLinkColumn('graph', 'Publiczny widok wykresu'),
        { name: 'graph_type_name', label: 'Typ' },
        {
          name: 'graph_style_name',
          label: 'Motyw',
          render: (row) => STYLE_LABEL[row.graph_style_name] || row.graph_style_name,
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      filters={[{ name: 'graph_type_name', label: 'Typ', options: TYPES }]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

const fieldsFor = (type) => [
  { name: 'title', label: 'Tytuł' },
  { name: 'subtitle', label: 'Podtytuł' },
  {
    name: 'name',
    label: 'Nazwa',
    required: true,
    help:
      type === 'BAR'
        ? 'Możesz użyć %RANGE%: zostanie zastąpione zakresem wykresu (nazwy pierwszej i ostatniej grupy, np. 2022–2025).'
        : '',
  },
  internalNameField({ of: 'wykresu', view: 'graph' }),
  { name: 'subname', label: 'Podnazwa' },
  { name: 'graph_type_name', label: 'Typ wykresu', type: 'select', required: true, options: TYPES },
  { name: 'graph_style_name', label: 'Motyw', type: 'select', required: true, options: STYLES },
  ...(type === 'BAR' ? [{ name: 'unit', label: 'Jednostka', help: 'Np. szt., zł, %.' }] : []),
  { name: 'position_title', label: 'Tytuł pozycji', required: true },
  {
    name: 'value_title',
    label: 'Tytuł wartości',
    required: true,
    help: 'Możesz użyć %GROUP%: zostanie zastąpione nazwą wybranej grupy.',
  },
  { name: 'source', label: 'Źródło' },
  { name: 'legend', label: 'Legenda', type: 'textarea', rows: 3 },
];

const KEY_FIELDS = [
  { name: 'name', label: 'Nazwa klucza', required: true, column: 'col-md-6' },
  { name: 'short_name', label: 'Krótka nazwa', required: true, column: 'col-md-4' },
];
const COLOR_HELP = 'Angielska nazwa (np. red), rgb(…), rgba(…) albo #rrggbb.';

const GROUP_FIELDS = [
  { name: 'name', label: 'Nazwa grupy', required: true, column: 'col-md-5' },
  { name: 'color', label: 'Kolor', required: true, help: COLOR_HELP, column: 'col-md-4' },
];

/** Key groups (LINE, BAR): each a named, coloured series with its own keys. */
function KeyGroupsField({ value, onChange }) {
  return (
    <KeyRowsField
      name="graph_key_groups"
      label="Grupy kluczy"
      itemLabel="Grupa kluczy"
      value={value}
      onChange={onChange}
      fields={GROUP_FIELDS}
      removeLabel="Usuń grupę"
      addLabel="Dodaj grupę kluczy"
      newRow={() => ({ name: '', color: '' })}
      empty="Wykres nie ma jeszcze grup kluczy. Każda grupa to seria danych w swoim kolorze."
      keys={{
        name: 'graph_keys',
        id: 'keys',
        label: 'Klucze grupy',
        itemLabel: 'Klucz',
        fields: KEY_FIELDS,
        addLabel: 'Dodaj klucz',
        newRow: () => ({ name: '', short_name: '' }),
      }}
    />
  );
}

// The keys follow the type: key groups for LINE and BAR, plain keys otherwise.
const keysField = (type) => ({
  name: GROUPED.includes(type) ? 'graph_key_groups' : 'graph_keys',
  render: ({ value, onChange }) =>
    GROUPED.includes(type) ? (
      <KeyGroupsField value={value} onChange={onChange} />
    ) : (
      <RowsField
        name="graph_keys"
        label="Klucze wykresu"
        itemLabel="Klucz"
        value={value}
        onChange={onChange}
        fields={KEY_FIELDS}
        addLabel="Dodaj klucz"
        newRow={() => ({ name: '', short_name: '' })}
        empty={type === 'CIRCLE' ? 'Każdy klucz to wycinek koła.' : 'Każdy klucz to punkt na osi poziomej.'}
      />
    ),
});

const form = {
  resource: graphs,
  valuesOf: graphValues,
  toPayload: graphPayload,
  back: LIST,
  width: 7,
  fields: (values) => [...fieldsFor(values.graph_type_name), keysField(values.graph_type_name)],
  keyRemoval: (values) => keysField(values.graph_type_name).name,
  aside: (values) => <Preview payload={previewPayload(values, null)} />,
};

export function GraphCreate() {
  return <FormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie wykresu' }]} />;
}

export function GraphEdit() {
  const { graphId } = useParams();
  return <FormScreen {...form} id={graphId} crumbs={[CRUMB, { label: 'Edycja wykresu' }]} />;
}
