// The entries of a search: the list (id ascending) with add, import and back, and the entry
// form: the gmina (create only), then one input per key, longer texts in a textarea (SPEC 2.7).
import { FormScreen, ImportReport, ListScreen, StatusBanner, TEXT, useImportReport } from '@smogpanel/kit';
import { GMINA_COLUMNS, schemaFields, useFormDescription, useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import {
  LONG_TEXT,
  boroughLabel,
  entries,
  entriesPath,
  entryPayload,
  entryValues,
  searches,
  valueName,
} from './resources.js';
import { CRUMB } from './searches.jsx';

/** {code: label} of the places on a gmina's card, as the search's form offers them (its schema). */
const placeLabels = (search) =>
  Object.fromEntries(
    search.properties.search_keys.items.properties.search_key_place_name['x-options'].map((o) => [o.value, o.label]),
  );

/** The trail of a screen under a search (useParentCrumbs): Wyszukiwarki > <search name> > Wpisy. */
export const searchTrail = (searchId) => [
  CRUMB,
  { resource: searches, id: searchId, fallback: 'Wyszukiwarka', to: `/search/${searchId}` },
  { label: 'Wpisy', to: entriesPath(searchId) },
];

export function EntryList() {
  const { searchId } = useParams();
  const {
    items: [search],
    crumbs,
  } = useParentCrumbs(searchTrail(searchId));
  const report = useImportReport();
  const base = entriesPath(searchId);
  return (
    <ListScreen
      resource={entries}
      parent={searchId}
      crumbs={crumbs}
      heading={search ? `Wpisy wyszukiwarki „${search.name}”` : 'Wpisy'}
      actions={[
        { label: 'Dodaj wpis', to: `${base}/add` },
        { label: 'Importuj wpisy', to: `${base}/import` },
        { label: 'Wróć do listy wyszukiwarek', to: '/search', variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        ...GMINA_COLUMNS,
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      gminaFilters
      deletable>
      {report && (
        <ImportReport
          skipped={report.skipped}
          summary={`Zaimportowano wpisy: dodane ${report.created}, zaktualizowane ${report.updated}, bez zmian ${report.unchanged ?? 0}.`}
        />
      )}
    </ListScreen>
  );
}

function keyField(key, long, places) {
  const hidden = key.hide_name ? ', nazwa ukryta na karcie' : '';
  return {
    name: valueName(key.id),
    label: key.name,
    type: long ? 'textarea' : 'text',
    rows: 4,
    help: `Miejsce na karcie: ${places[key.search_key_place_name] || key.search_key_place_name}${hidden}. Pusty tekst nie jest pokazywany.`,
  };
}

/** The gmina (chosen when creating, shown when editing), then one field per key: a textarea for a
 * text stored long or with line breaks. */
function entryFields(keys, places, described) {
  return (values, { item }) => {
    const stored = entryValues(keys, item);
    const isLong = (key) => {
      const text = String(stored[valueName(key.id)]);
      return text.length > LONG_TEXT || text.includes('\n');
    };
    return schemaFields(described, [
      // the kit's gmina picker (the schema's widget); once created, the gmina as the list names it
      { name: 'borough_id', required: true, shown: boroughLabel },
      ...(keys.length
        ? []
        : [
            {
              render: () => (
                <p className="text-muted">Wyszukiwarka nie ma właściwości: dodaj je w edycji wyszukiwarki.</p>
              ),
            },
          ]),
      ...keys.map((key) => keyField(key, isLong(key), places)),
    ]);
  };
}

function EntryScreen({ label, id }) {
  const { searchId } = useParams();
  const {
    items: [search],
    waiting,
    crumbs,
  } = useParentCrumbs(searchTrail(searchId), label);
  const keys = search ? search.search_keys : [];
  const form = useFormDescription('search');
  const entry = useFormDescription('search_entry').description;
  return (
    <FormScreen
      resource={entries}
      id={id}
      parent={searchId}
      crumbs={crumbs}
      waiting={
        waiting || ((!form.description || !entry) && <StatusBanner status={form.errors ? 'error' : 'loading'} />)
      }
      back={entriesPath(searchId)}
      fields={form.description && entry && entryFields(keys, placeLabels(form.description), entry)}
      valuesOf={(item) => entryValues(keys, item)}
      toPayload={(values, { editing }) => entryPayload(keys, values, { editing, searchId })}
    />
  );
}

export function EntryCreate() {
  return <EntryScreen label="Dodawanie wpisu" />;
}

export function EntryEdit() {
  const { searchEntryId } = useParams();
  return <EntryScreen label="Edycja wpisu" id={searchEntryId} />;
}
