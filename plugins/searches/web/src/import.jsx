// Import of a search's entries from a spreadsheet (WPG_XLS): the template built from the
// search's own keys, and on success the list with what was added, updated and skipped.
import { Field, Form, Page, api, useValues } from '@smogpanel/kit';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSearchCrumbs } from './entries.jsx';
import { entries, entriesPath, templateUrl } from './resources.js';

const FIELDS = [
  { name: 'type', label: 'Typ pliku', type: 'select', required: true, options: [{ value: 'WPG_XLS', label: 'Wpisy wyszukiwarki (WPG_XLS)' }] },
  { name: 'file', label: 'Plik', type: 'file', required: true, accept: '.xlsx,.xls,.csv', help: 'Arkusz .xlsx, .xls albo .csv.' },
];

export function EntryImport() {
  const { searchId } = useParams();
  const navigate = useNavigate();
  const { search, crumbs } = useSearchCrumbs(searchId, 'Import wpisów');
  const [values, set] = useValues(() => ({ type: 'WPG_XLS', file: null }));
  const answer = useRef(null);
  const back = entriesPath(searchId);

  async function send() {
    const payload = { search_id: Number(searchId), type: values.type, file: values.file };
    const result = await entries.run('import', () => api.post('/search_entry/import', payload), searchId);
    if (result.ok) answer.current = { ...result.payload, skipped: result.payload.skipped || [] };
    return result;
  }

  return (
    <Page crumbs={crumbs}>
      <div className="alert alert-info" role="note">
        <p className="mb-1">
          Jeden wiersz na gminę: kolumny „Gmina”, „Powiat” i „Województwo”, potem po jednej kolumnie na każdą właściwość
          wyszukiwarki{search ? ` (${search.search_keys.map((key) => `„${key.name}”`).join(', ')})` : ''}. Gmina, która ma już
          wpis, zostanie zaktualizowana: wypełniona komórka zastępuje tekst, pusta go usuwa.
        </p>
        <a href={templateUrl(searchId)} download>Pobierz szablon pliku z właściwościami tej wyszukiwarki</a>
      </div>
      <div className="col-12 col-lg-8">
        <Form onSubmit={send} onDone={() => navigate(back, { state: { imported: answer.current } })}
          submitLabel="Importuj" cancelTo={back}>
          {FIELDS.map((field) => (
            <Field key={field.name} field={field} value={values[field.name]} onChange={set(field.name)} />
          ))}
        </Form>
      </div>
    </Page>
  );
}
