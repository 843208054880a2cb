// The map form: name, internal name (create only), source, details, summary, property keys as
// add/remove rows. Removing keys that have values: the server refuses (409) with its Polish
// message; the operator may confirm, and the form is sent again with remove_keys_with_values: 1.
import { EditLoader, Field, Form, Page, RowsField, useKeyRemoval, useValues } from '@smogpanel/kit';
import { useNavigate, useParams } from 'react-router-dom';
import { CRUMB } from './maps.jsx';
import { LIST, PROPERTY_TYPES, mapPayload, mapValues, maps, summaryAfterCreate } from './resources.js';

const FIELDS = [
  { name: 'name', label: 'Nazwa', required: true },
  {
    name: 'internal_name', label: 'Nazwa wewnętrzna', required: true, createOnly: true,
    help: 'Część publicznego adresu mapy (/view/map/…): małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić.',
  },
  { name: 'source', label: 'Źródło danych', required: true, help: 'Domyślne źródło pomiarów, pokazywane pod mapą.' },
  { name: 'details', label: 'Szczegóły', type: 'textarea', rows: 3 },
  { name: 'show_summary', label: 'Pokaż podsumowanie (sumy wszystkich pomiarów, także ukrytych)', type: 'checkbox' },
  {
    name: 'summary_title', label: 'Tytuł podsumowania', placeholder: 'Wszystkie pomiary',
    help: 'Możesz użyć %FIRST_CHECKPOINT% i %LAST_CHECKPOINT% – zostaną zastąpione nazwą pierwszego i ostatniego widocznego pomiaru. ' +
      'Sumy obejmują także pomiary ukryte (mapa o tym informuje). Domyślnie: „Wszystkie pomiary”.',
  },
];

const KEY_FIELDS = [
  { name: 'name', label: 'Nazwa właściwości', required: true, column: 'col-md-5' },
  { name: 'property_type_name', label: 'Typ', type: 'select', required: true, options: PROPERTY_TYPES, column: 'col-md-3' },
  { name: 'display_name', label: 'Nazwa wyświetlana', placeholder: 'gdy inna niż nazwa', column: 'col-md' },
];

const KEYS_HELP = 'Statystyczne są pokazywane na mapie i sumowane w podsumowaniu. Doprecyzowujące tworzą podmapy: nazwa ' +
  'właściwości jest nazwą podmapy, a nazwa wyświetlana (opcjonalna) jest pokazywana, gdy jest inna. Informacyjne nie są ' +
  'pokazywane na mapie. Import CP_XLS wypełnia właściwości nazwane jak kolumny raportu.';

function MapForm({ id, item }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const [values, set] = useValues(() => mapValues(item));
  const removal = useKeyRemoval('property_keys');

  function send() {
    return removal.send(async (removeKeysWithValues) => {
      const payload = mapPayload(values, { editing, removeKeysWithValues });
      let result = editing ? await maps.edit(id, payload) : await maps.add(payload);
      const summary = !editing && result.ok ? summaryAfterCreate(values) : null;
      if (summary) result = await maps.edit(result.payload.id, summary);
      return result;
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
        <div className="col-12 col-lg-8">
          <RowsField name="property_keys" label="Właściwości mapy" itemLabel="Właściwość" value={values.property_keys}
            onChange={set('property_keys')} fields={KEY_FIELDS} addLabel="Dodaj właściwość" help={KEYS_HELP}
            newRow={() => ({ name: '', display_name: '', property_type_name: 'STATISTIC' })}
            empty="Mapa nie ma jeszcze właściwości. Dodaj je, aby wpisywać pomiary." />
        </div>
      </Form>
      {removal.dialog}
    </div>
  );
}

export function MapCreate() {
  return (
    <Page crumbs={[CRUMB, { label: 'Dodawanie mapy' }]}>
      <MapForm />
    </Page>
  );
}

export function MapEdit() {
  const { mapId } = useParams();
  return (
    <Page crumbs={[CRUMB, { label: 'Edycja mapy' }]}>
      <EditLoader resource={maps} id={mapId}>{(item) => <MapForm key={mapId} id={mapId} item={item} />}</EditLoader>
    </Page>
  );
}
