// The search list (public view, embed, edit, delete; the name links to the entries) and the
// search form with its keys as rows: name, hide name, place (SPEC 2.7, 3 Search, 5 Search).
import { TEXT, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { LIST, entriesPath, searchPayload, searchValues, searches } from './resources.js';

export const CRUMB = { label: 'Wyszukiwarki', to: LIST };

export function SearchList() {
  const embed = useEmbedAction('search', { noun: 'Wyszukiwarka', defaultSize: 600 });
  return (
    <SchemaListScreen
      resource={searches}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj wyszukiwarkę', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
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
    </SchemaListScreen>
  );
}

// The rows of keys: the schema's fields in the screen's order and widths.
const KEY_ROWS = {
  form: [
    { name: 'name', column: 'col-md-5' },
    { name: 'search_key_place_name', column: 'col-md-3' },
    { name: 'hide_name', column: 'col-md' },
  ],
  addLabel: 'Dodaj właściwość',
  newRow: () => ({ name: '', hide_name: 0, search_key_place_name: 'TOP' }),
  empty: 'Wyszukiwarka nie ma jeszcze właściwości. Dodaj je, aby wpisywać dane gmin.',
};

const form = {
  resource: searches,
  form: [
    ...['name', 'internal_name', 'source'].map((name) => ({ name, column: 'col-12 col-lg-8' })),
    { name: 'search_keys', column: 'col-12 col-xl-10', rows: KEY_ROWS },
  ],
  valuesOf: searchValues,
  keyRemoval: 'search_keys',
  back: LIST,
  width: null,
  toPayload: (payload, { values, editing, removeKeysWithValues }) =>
    searchPayload(values, { editing, removeKeysWithValues }),
};

export function SearchCreate() {
  return <SchemaFormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie wyszukiwarki' }]} />;
}

export function SearchEdit() {
  const { searchId } = useParams();
  return <SchemaFormScreen {...form} id={searchId} crumbs={[CRUMB, { label: 'Edycja wyszukiwarki' }]} />;
}
