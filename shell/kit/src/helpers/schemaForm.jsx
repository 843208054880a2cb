// Forms drawn from the schema the server validates with: GET /api/form/<kind> (smogpanel.forms)
// says each field's label, help, widget, options, limits, required, create-only and personal, so
// a screen names its resource and only what is truly its own (docs/frontend.md, "Forms from the
// schema"). Bundled into each remote that uses it (the shell's first load does not carry it).
import { createElement, useEffect, useState } from 'react';
import { api, FormScreen, formatDate, ListScreen, payloadOf, RowsField, StatusBanner, TEXT } from '@smogpanel/kit';
import { PLACE_WIDGETS } from './placeWidgets.jsx';

const known = new Map(); // kind -> the description, once loaded (or given by a test's fixture)
const asked = new Map(); // kind -> the request in flight

/** Forms known before any request (a unit test's fixture: `forms.json`, written from the schemas). */
export function knowForms(descriptions) {
  for (const [kind, description] of Object.entries(descriptions || {})) known.set(kind, description);
}

/** The form of `kind` as the server describes it (one request per kind and page). */
export function loadForm(kind) {
  if (known.has(kind)) return Promise.resolve(known.get(kind));
  if (!asked.has(kind))
    asked.set(
      kind,
      api.get(`/form/${kind}`).then(
        (description) => {
          known.set(kind, description);
          asked.delete(kind);
          return description;
        },
        (error) => {
          asked.delete(kind);
          throw error;
        },
      ),
    );
  return asked.get(kind);
}

/** `{description, errors}` of `kind`'s form: the description once loaded, `errors` when it could not be. */
export function useFormDescription(kind) {
  const [state, setState] = useState(() => ({ description: known.get(kind) }));
  useEffect(() => {
    if (state.description) return undefined;
    let live = true;
    loadForm(kind).then(
      (description) => live && setState({ description }),
      (error) => live && setState({ errors: (error && error.errors) || [] }),
    );
    return () => {
      live = false;
    };
  }, [kind, state.description]);
  return state;
}

const widgets = new Map();

/**
 * Registers what draws the fields whose `x-widget` is `name` (a node's `widget="…"` in the
 * schema): `widget(field, property)` returns what joins the field's declaration: `type` (a
 * standard control), or `render({value, onChange, values, set, setValues, editing, item})`, and
 * `fromValue(value)` / `toValue(value)` when the form holds the value otherwise than the API,
 * or `valuesOf(record)` / `payloadOf(values)` when it holds it as several values of its own names
 * (a measurement's cells, one per key and voivodeship: each is compared and merged on its own
 * after a 412, and its input is where its message shows).
 */
export function registerWidget(name, widget) {
  widgets.set(name, widget);
}

/** The branch of an optional field's `anyOf` that states its value (the others say "no value"). */
const stated = (property) => (property.anyOf ? property.anyOf[0] : property);

const withTime = (value) => (value ? formatDate(value).replace(' ', 'T') : value);

/** A checkbox holds 1 or 0; the API's boolean or 0/1 flag, inverted when ticked means false (`x-checked`). */
function checkbox(field, property) {
  const ticking = property['x-checked'] !== false;
  const boolean = stated(property).type === 'boolean';
  return {
    type: 'checkbox',
    fromValue: (value) => (Boolean(Number(value)) === ticking ? 1 : 0),
    toValue: (box) => {
      const value = Boolean(Number(box)) === ticking;
      return boolean ? value : Number(value);
    },
  };
}

const STANDARD = {
  text: () => ({ type: 'text' }),
  email: () => ({ type: 'email' }),
  password: () => ({ type: 'password' }),
  textarea: () => ({ type: 'textarea' }),
  date: () => ({ type: 'date' }),
  datetime: () => ({ type: 'datetime-local', fromValue: withTime }),
  number: (field, property) => {
    const bounds = stated(property);
    return {
      type: 'number',
      ...(typeof bounds.minimum === 'number' && bounds.minimum > -1e9 ? { min: bounds.minimum } : {}),
      ...(typeof bounds.maximum === 'number' && bounds.maximum < 1e9 ? { max: bounds.maximum } : {}),
      ...(bounds.type === 'integer' ? { step: 1 } : {}),
    };
  },
  // A place stored from 0 is shown from 1 (a ranking's value).
  place: () => ({
    type: 'number',
    min: 1,
    step: 1,
    fromValue: (value) => Number(value) + 1,
    toValue: (value) => (value === null || value === '' ? value : Number(value) - 1),
  }),
  checkbox,
  select: (field, property) => ({ type: 'select', options: property['x-options'] || [] }),
  // A record of another kind (`refers_to`): a select of the screen's `options`, the id sent as a number.
  reference: () => ({
    type: 'select',
    fromValue: String,
    toValue: (value) => (value === '' || value === null ? null : Number(value)),
  }),
  file: (field, property) => ({ type: 'file', accept: property['x-accept'], initial: null, toValue: (v) => v || null }),
  // Repeating rows of a list of mappings (a search's keys): the rows' fields from the items' schema,
  // `rows: {form, addLabel, newRow, empty}` the screen's (RowsField).
  rows: (field, property) => {
    const { form, ...rows } = field.rows || {};
    const items = stated(property).items || {};
    const fields = schemaFields(items, form);
    return {
      initial: [],
      render: ({ value, onChange }) =>
        createElement(RowsField, {
          name: field.name,
          label: field.label,
          itemLabel: items.title,
          help: field.help,
          fields,
          value,
          onChange,
          ...rows,
        }),
    };
  },
  // the searchable gmina picker and the select of live voivodeships (placeWidgets.jsx)
  ...PLACE_WIDGETS,
};

const labelOf = (property, name) => property['x-label'] || property.title || name;

/** One field's declaration from its schema property (`name` in the form's `required`?); `own`:
 * the screen's keys, over the schema's (its widget sees them: a rows field's `rows`). */
export function fieldOf(name, property, required, own = {}) {
  const widget = property['x-widget'] || 'text';
  // A screen that draws the field itself (its own `type` or `render`) needs no widget
  const draw = own.type || own.render ? () => ({}) : widgets.get(widget) || STANDARD[widget];
  if (!draw) throw new Error(`No widget registered for '${widget}' (field ${name})`);
  const field = { name, label: labelOf(property, name) };
  if (required) field.required = true;
  if (property['x-help']) field.help = property['x-help'];
  if (property['x-create-only']) field.createOnly = true;
  if (property.readOnly) field.disabled = true;
  const limits = stated(property);
  if (typeof limits.maxLength === 'number' && limits.maxLength > 0 && limits.type === 'string')
    field.maxLength = limits.maxLength;
  Object.assign(field, own, draw({ ...field, ...own }, property), own);
  if (field.initial === undefined && property.default !== undefined)
    field.initial = field.fromValue ? field.fromValue(property.default) : property.default;
  if (field.initial === undefined && field.type === 'checkbox') field.initial = 0;
  return field;
}

/**
 * The fields of a described form: `form` lists them in order, each a property's name, a
 * declaration `{name, ...}` whose name the schema holds (its keys over the schema's: a screen's
 * own `render`, `column`, a different `label` is refused by the label test), or one of the
 * screen's own (a note, a field the schema does not hold); without `form`, every property in
 * the schema's order. `omit` leaves properties out.
 */
export function schemaFields(description, form, omit = []) {
  const properties = description.properties || {};
  const required = new Set(description.required || []);
  const entries = form || Object.keys(properties).filter((name) => !omit.includes(name));
  return entries.map((entry) => {
    const own = typeof entry === 'string' ? { name: entry } : entry;
    if (!own.name || !properties[own.name]) return own;
    return fieldOf(own.name, properties[own.name], required.has(own.name), own);
  });
}

/** A record's values as the form holds them (each field's `fromValue`), the initial ones when
 * creating; a field held as several values (a measurement's cells) gives them all (`valuesOf(record)`). */
export function valuesOfFields(fields, record) {
  return Object.fromEntries(
    fields
      .filter((field) => field.name)
      .flatMap((field) => {
        if (field.valuesOf) return Object.entries(field.valuesOf(record || null));
        const value = record ? record[field.name] : undefined;
        if (value === undefined || value === null)
          return [[field.name, field.initial === undefined ? '' : field.initial]];
        return [[field.name, field.fromValue ? field.fromValue(value) : value]];
      }),
  );
}

/** The API's payload of the form's values (each field's `toValue`, or `payloadOf(values)` of a
 * field held as several values), less the create-only fields when editing. */
export function payloadOfFields(fields, values, editing) {
  const payload = payloadOf(fields, values, editing);
  for (const field of fields) {
    if (!(field.name in payload)) continue;
    if (field.payloadOf) payload[field.name] = field.payloadOf(values);
    else if (field.toValue) payload[field.name] = field.toValue(payload[field.name]);
  }
  return payload;
}

/**
 * FormScreen over the form the server describes for `resource.kind`: `form` and `omit` as in
 * schemaFields; `extra` joins the create payload; `toPayload(payload, {values, editing, item,
 * removeKeysWithValues})` may adjust the payload built from the fields (what only the screen knows);
 * `valuesOf(record)` replaces the values taken from the fields. Every other prop is FormScreen's. 'Wczytywanie…' until the description has loaded.
 */
export function SchemaFormScreen({ resource, form, omit, extra, toPayload, valuesOf, ...props }) {
  const { description, errors } = useFormDescription(resource.kind);
  if (!description)
    return createElement(FormScreen, {
      ...props,
      resource,
      waiting: createElement(StatusBanner, { status: errors ? 'error' : 'loading', errors }),
    });
  // `form(values, {editing, item})` when the fields follow the values (a type's own fields)
  const fields =
    typeof form === 'function'
      ? (values, options) => schemaFields(description, form(values, options), omit)
      : schemaFields(description, form, omit);
  // Every field of the schema (with the screen's keys where the empty form declares them): the
  // starting values, unless the screen gives its own (`valuesOf`)
  const every = () => {
    if (typeof form !== 'function') return fields;
    const declaredFirst = form({}, { editing: false, item: null });
    return schemaFields(description, null, omit).map((field) => {
      const own = declaredFirst.find((entry) => entry === field.name || entry.name === field.name);
      return own && typeof own === 'object' ? schemaFields(description, [own])[0] : field;
    });
  };
  return createElement(FormScreen, {
    ...props,
    resource,
    fields,
    // every field starts at its value, so fields that come and go keep what was typed
    valuesOf: valuesOf || ((record) => valuesOfFields(every(), record)),
    toPayload: (values, options) => {
      const shown = typeof fields === 'function' ? fields(values, options) : fields;
      const payload = { ...payloadOfFields(shown, values, options.editing), ...(options.editing ? {} : extra) };
      return toPayload ? toPayload(payload, { ...options, values }) : payload;
    },
  });
}

/** The options `[{value, label}]` of the described form's field `name` ([] until it has loaded): a list's filter, a column's labels. */
export const optionsOf = (description, name) =>
  (description && description.properties[name] && description.properties[name]['x-options']) || [];

/** List columns whose `label` the schema gives: a column named after a field and without a label
 * of its own is headed by the field's title (`x-label` is the form's wording, not a column's). */
export function schemaColumns(description, columns) {
  const properties = (description && description.properties) || {};
  return columns.map((column) =>
    column.label !== undefined || !properties[column.name]
      ? column
      : { ...column, label: properties[column.name].title || column.name },
  );
}

/** ListScreen whose columns named after the kind's fields are headed by the schema's titles
 * (schemaColumns); the loading text until the description has loaded. `kind`: the form's kind
 * when it is not the resource's (a ranking entry's values are rank_value records). */
export function SchemaListScreen({ columns, kind, ...props }) {
  const { description, errors } = useFormDescription(kind || props.resource.kind);
  // The same ListScreen while the description loads, only `waiting`: its header stays the same elements.
  if (!description)
    return createElement(ListScreen, {
      ...props,
      columns: [],
      waiting: errors
        ? createElement(StatusBanner, { status: 'error', errors })
        : createElement('p', null, TEXT.tableLoading),
    });
  return createElement(ListScreen, { ...props, columns: schemaColumns(description, columns) });
}
