// The map form: name, internal name (create only), source, details, summary, property keys as
// add/remove rows. Removing keys that have values: the server refuses (409) with its Polish
// message; the operator may confirm, and the form is sent again with remove_keys_with_values: 1.
import { FormScreen, RowsField } from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { CRUMB } from './maps.jsx';
import { LIST, PROPERTY_TYPES, mapPayload, mapValues, maps, summaryAfterCreate } from './resources.js';

const FIELDS = [
  { name: 'name', label: 'Nazwa', required: true },
  internalNameField({ of: 'mapy', view: 'map' }),
  { name: 'source', label: 'Źródło danych', required: true, help: 'Domyślne źródło pomiarów, pokazywane pod mapą.' },
  { name: 'details', label: 'Szczegóły', type: 'textarea', rows: 3 },
  { name: 'show_summary', label: 'Pokaż podsumowanie (sumy wszystkich pomiarów, także ukrytych)', type: 'checkbox' },
  {
    name: 'summary_title',
    label: 'Tytuł podsumowania',
    placeholder: 'Wszystkie pomiary',
    help:
      'Możesz użyć %FIRST_CHECKPOINT% i %LAST_CHECKPOINT% – zostaną zastąpione nazwą pierwszego i ostatniego widocznego pomiaru. ' +
      'Sumy obejmują także pomiary ukryte (mapa o tym informuje). Domyślnie: „Wszystkie pomiary”.',
  },
];

const KEY_FIELDS = [
  { name: 'name', label: 'Nazwa właściwości', required: true, column: 'col-md-5' },
  {
    name: 'property_type_name',
    label: 'Typ',
    type: 'select',
    required: true,
    options: PROPERTY_TYPES,
    column: 'col-md-3',
  },
  { name: 'display_name', label: 'Nazwa wyświetlana', placeholder: 'gdy inna niż nazwa', column: 'col-md' },
];

const KEYS_HELP =
  'Statystyczne są pokazywane na mapie i sumowane w podsumowaniu. Doprecyzowujące tworzą podmapy: nazwa ' +
  'właściwości jest nazwą podmapy, a nazwa wyświetlana (opcjonalna) jest pokazywana, gdy jest inna. Informacyjne nie są ' +
  'pokazywane na mapie. Import CP_XLS wypełnia właściwości nazwane jak kolumny raportu.';

const ALL_FIELDS = [
  ...FIELDS,
  {
    name: 'property_keys',
    render: ({ value, onChange }) => (
      <RowsField
        name="property_keys"
        label="Właściwości mapy"
        itemLabel="Właściwość"
        value={value}
        onChange={onChange}
        fields={KEY_FIELDS}
        addLabel="Dodaj właściwość"
        help={KEYS_HELP}
        newRow={() => ({ name: '', display_name: '', property_type_name: 'STATISTIC' })}
        empty="Mapa nie ma jeszcze właściwości. Dodaj je, aby wpisywać pomiary."
      />
    ),
  },
];

/** Create, then (SPEC 7: the create payload has no summary fields) the summary the operator chose. */
async function save(payload, { editing, id, values }) {
  let result = editing ? await maps.edit(id, payload) : await maps.add(payload);
  const summary = !editing && result.ok ? summaryAfterCreate(values) : null;
  if (summary) result = await maps.edit(result.payload.id, summary);
  return result;
}

const form = {
  resource: maps,
  fields: ALL_FIELDS,
  valuesOf: mapValues,
  toPayload: mapPayload,
  save,
  keyRemoval: 'property_keys',
  back: LIST,
};

export function MapCreate() {
  return <FormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie mapy' }]} />;
}

export function MapEdit() {
  const { mapId } = useParams();
  return <FormScreen {...form} id={mapId} crumbs={[CRUMB, { label: 'Edycja mapy' }]} />;
}
