// Import of a definition file into a graph: name, file type (those fitting the chart's type),
// then the file field, shown only once a type is chosen (SPEC 4); on success the group list.
import { Field, Form, Page, api, useValues } from '@smogpanel/kit';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useGraphCrumbs } from './groups.jsx';
import { IMPORTS, IMPORT_LABELS, groups, groupsPath } from './resources.js';

const WARNINGS = {
  line: 'Wykres musi mieć grupy kluczy: „Łączna liczba wniosków”, „Liczba wniosków o wymianę kotła”, „Liczba złożonych wniosków”, '
    + '„Liczba podpisanych umów”, „Kwota wypłaconych dotacji”, a w nich klucze województw i „Cała Polska”.',
  multiline: 'Wykres musi mieć klucze: „Cała Polska” oraz pięć źródeł ciepła: „Kotły na biomasę”, „Węzły cieplne”, '
    + '„Ogrzewanie elektryczne”, „Kotły gazowe”, „Pompy ciepła powietrzne”.',
  circle: 'Wykres musi mieć klucze ośmiu źródeł ciepła: „Kotły na biomasę”, „Kotły węglowe”, „Węzły cieplne”, „Ogrzewanie elektryczne”, '
    + '„Kotły olejowe”, „Kotły gazowe”, „Pompy ciepła powietrzne”, „Pompy ciepła gruntowe lub wodne”.',
};
const family = (type) => (type.startsWith('CP_LINE') ? 'line' : type.startsWith('CP_MULTILINE') ? 'multiline' : 'circle');

export function GraphImport() {
  const { graphId } = useParams();
  const navigate = useNavigate();
  const { graph, waiting, crumbs } = useGraphCrumbs(graphId, 'Import definicji');
  const [values, set] = useValues(() => ({ name: '', type: '', file: null }));
  const answer = useRef(null);
  const back = groupsPath(graphId);
  const types = graph ? IMPORTS[graph.graph_type_name] : [];

  async function send() {
    const payload = { name: values.name, graph_id: Number(graphId), type: values.type, file: values.file };
    const result = await groups.run('import', () => api.post('/graph/import', payload), graphId);
    if (result.ok) answer.current = { ...result.payload, skipped: result.payload.skipped || [] };
    return result;
  }

  return (
    <Page crumbs={crumbs}>
      {waiting || (
        <div className="col-12 col-lg-8">
          <Form onSubmit={send} onDone={() => navigate(back, { state: { imported: answer.current } })}
            submitLabel="Importuj" cancelTo={back}>
            <Field field={{ name: 'name', label: 'Nazwa', required: true,
              help: graph.graph_type_name === 'CIRCLE' ? 'Nazwa wpisu; trafi do grupy „Pozycje”.'
                : 'Nazwa wpisu; rok w nazwie (np. „Raport 2024”) wskazuje grupę, inaczej grupa „Pozycje”.' }}
              value={values.name} onChange={set('name')} />
            <Field field={{ name: 'type', label: 'Typ pliku', type: 'select', required: true,
              options: [...types.map((t) => ({ value: t, label: IMPORT_LABELS[t] }))] }}
              value={values.type} onChange={set('type')} />
            {values.type && (
              <>
                <div className="alert alert-warning" role="note">
                  {WARNINGS[family(values.type)]} Brakujące zostaną pominięte i wymienione po imporcie.{' '}
                  <a href={`/api/import/${values.type}/template`} download>Pobierz szablon</a>
                </div>
                <Field field={{ name: 'file', label: 'Plik', type: 'file', required: true, accept: '.xlsx,.xls,.csv' }}
                  value={values.file} onChange={set('file')} />
              </>
            )}
          </Form>
        </div>
      )}
    </Page>
  );
}
