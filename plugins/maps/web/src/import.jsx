// Import of one measurement from a Clean Air report (CP_XLS, CP_XLS_2025): the warning of
// SPEC 5, the template link, and on success the list with what was skipped.
import { Field, Form, Page, api, useValues } from '@smogpanel/kit';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMapCrumbs } from './checkpoints.jsx';
import { IMPORT_TYPES, REPORT_PROPERTIES, checkpoints, checkpointsPath, today } from './resources.js';

const FIELDS = [
  { name: 'name', label: 'Nazwa', required: true },
  { name: 'source', label: 'Źródło', help: 'Tylko jeśli inne niż źródło mapy.' },
  { name: 'captured', label: 'Data pomiaru', type: 'date', help: 'Domyślnie dzisiaj.' },
  { name: 'type', label: 'Typ pliku', type: 'select', required: true, options: IMPORT_TYPES },
  { name: 'file', label: 'Plik', type: 'file', required: true, accept: '.xlsx,.xls,.csv', help: 'Arkusz .xlsx, .xls albo .csv.' },
];

export function Warning({ type }) {
  return (
    <div className="alert alert-warning" role="note">
      <p className="mb-1">
        Mapa musi mieć zdefiniowane właściwości: liczba złożonych wniosków, liczba podpisanych umów, kwota wypłaconych dotacji,
        kotły na biomasę, kotły węglowe, węzły cieplne, ogrzewanie elektryczne, kotły olejowe, kotły gazowe, pompy ciepła
        powietrzne, pompy ciepła gruntowe lub wodne. Brakujące zostaną pominięte. Dodatkowe pola mapy należy uzupełnić w edycji pomiaru.
      </p>
      <p className="mb-1 small">Nazwy właściwości mapy: {REPORT_PROPERTIES.map((name) => `„${name}”`).join(', ')}.</p>
      <a href={`/api/import/${type || 'CP_XLS'}/template`} download>
        Pobierz szablon pliku {type || 'CP_XLS'}
      </a>
    </div>
  );
}

export function CheckpointImport() {
  const { mapId } = useParams();
  const navigate = useNavigate();
  const { crumbs } = useMapCrumbs(mapId, 'Import pomiaru');
  const [values, set] = useValues(() => ({ name: '', source: '', captured: today(), type: '', file: null }));
  const answer = useRef(null);
  const back = checkpointsPath(mapId);

  async function send() {
    const payload = { ...values, source: values.source || null, captured: values.captured || null, map_id: Number(mapId) };
    const result = await checkpoints.run('import', () => api.post('/checkpoint/import', payload), mapId);
    if (result.ok) answer.current = { name: values.name, skipped: result.payload.skipped || [], properties: result.payload.properties };
    return result;
  }

  return (
    <Page crumbs={crumbs}>
      <Warning type={values.type} />
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
