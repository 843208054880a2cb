// The search list (public view, embed, edit, delete; the name links to the entries) and the
// search form with its keys as rows: name, hide name, place (SPEC 2.7, 3 Search, 5 Search).
import { FormScreen, ListScreen, RowsField, TEXT, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { LIST, PLACES, entriesPath, searchPayload, searchValues, searches } from './resources.js';

export const CRUMB = { label: 'Wyszukiwarki', to: LIST };

export function SearchList() {
  const embed = useEmbedAction('search', { noun: 'Wyszukiwarka', defaultSize: 600 });
  return (
    <ListScreen
      resource={searches}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj wyszukiwarkę', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          label: 'Nazwa',
          render: (row) => (
            <Link to={entriesPath(row.id)} title="Wpisy gmin">
              {row.name}
            </Link>
          ),
        },
        publicLinkColumn('search', 'Publiczny widok wyszukiwarki'),
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

const KEY_FIELDS = [
  { name: 'name', label: 'Nazwa właściwości', required: true, column: 'col-md-5' },
  {
    name: 'search_key_place_name',
    label: 'Miejsce',
    type: 'select',
    required: true,
    options: PLACES,
    column: 'col-md-3',
  },
  { name: 'hide_name', label: 'Ukryj nazwę', type: 'checkbox', column: 'col-md' },
];

const KEYS_HELP =
  'Każda właściwość to jeden tekst na karcie gminy, w wybranym miejscu: u góry, po lewej, po prawej albo na ' +
  'dole. Z ukrytą nazwą karta pokazuje sam tekst. Nazwy właściwości są nagłówkami kolumn w imporcie WPG_XLS.';

const FIELDS = [
  { name: 'name', label: 'Nazwa', required: true },
  internalNameField({ of: 'wyszukiwarki', view: 'search' }),
  { name: 'source', label: 'Źródło', help: 'Pokazywane pod kartą gminy, np. „Urzędy gmin, stan na marzec 2026”.' },
]
  .map((field) => ({ ...field, column: 'col-12 col-lg-8' }))
  .concat({
    name: 'search_keys',
    column: 'col-12 col-xl-10',
    render: ({ value, onChange }) => (
      <RowsField
        name="search_keys"
        label="Właściwości wyszukiwarki"
        itemLabel="Właściwość"
        value={value}
        onChange={onChange}
        fields={KEY_FIELDS}
        addLabel="Dodaj właściwość"
        help={KEYS_HELP}
        newRow={() => ({ name: '', hide_name: 0, search_key_place_name: 'TOP' })}
        empty="Wyszukiwarka nie ma jeszcze właściwości. Dodaj je, aby wpisywać dane gmin."
      />
    ),
  });

const form = {
  resource: searches,
  fields: FIELDS,
  valuesOf: searchValues,
  keyRemoval: 'search_keys',
  back: LIST,
  width: null,
  toPayload: (values, { editing, removeKeysWithValues }) => searchPayload(values, { editing, removeKeysWithValues }),
};

export function SearchCreate() {
  return <FormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie wyszukiwarki' }]} />;
}

export function SearchEdit() {
  const { searchId } = useParams();
  return <FormScreen {...form} id={searchId} crumbs={[CRUMB, { label: 'Edycja wyszukiwarki' }]} />;
}
