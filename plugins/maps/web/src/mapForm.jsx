// The map form: name, internal name (create only), source, details, summary, property keys as
// add/remove rows. Removing keys that have values: the server refuses (409) with its Polish
// message; the operator may confirm, and the form is sent again with remove_keys_with_values: 1.
import { SchemaFormScreen } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { CRUMB } from './maps.jsx';
import { DEFAULT_SUMMARY_TITLE, LIST, mapPayload, mapValues, maps, summaryAfterCreate } from './resources.js';

// The rows of keys: the schema's fields in the screen's order and widths.
const KEY_ROWS = {
  form: [
    { name: 'name', column: 'col-md-5' },
    { name: 'property_type_name', column: 'col-md-3' },
    { name: 'display_name', placeholder: 'gdy inna niż nazwa', column: 'col-md' },
  ],
  addLabel: 'Dodaj właściwość',
  newRow: () => ({ name: '', display_name: '', property_type_name: 'STATISTIC' }),
  empty: 'Mapa nie ma jeszcze właściwości. Dodaj je, aby wpisywać pomiary.',
};

const FORM = [
  'name',
  'internal_name',
  'source',
  { name: 'details', rows: 3 },
  'show_summary',
  { name: 'summary_title', placeholder: DEFAULT_SUMMARY_TITLE },
  { name: 'property_keys', rows: KEY_ROWS },
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
  form: FORM,
  valuesOf: mapValues,
  toPayload: (payload, options) => mapPayload(options.values, options),
  save,
  keyRemoval: 'property_keys',
  back: LIST,
};

export function MapCreate() {
  return <SchemaFormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie mapy' }]} />;
}

export function MapEdit() {
  const { mapId } = useParams();
  return <SchemaFormScreen {...form} id={mapId} crumbs={[CRUMB, { label: 'Edycja mapy' }]} />;
}
