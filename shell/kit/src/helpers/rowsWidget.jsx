// Lists of rows drawn from their schema as a plugin's named widget (registerWidget(name,
// rowsWidget(wording))): the rows' fields, labels, helps and limits are the items' schema, and a
// row's own list (a graph's key group and its keys, a calculators' type and its definitions)
// is drawn inside it (KeyRowsField); only the wording of the buttons and empty lists is the
// screen's (docs/frontend.md, "Forms from the schema").
import { createElement } from 'react';
import { KeyRowsField, RowsField } from '@smogpanel/kit';
import { schemaFields } from './schemaForm.jsx';

/** The branch of an optional list's `anyOf` that states it (the others say "no value"). */
const stated = (property) => (property.anyOf ? property.anyOf[0] : property);
const isList = (property) => stated(property).type === 'array';
const labelOf = (property, name) => property['x-label'] || property.title || name;

/** The row's fields: `form` as in schemaFields, else every property but the ids the API keeps
 * (`reference`) and the row's own list. */
function rowFields(items, form) {
  const properties = items.properties || {};
  const names = Object.keys(properties).filter(
    (name) => properties[name]['x-widget'] !== 'reference' && !isList(properties[name]),
  );
  return schemaFields(items, form || names);
}

/** A new row: each field at its starting value. */
const newRowOf = (fields) => () =>
  Object.fromEntries(fields.filter((f) => f.name).map((f) => [f.name, f.initial === undefined ? '' : f.initial]));

/** RowsField's props for a list (`property`) from its schema and the screen's `own` wording:
 * {form (or form(row)), addLabel, removeLabel, newRow, empty (a text, or empty(values))}. */
function rowsProps(name, property, own, values) {
  const items = stated(property).items || {};
  // `form(row)` when a row's fields follow its values (a placeholder naming the row)
  const fields = typeof own.form === 'function' ? (row) => rowFields(items, own.form(row)) : rowFields(items, own.form);
  const first = typeof fields === 'function' ? fields({}) : fields;
  return {
    name,
    label: labelOf(property, name),
    itemLabel: items.title,
    help: property['x-help'],
    fields,
    addLabel: own.addLabel,
    removeLabel: own.removeLabel,
    newRow: own.newRow || newRowOf(first),
    empty: typeof own.empty === 'function' ? own.empty(values) : own.empty,
  };
}

/**
 * A widget for lists of mappings: `wording[list's name]` = {form, addLabel, removeLabel, newRow,
 * empty (a text, or empty(values) when it follows the form), keys: the same for each row's own
 * list}. A row whose schema holds a list gets that list's rows inside it (KeyRowsField, input ids
 * `field-<list>-<i>-<inner list>-<j>-<name>`: the server's errors land on them).
 */
export function rowsWidget(wording = {}) {
  return (field, property) => {
    const own = wording[field.name] || {};
    const items = stated(property).items || {};
    const inner = Object.entries(items.properties || {}).find(([, child]) => isList(child));
    return {
      initial: [],
      render: ({ value, onChange, values }) => {
        const props = { ...rowsProps(field.name, property, own, values), label: field.label, value, onChange };
        if (!inner) return createElement(RowsField, props);
        const [list, child] = inner;
        const keys = rowsProps(list, child, own.keys || {}, values);
        return createElement(KeyRowsField, { ...props, keys: { ...keys, id: list } });
      },
    };
  };
}
