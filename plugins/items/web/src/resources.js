// The items' resource, the item types and the form's payload (SPEC 2.11, 3 Item, 4, 5 Item, 7).
import { api, defineResource, formatDate } from '@smogpanel/kit';

export const LIST = '/item';
export const items = defineResource({ kind: 'item', base: '/item' });

export const TEXT_HOOK = 'TEXT';
export const BOROUGH = 'BOROUGH';
export const VOIVODESHIP = 'VOIVODESHIP';
export const INTEGRATION = 'INTEGRATION';

let typesCache = null;
/** The enabled plugins' item types, sorted by name (one request per page). */
export function loadTypes() {
  if (!typesCache) {
    typesCache = api.get('/item_type/', { order: 'name', asc: 1 }).then(
      (payload) => payload.list,
      (error) => {
        typesCache = null;
        throw error;
      },
    );
  }
  return typesCache;
}
export const forgetTypes = () => {
  typesCache = null;
};

export const hookField = (name) => `hook-${name}`;

// What draws an entered hook's value: the kit's widgets by name (placeWidgets.jsx)
const HOOK_WIDGETS = { [TEXT_HOOK]: 'text', [BOROUGH]: 'gmina', [VOIVODESHIP]: 'voivodeship' };

/** An entered hook (a row of hookRows) described as a form's property (as GET /api/form/<kind>
 * describes a field): its label, and the widget of its type. */
export const hookProperty = (row) => ({
  title: row.item_type_hook_display_name,
  'x-widget': HOOK_WIDGETS[row.item_type_hook_type_name] || 'text',
});

/** The form's hook rows: the type's hooks, each with the item's stored value (if any). */
export function hookRows(type, item) {
  const stored = Object.fromEntries(((item && item.hooks) || []).map((h) => [h.item_type_hook_name, h]));
  const rows = type
    ? type.hooks.map((hook) => ({
        ...(stored[hook.name] || {}),
        item_type_hook_name: hook.name,
        item_type_hook_display_name: hook.display_name,
        item_type_hook_type_name: hook.type_name,
        unit: hook.unit,
        available: true,
        ...(hook.integration ? { integration: hook.integration, integration_name: hook.integration_name } : {}),
      }))
    : [];
  const gone = ((item && item.hooks) || []).filter(
    (h) => !type || !type.hooks.some((hook) => hook.name === h.item_type_hook_name),
  );
  return [...rows, ...gone.map((h) => ({ ...h, available: false }))];
}

/** Values of the editable hooks by field name. */
export function hookValues(rows) {
  return Object.fromEntries(
    rows
      .filter((r) => r.available && r.item_type_hook_type_name !== INTEGRATION)
      .map((r) => [hookField(r.item_type_hook_name), r.value === null || r.value === undefined ? '' : String(r.value)]),
  );
}

/** The API payload: {name, internal_name, item_type_id, hooks} (edit: {name, hooks}); hooks
 * only the editable ones of the type (INTEGRATION values are the integration's). */
export function itemPayload(values, type, { editing, typeAvailable = true }) {
  const payload = { name: values.name };
  if (!editing) Object.assign(payload, { internal_name: values.internal_name, item_type_id: values.item_type_id });
  if (type && typeAvailable) {
    payload.hooks = type.hooks
      .filter((hook) => hook.type_name !== INTEGRATION)
      .map((hook) => {
        const raw = values[hookField(hook.name)];
        const numeric = hook.type_name === BOROUGH || hook.type_name === VOIVODESHIP;
        return { item_type_hook_id: hook.name, value: numeric ? (raw ? Number(raw) : null) : (raw ?? '') };
      });
  }
  return payload;
}

/** A stored value as text: numbers with their unit (Polish decimal comma), a badge's label. */
export function valueText(row) {
  const value = row.value;
  if (value === null || value === undefined || value === '') return 'brak danych';
  if (row.value_name) return row.value_name;
  if (typeof value === 'number') return `${String(value).replace('.', ',')}${row.unit ? ` ${row.unit}` : ''}`;
  if (typeof value === 'object') return value.label || JSON.stringify(value);
  return String(value);
}

export function readingText(row) {
  if (row.read_at) return `odczyt z ${formatDate(row.read_at)}`;
  return row.note ? 'brak wartości' : 'jeszcze nie odczytano'; // a note: read, with no value to show
}

/** The refresh's failures for the status banner: whole readings that failed, then single values
 * a good reading could not give (named by their hook's label). */
export function refreshFailures(payload) {
  const labels = Object.fromEntries(
    (payload.hooks || []).map((h) => [h.item_type_hook_name, h.item_type_hook_display_name]),
  );
  const { errors = [], value_errors: valueErrors = [] } = payload.refresh || {};
  return [
    ...errors.map((e) => ({ name: e.integration, description: e.error })),
    ...valueErrors.map((e) => ({ name: e.hook, description: `${labels[e.hook] || e.hook}: ${e.error}` })),
  ];
}

const withoutStop = (text) => String(text).replace(/\.$/, '');

/** Beside an integration value: where it came from (the integration's note), if it said. */
export const noteText = (row) => (row.note ? `; ${withoutStop(row.note)}` : '');

/** This value's own failure (the rest of the reading was good). */
export function valueErrorText(row) {
  const kept =
    row.value === null || row.value === undefined
      ? 'Nie ma wcześniejszego odczytu.'
      : 'Pokazywany jest ostatni udany odczyt tej wartości.';
  return `Nie udało się odczytać tej wartości (${formatDate(row.value_error_at)}): ${withoutStop(row.value_error)}. ${kept}`;
}

/** Where an INTEGRATION hook's value comes from: the source of its last reading, else the
 * integration's name as its plugin gives it. */
export const integrationText = (row) => row.source || row.integration_name || row.integration || '';
