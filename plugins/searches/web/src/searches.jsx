// The search list (public view, embed, edit, delete; the name links to the entries) and the
// search form with its keys as rows: name, hide name, place (SPEC 2.7, 3 Search, 5 Search).
import { EditLoader, Field, Form, ListScreen, Page, RowsField, TEXT, publicLinkColumn, useEmbedAction, useKeyRemoval,
  useValues } from '@smogpanel/kit';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LIST, PLACES, entriesPath, searchPayload, searchValues, searches } from './resources.js';

export const CRUMB = { label: 'Wyszukiwarki', to: LIST };

export function SearchList() {
  const embed = useEmbedAction('search', { noun: 'Wyszukiwarka', defaultSize: 600 });
  return (
    <ListScreen resource={searches} crumbs={[CRUMB]} actions={[{ label: 'Dodaj wyszukiwarkę', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => <Link to={entriesPath(row.id)} title="Wpisy gmin">{row.name}</Link> },
        publicLinkColumn('search', 'Publiczny widok wyszukiwarki'),
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

const FIELDS = [
  { name: 'name', label: 'Nazwa', required: true },
  {
    name: 'internal_name', label: 'Nazwa wewnętrzna', required: true, createOnly: true,
    help: 'Część publicznego adresu wyszukiwarki (/view/search/…): małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić.',
  },
  { name: 'source', label: 'Źródło', help: 'Pokazywane pod kartą gminy, np. „Urzędy gmin, stan na marzec 2026”.' },
];

const KEY_FIELDS = [
  { name: 'name', label: 'Nazwa właściwości', required: true, column: 'col-md-5' },
  { name: 'search_key_place_name', label: 'Miejsce', type: 'select', required: true, options: PLACES, column: 'col-md-3' },
  { name: 'hide_name', label: 'Ukryj nazwę', type: 'checkbox', column: 'col-md' },
];

const KEYS_HELP = 'Każda właściwość to jeden tekst na karcie gminy, w wybranym miejscu: u góry, po lewej, po prawej albo na ' +
  'dole. Z ukrytą nazwą karta pokazuje sam tekst. Nazwy właściwości są nagłówkami kolumn w imporcie WPG_XLS.';

function SearchForm({ id, item }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const [values, set] = useValues(() => searchValues(item));
  const removal = useKeyRemoval('search_keys');

  function send() {
    return removal.send((removeKeysWithValues) => {
      const payload = searchPayload(values, { editing, removeKeysWithValues });
      return editing ? searches.edit(id, payload) : searches.add(payload);
    });
  }

  return (
    <div ref={removal.box}>
      <Form onSubmit={send} onDone={() => navigate(LIST)}
        cancelTo={LIST}>
        <div className="col-12 col-lg-8">
          {FIELDS.map((field) => (
            <Field key={field.name} field={editing && field.createOnly ? { ...field, disabled: true, required: false } : field}
              value={values[field.name]} onChange={set(field.name)} />
          ))}
        </div>
        <div className="col-12 col-xl-10">
          <RowsField name="search_keys" label="Właściwości wyszukiwarki" itemLabel="Właściwość" value={values.search_keys}
            onChange={set('search_keys')} fields={KEY_FIELDS} addLabel="Dodaj właściwość" help={KEYS_HELP}
            newRow={() => ({ name: '', hide_name: 0, search_key_place_name: 'TOP' })}
            empty="Wyszukiwarka nie ma jeszcze właściwości. Dodaj je, aby wpisywać dane gmin." />
        </div>
      </Form>
      {removal.dialog}
    </div>
  );
}

export function SearchCreate() {
  return (
    <Page crumbs={[CRUMB, { label: 'Dodawanie wyszukiwarki' }]}>
      <SearchForm />
    </Page>
  );
}

export function SearchEdit() {
  const { searchId } = useParams();
  return (
    <Page crumbs={[CRUMB, { label: 'Edycja wyszukiwarki' }]}>
      <EditLoader resource={searches} id={searchId}>{(item) => <SearchForm key={searchId} id={searchId} item={item} />}</EditLoader>
    </Page>
  );
}
