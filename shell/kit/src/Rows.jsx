// Repeating rows of sub-fields with add and remove: a map's property keys, a search's keys,
// a graph's keys... Each row is a fieldset of Field declarations. KeyRowsField: rows that each
// hold their own key rows (a graph's key groups, the calculators' types and their definitions).
import { Field } from './Form.jsx';
import { newUuid } from './embed.js';

/**
 * `value`: an array of row objects; `onChange(rows)`. `fields`: Field declarations (names
 * relative to the row), or `fields(row)` when they depend on it (e.g. a field disabled for some
 * type). Each row is a fieldset named `${itemLabel} ${n}` with a remove button; `addLabel` adds
 * `newRow()` (by default `{uuid}`: rows are keyed by uuid, else id). Input ids:
 * field-<name>-<index>-<sub>, each with its label. `inner(row, index, patch)` adds to each row's
 * fieldset (KeyRowsField's key rows); `label` may be left out when the screen names the rows.
 */
export function RowsField({
  name,
  label,
  itemLabel,
  fields,
  value,
  onChange,
  addLabel = 'Dodaj',
  removeLabel = 'Usuń',
  newRow = () => ({}),
  help,
  empty,
  inner,
}) {
  const rows = value || [];
  const patch = (index, changes) => onChange(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)));
  return (
    <div className="mb-3">
      {label && <div className="form-label">{label}</div>}
      {!rows.length && empty && <p className="text-muted small">{empty}</p>}
      {rows.map((row, index) => (
        <fieldset key={row.uuid || row.id || index} className="border rounded px-3 pt-2 mb-2">
          <legend className="fs-6 float-none w-auto px-1 mb-0 text-muted">{`${itemLabel || label} ${index + 1}`}</legend>
          <div className="row g-2 align-items-end">
            {(typeof fields === 'function' ? fields(row) : fields).map((field) => (
              <div key={field.name} className={field.column || 'col-md'}>
                <Field
                  field={{ ...field, name: `${name}-${index}-${field.name}` }}
                  value={row[field.name]}
                  onChange={(v) => patch(index, { [field.name]: v })}
                />
              </div>
            ))}
            <div className="col-md-auto mb-3">
              <button
                type="button"
                className="btn btn-outline-danger"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                {removeLabel}
              </button>
            </div>
          </div>
          {inner && inner(row, index, (changes) => patch(index, changes))}
        </fieldset>
      ))}
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => onChange([...rows, { uuid: newUuid(), ...newRow() }])}>
        {addLabel}
      </button>
      {help && <div className="form-text">{help}</div>}
    </div>
  );
}

/**
 * Rows (a graph's key groups, the calculators' types) each with its own fields and its own key
 * rows: `keys` = {name: the row's list (e.g. 'graph_keys'), id: its part of the input ids
 * (default `name`), label, itemLabel, fields, addLabel, newRow, empty}; the rest as RowsField.
 */
export function KeyRowsField({ keys, newRow = () => ({}), ...props }) {
  const { name: list, id = list, ...rows } = keys;
  return (
    <RowsField
      {...props}
      newRow={() => ({ [list]: [], ...newRow() })}
      inner={(row, index, patch) => (
        <RowsField
          {...rows}
          name={`${props.name}-${index}-${id}`}
          value={row[list]}
          onChange={(value) => patch({ [list]: value })}
        />
      )}
    />
  );
}
