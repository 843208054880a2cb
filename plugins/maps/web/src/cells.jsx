// A measurement's values: the 'voivodeship_cells' widget the checkpoint schema places on its
// `properties` (plugins/maps/schemas.py), sixteen numeric inputs per property key of the map,
// labelled by voivodeship (SPEC 2.3, 5). The voivodeships, their labels and the cells' rules are
// the schema's; the map's keys are the screen's (`keys` on the field). Each cell is a value of
// the form of its own (`p<key id>-<code>`): a number the browser or the server refuses shows
// under its cell, and after a 412 each cell is compared and merged on its own. An editor limited
// to voivodeships sees the others' cells read-only (their numbers go back as loaded; the server
// takes them unchanged).
import { Field } from '@smogpanel/kit';
import { fieldOf, optionsOf, registerWidget, useFormDescription, useRegionScope } from '@smogpanel/kit/helpers';

/** The form value of one key and voivodeship. */
export const cellName = (keyId, code) => `p${keyId}-${code}`;

/** The cells' properties by voivodeship code, in the schema's order (the API's). */
const cellsOf = (property) => {
  const items = (property.anyOf ? property.anyOf[0] : property).items || {};
  return Object.entries(items.properties.value.properties);
};

/** A key as its legend names it: its name, and the name shown on the map when that differs. */
const keyLabel = (key) =>
  key.display_name && key.display_name !== key.name ? `${key.name} (${key.display_name})` : key.name;

/** Sixteen inputs of one property key; those of voivodeships outside `editable` (a set of
 * codes; null: all) read-only. `sent`: the key's place in the payload (null: not sent, all its
 * cells empty), whose errors (`properties.<sent>.value.<code>`) show under their cells. */
function KeyValues({ mapKey, cells, values, set, editable, typeLabel, sent }) {
  return (
    <fieldset className="border rounded px-3 pt-2 mb-3">
      <legend className="fs-6 float-none w-auto px-1 mb-0">
        {keyLabel(mapKey)} {typeLabel && <span className="text-muted small">– {typeLabel}</span>}
      </legend>
      <div className="row row-cols-2 row-cols-md-4 g-2">
        {cells.map(([code, cell]) => {
          const name = cellName(mapKey.id, code);
          const own = {
            disabled: Boolean(editable) && !editable.has(code),
            answerName: sent === null ? undefined : `properties.${sent}.value.${code}`,
          };
          return (
            <div key={code} className="col">
              <Field field={fieldOf(name, cell, false, own)} value={values[name]} onChange={set(name)} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The heading and help of the values, then each key's cells (or what to do without keys). */
function Cells({ field, cells, values, set }) {
  const scope = useRegionScope();
  const editable = scope && new Set(scope.map((voivodeship) => voivodeship.code).filter(Boolean));
  // the keys' types as the map's schema offers them ('statystyczna', …)
  const mapForm = useFormDescription('map').description;
  const keyTypes = mapForm ? mapForm.properties.property_keys.items : null;
  const typeLabel = (key) =>
    (optionsOf(keyTypes, 'property_type_name').find((option) => option.value === key.property_type_name) || {}).label;
  const keys = field.keys || [];
  const sent = sentKeys(
    keys,
    cells.map(([code]) => code),
    values,
  );
  return (
    <>
      <h2 className="h5 mt-4">{field.label}</h2>
      {field.help && <p className="form-text">{field.help}</p>}
      {keys.length ? (
        keys.map((key) => (
          <KeyValues
            key={key.id}
            mapKey={key}
            cells={cells}
            values={values}
            set={set}
            editable={editable}
            typeLabel={typeLabel(key)}
            sent={sent.has(key.id) ? sent.get(key.id) : null}
          />
        ))
      ) : (
        <p className="text-muted">Mapa nie ma właściwości. Dodaj je w edycji mapy.</p>
      )}
    </>
  );
}

/** The stored numbers of `record` (null: a new measurement) as the cells' texts ('' when empty). */
function cellValues(keys, codes, record) {
  const values = {};
  for (const key of keys) {
    const stored = record && (record.properties || []).find((p) => p.key.id === key.id);
    for (const code of codes) {
      const value = stored ? stored.value[code] : null;
      values[cellName(key.id, code)] = value === null || value === undefined ? '' : String(value);
    }
  }
  return values;
}

/** The numbers of one key's cells by code (null where empty). */
function keyNumbers(key, codes, values) {
  const value = {};
  for (const code of codes) {
    const text = String(values[cellName(key.id, code)] ?? '').trim();
    value[code] = text === '' ? null : Number(text);
  }
  return value;
}

const hasNumber = (value) => Object.values(value).some((number) => number !== null);

/** The API's `properties`: one per key with a value; a key whose cells are all empty is left out (SPEC 5). */
const cellsPayload = (keys, codes, values) =>
  keys
    .map((key) => ({ key: { id: key.id }, value: keyNumbers(key, codes, values) }))
    .filter((property) => hasNumber(property.value));

/** {key id: its index in the payload} of the keys that are sent. */
function sentKeys(keys, codes, values) {
  const sent = keys.filter((key) => hasNumber(keyNumbers(key, codes, values)));
  return new Map(sent.map((key, index) => [key.id, index]));
}

registerWidget('voivodeship_cells', (field, property) => {
  const cells = cellsOf(property);
  const codes = cells.map(([code]) => code);
  const keys = field.keys || [];
  return {
    valuesOf: (record) => cellValues(keys, codes, record),
    payloadOf: (values) => cellsPayload(keys, codes, values),
    // after a 412, each cell compared on its own ('Liczba wniosków: mazowieckie')
    parts: keys.flatMap((key) =>
      cells.map(([code, cell]) => ({
        ...fieldOf(cellName(key.id, code), cell, false),
        label: `${keyLabel(key)}: ${cell['x-label'] || cell.title}`,
      })),
    ),
    render: ({ values, set }) => <Cells field={field} cells={cells} values={values} set={set} />,
  };
});
