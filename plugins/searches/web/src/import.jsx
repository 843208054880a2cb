// Import of a search's entries from a spreadsheet (WPG_XLS): the template built from the
// search's own keys, and on success the list with what was added, updated and skipped.
import { ImportScreen, api, importFileField, importTypeField } from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { searchTrail } from './entries.jsx';
import { entries, entriesPath, templateLink } from './resources.js';

const FIELDS = [importTypeField('/search_entry/import'), importFileField()];

export function EntryImport() {
  const { searchId } = useParams();
  const {
    items: [search],
    crumbs,
  } = useParentCrumbs(searchTrail(searchId), 'Import wpisów');
  const [template, setTemplate] = useState(null);
  useEffect(() => {
    let current = true;
    templateLink(searchId).then(
      (url) => current && setTemplate(url),
      () => current && setTemplate(null),
    );
    return () => {
      current = false;
    };
  }, [searchId]);
  const send = (values) =>
    entries.run('import', () => api.post('/search_entry/import', { search_id: Number(searchId), ...values }), searchId);
  return (
    <ImportScreen
      crumbs={crumbs}
      fields={FIELDS}
      initial={{ type: 'WPG_XLS', file: null }}
      send={send}
      back={entriesPath(searchId)}
      note={() => (
        <div className="alert alert-info" role="note">
          <p className="mb-1">
            Jeden wiersz na gminę: kolumny „Gmina”, „Powiat” i „Województwo”, opcjonalnie „Kod TERYT” (siedem cyfr, np.
            1206012: wskazuje gminę zamiast nazw, potrzebny dla gmin o tej samej nazwie w pliku z całego kraju), potem
            po jednej kolumnie na każdą właściwość wyszukiwarki
            {search ? ` (${search.search_keys.map((key) => `„${key.name}”`).join(', ')})` : ''}. Gmina, która ma już
            wpis, zostanie zaktualizowana: wypełniona komórka zastępuje tekst, pusta go usuwa.
          </p>
          {template && (
            <a href={template} download>
              Pobierz szablon pliku z właściwościami tej wyszukiwarki
            </a>
          )}
        </div>
      )}
    />
  );
}
