// The shared definition: the form (types, each with its named numbers), its versions with
// restore, its export; and the import of a definition sheet (SPEC 2.8, 4, 5).
import {
  Form,
  ImportScreen,
  Page,
  StatusBanner,
  api,
  formatDate,
  importFileField,
  importTypeField,
  useResourceState,
  useValues,
} from '@smogpanel/kit';
import { registerWidget, rowsWidget, schemaFields, useFormDescription } from '@smogpanel/kit/helpers';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CRUMB } from './calculators.jsx';
import {
  LIST,
  definition,
  definitionForm,
  definitionPayload,
  loadDefinition,
  loadVersions,
  typeRows,
} from './resources.js';

// The types and their definitions: the 'definition_types' widget the definition's schema names
// (GET /api/form/calculator_definition); the rows' labels and helps are the schema's.
registerWidget(
  'definition_types',
  rowsWidget({
    types: {
      form: ['name'],
      removeLabel: 'Usuń typ',
      addLabel: 'Dodaj typ',
      keys: { form: definitionForm, addLabel: 'Dodaj definicję', empty: 'Typ nie ma jeszcze definicji.' },
    },
  }),
);

function DefinitionForm({ types: stored, description }) {
  const navigate = useNavigate();
  const [values, set] = useValues(() => ({ types: typeRows(stored) }));
  const [types] = schemaFields(description, ['types']);
  async function send() {
    const result = await definition.run('edited', () =>
      api.post('/calculator/definition/', definitionPayload(values.types)),
    );
    if (result.ok) loadVersions();
    return result;
  }
  return (
    <Form onSubmit={send} onDone={() => navigate(LIST)} cancelTo={LIST}>
      {types.render({ value: values.types, onChange: set('types'), values })}
    </Form>
  );
}

function Versions() {
  const { versions } = useResourceState(definition);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  useEffect(() => {
    loadVersions();
  }, []);
  async function restore(version) {
    setOutcome({ status: 'loading', errors: [] });
    const result = await definition.run('edited', () =>
      api.post(`/calculator/definition/version/${version.id}/restore`),
    );
    setOutcome(result.ok ? { status: 'success', errors: [] } : { status: 'error', errors: result.error.errors });
    if (result.ok) {
      loadDefinition();
      loadVersions();
    }
  }
  async function exportSheet() {
    const result = await definition.run('exported', () => api.get('/calculator/definition/export'));
    if (result.ok) window.location.assign(result.payload);
  }
  return (
    <section className="mt-4" aria-labelledby="versions-title">
      <h2 id="versions-title" className="h5">
        Wersje definicji
      </h2>
      <p className="small text-muted">
        Każdy zapis, import i przywrócenie tworzy nową wersję; wcześniejsze zostają i można je przywrócić.
      </p>
      <StatusBanner status={outcome.status} errors={outcome.errors} />
      <button type="button" className="btn btn-sm btn-outline-secondary mb-2" onClick={exportSheet}>
        Eksportuj obecną definicję
      </button>
      {!versions ? (
        <p>Wczytywanie...</p>
      ) : (
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Wersja</th>
              <th scope="col">Utworzona</th>
              <th scope="col">Źródło</th>
              <th scope="col">Typy / definicje</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.id}>
                <td>
                  {version.id}
                  {version.current ? ' (obecna)' : ''}
                </td>
                <td>{formatDate(version.created)}</td>
                <td>{version.source}</td>
                <td>
                  {version.types} / {version.definitions}
                </td>
                <td>
                  {!version.current && (
                    <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => restore(version)}>
                      Przywróć
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function DefinitionSet() {
  const { types, error, errors } = useResourceState(definition);
  const form = useFormDescription('calculator_definition');
  useEffect(() => {
    loadDefinition();
  }, []);
  return (
    <Page crumbs={[CRUMB, { label: 'Definicja kalkulatorów' }]}>
      <div className="col-12 col-xl-10">
        {types && form.description ? (
          <DefinitionForm key={JSON.stringify(types.map((t) => t.id))} types={types} description={form.description} />
        ) : (
          <StatusBanner status={error || form.errors ? 'error' : 'loading'} errors={errors || form.errors} />
        )}
        <Versions />
      </div>
    </Page>
  );
}

export function DefinitionImport() {
  const send = (values) => definition.run('imported', () => api.post('/calculator/definition/import', values));
  return (
    <ImportScreen
      crumbs={[CRUMB, { label: 'Import definicji' }]}
      fields={[importTypeField('/calculator/definition/import'), importFileField()]}
      initial={{ type: '', file: null }}
      send={send}
      back={LIST}
      layout
      report={(values, answer, type) => ({ label: type ? type.choice : values.type, ...answer })}
      note={() => (
        <div className="alert alert-info" role="note">
          <p className="mb-0">
            Import tworzy nową wersję definicji wszystkich kalkulatorów; poprzednia zostaje w historii wersji i można ją
            przywrócić. Import POBE zastępuje źródła ciepła i zachowuje typ „Standard budynku”.
          </p>
        </div>
      )}
    />
  );
}
