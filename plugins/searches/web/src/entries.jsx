// The entries of a search: the list (id ascending) with add, import and back, and the entry
// form: the gmina (create only), then one input per key, longer texts in a textarea (SPEC 2.7).
import { EditLoader, Field, Form, GminaSelect, ImportReport, ListScreen, Page, StatusBanner, TEXT, useImportReport, useItem, useValues } from '@smogpanel/kit';
import { useNavigate, useParams } from 'react-router-dom';
import { LONG_TEXT, PLACES, boroughLabel, entries, entriesPath, entryPayload, entryValues, searches, valueName } from './resources.js';
import { CRUMB } from './searches.jsx';

const PLACE_LABEL = Object.fromEntries(PLACES.map((place) => [place.value, place.label]));

/** Breadcrumbs under a search: Wyszukiwarki > <search name> > Wpisy [> label]. */
export function useSearchCrumbs(searchId, label) {
  const { item, error, errors } = useItem(searches, searchId);
  const crumbs = [CRUMB, { label: item ? item.name : 'Wyszukiwarka', to: `/search/${searchId}` },
    { label: 'Wpisy', to: entriesPath(searchId) }];
  const waiting = item ? null : <StatusBanner status={error ? 'error' : 'loading'} errors={errors} />;
  return { search: item, waiting, crumbs: label ? [...crumbs, { label }] : crumbs };
}

export function EntryList() {
  const { searchId } = useParams();
  const { search, crumbs } = useSearchCrumbs(searchId);
  const report = useImportReport();
  const base = entriesPath(searchId);
  return (
    <ListScreen resource={entries} parent={searchId} crumbs={crumbs} heading={search ? `Wpisy wyszukiwarki „${search.name}”` : 'Wpisy'}
      actions={[
        { label: 'Dodaj wpis', to: `${base}/add` },
        { label: 'Importuj wpisy', to: `${base}/import` },
        { label: 'Wróć do listy wyszukiwarek', to: '/search', variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'borough_name', label: 'Gmina' },
        { name: 'district_name', label: 'Powiat' },
        { name: 'voivodeship_name', label: 'Województwo' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && (
        <ImportReport skipped={report.skipped}
          summary={`Zaimportowano wpisy: dodane ${report.created}, zaktualizowane ${report.updated}, bez zmian ${report.unchanged ?? 0}.`} />
      )}
    </ListScreen>
  );
}

function keyField(key, long) {
  const hidden = key.hide_name ? ', nazwa ukryta na karcie' : '';
  return {
    name: valueName(key.id), label: key.name, type: long ? 'textarea' : 'text', rows: 4,
    help: `Miejsce na karcie: ${PLACE_LABEL[key.search_key_place_name] || key.search_key_place_name}${hidden}. Pusty tekst nie jest pokazywany.`,
  };
}

function EntryForm({ search, searchId, id, item }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const keys = search.search_keys;
  const [values, set] = useValues(() => entryValues(keys, item));
  const back = entriesPath(searchId);
  const isLong = (key) => {
    const text = String(entryValues(keys, item)[valueName(key.id)]);
    return text.length > LONG_TEXT || text.includes('\n');
  };
  const [long] = useValues(() => Object.fromEntries(keys.map((key) => [key.id, isLong(key)])));

  function send() {
    const payload = entryPayload(keys, values, { editing, searchId });
    return editing ? entries.edit(id, payload, searchId) : entries.add(payload, searchId);
  }

  return (
    <div className="col-12 col-lg-8">
      <Form onSubmit={send} onDone={() => navigate(back)}
        cancelTo={back}>
        {editing ? (
          <p className="fs-5">Gmina: {boroughLabel(item)}</p>
        ) : (
          <GminaSelect value={values.borough_id} onChange={set('borough_id')} required />
        )}
        {!keys.length && <p className="text-muted">Wyszukiwarka nie ma właściwości: dodaj je w edycji wyszukiwarki.</p>}
        {keys.map((key) => (
          <Field key={key.id} field={keyField(key, long[key.id])} value={values[valueName(key.id)]} onChange={set(valueName(key.id))} />
        ))}
      </Form>
    </div>
  );
}

export function EntryCreate() {
  const { searchId } = useParams();
  const { search, waiting, crumbs } = useSearchCrumbs(searchId, 'Dodawanie wpisu');
  return <Page crumbs={crumbs}>{waiting || <EntryForm search={search} searchId={searchId} />}</Page>;
}

export function EntryEdit() {
  const { searchId, searchEntryId } = useParams();
  const { search, waiting, crumbs } = useSearchCrumbs(searchId, 'Edycja wpisu');
  return (
    <Page crumbs={crumbs}>
      {waiting || (
        <EditLoader resource={entries} id={searchEntryId}>
          {(item) => <EntryForm key={searchEntryId} search={search} searchId={searchId} id={searchEntryId} item={item} />}
        </EditLoader>
      )}
    </Page>
  );
}
