// Someone saved the record after this form was loaded (412 CHANGED_MEANWHILE): the fields either
// side changed, the operator's value beside the saved one, and what the form keeps of each: the
// operator's own changes and the colleague's, field by field; a field both changed to different
// values is chosen here. Then either way on: take that into the form (to look over before saving)
// or save it at once over the version shown. Loaded on demand by FormScreen.
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from './numbers.js';

export const CHANGED = {
  heading: 'Ktoś zmienił ten element w międzyczasie',
  field: 'Pole',
  mine: 'Twoja wersja (niezapisana)',
  theirs: 'Zapisana wersja',
  kept: 'Zostaje',
  keepMine: 'twoja wersja',
  keepTheirs: 'zapisana wersja',
  explain:
    'Twoje zmiany i zmiany zapisane w międzyczasie zostają, każda w swoim polu. ' +
    'Gdzie obie strony zmieniły to samo pole, wybierz, która wersja zostaje.',
  reload: 'Wczytaj aktualną wersję',
  overwrite: 'Zapisz mimo to',
  none: 'Zmienione pola nie są widoczne w tym formularzu.',
  empty: '(puste)',
};

/** Whether two values of a field are the same to the operator: an empty one is '' or null, a
 * number 87.5 or its text '87.5', a list or object the same JSON. */
export function sameValue(a, b) {
  const plain = (value) =>
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return plain(a) === plain(b);
}

/**
 * The values to save over the saved version: `theirs` (the saved version's) with every field the
 * operator changed since `base` (the version the form loaded) set to `mine`; a field both sides
 * changed to different values as `chosen` says ({name: 'theirs'} keeps the saved one; the
 * operator's by default).
 */
export function mergedValues(base, mine, theirs, chosen = {}) {
  const merged = { ...theirs };
  for (const name of Object.keys({ ...base, ...mine })) {
    if (sameValue(base[name], mine[name])) continue; // not the operator's change
    const clash = !sameValue(base[name], theirs[name]) && !sameValue(mine[name], theirs[name]);
    if (!(clash && chosen[name] === 'theirs')) merged[name] = mine[name];
  }
  return merged;
}

const SHOWN_CHARACTERS = 200;

function pieces(count) {
  const ones = count % 10;
  const tens = count % 100;
  if (count === 1) return '1 pozycja';
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return `${count} pozycje`;
  return `${count} pozycji`;
}

/** A value as the form shows it: an option's label, tak/nie, a file's name, rich text as text. */
export function shownValue(field, value) {
  if (value === null || value === undefined || value === '') return CHANGED.empty;
  if (field.type === 'checkbox') return Number(value) ? 'tak' : 'nie';
  if (field.type === 'select') {
    const option = (field.options || []).find((o) => String(o.value) === String(value));
    return option ? option.label : String(value);
  }
  if (field.type === 'number' || typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return `lista: ${pieces(value.length)}`;
  if (typeof value === 'object') return value.name || JSON.stringify(value).slice(0, SHOWN_CHARACTERS);
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text || CHANGED.empty;
}

/**
 * The saved record (fetched again) beside the form's values: `item` the record the form loaded,
 * `values` the operator's, `fields` the form's declarations (a field's `parts`: the fields of the
 * values it holds, compared each on its own), `valuesFrom(record)` a record as form
 * values, `box` the form's box (for labels a field draws itself). `onReload(values, saved)` puts
 * the merged values in the form, `onOverwrite(values, saved)` saves them over `saved`.
 */
export default function ChangedMeanwhile({
  resource,
  id,
  item,
  values,
  fields,
  valuesFrom,
  box,
  onReload,
  onOverwrite,
}) {
  const heading = useRef(null);
  const [shown, setShown] = useState(null); // {saved, base, theirs}
  const [chosen, setChosen] = useState({}); // a clashing field's name -> 'mine' | 'theirs'
  useEffect(() => {
    let current = true;
    resource.current(id).then(
      (saved) => current && setShown({ saved, base: valuesFrom(item), theirs: valuesFrom(saved) }),
      () => {}, // the banner already says what failed
    );
    return () => {
      current = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!shown) return;
    heading.current.focus({ preventScroll: true });
    if (heading.current.scrollIntoView) heading.current.scrollIntoView({ block: 'start' });
  }, [shown]);

  if (!shown) return null;
  const { saved, base, theirs } = shown;
  const labelOf = (field) => {
    if (field.label) return field.label;
    const label = box.current && box.current.querySelector(`label[for="field-${field.name}"]`);
    return label ? label.textContent.replace(/\s*\*$/, '') : field.name;
  };
  // Every field of the form either side changed, in the form's order (a field held as several
  // values, a measurement's cells, by its `parts`: each of them)
  const rows = fields
    .flatMap((field) => field.parts || [field])
    .filter((field) => field.name)
    .map((field) => {
      const mineChanged = !sameValue(base[field.name], values[field.name]);
      const theirsChanged = !sameValue(base[field.name], theirs[field.name]);
      const clash = mineChanged && theirsChanged && !sameValue(values[field.name], theirs[field.name]);
      return { field, label: labelOf(field), clash, keepsMine: mineChanged && !theirsChanged };
    })
    .filter(({ field, clash, keepsMine }) => clash || keepsMine || !sameValue(values[field.name], theirs[field.name]));
  const merged = () => mergedValues(base, values, theirs, chosen);
  const choose = (name, side) => setChosen((now) => ({ ...now, [name]: side }));
  return (
    <section className="border border-warning rounded p-3 mb-3" aria-labelledby="changed-meanwhile">
      <h2 id="changed-meanwhile" className="h5" tabIndex={-1} ref={heading}>
        {CHANGED.heading}
      </h2>
      {rows.length ? (
        <>
          <p>{CHANGED.explain}</p>
          <table className="table table-sm mb-3">
            <thead>
              <tr>
                <th scope="col">{CHANGED.field}</th>
                <th scope="col">{CHANGED.mine}</th>
                <th scope="col">{CHANGED.theirs}</th>
                <th scope="col">{CHANGED.kept}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ field, label, clash, keepsMine }) => (
                <tr key={field.name}>
                  <th scope="row">{label}</th>
                  <td>{shownValue(field, values[field.name])}</td>
                  <td>{shownValue(field, theirs[field.name])}</td>
                  <td>
                    {clash ? (
                      <Choice
                        name={field.name}
                        label={label}
                        side={chosen[field.name] || 'mine'}
                        onChoose={(side) => choose(field.name, side)}
                      />
                    ) : keepsMine ? (
                      CHANGED.keepMine
                    ) : (
                      CHANGED.keepTheirs
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>{CHANGED.none}</p>
      )}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-outline-primary" onClick={() => onReload(merged(), saved)}>
          {CHANGED.reload}
        </button>
        <button type="button" className="btn btn-warning" onClick={() => onOverwrite(merged(), saved)}>
          {CHANGED.overwrite}
        </button>
      </div>
    </section>
  );
}

/** The two versions of a field both sides changed, one to keep (radios named by the field). */
function Choice({ name, label, side, onChoose }) {
  const sides = [
    ['mine', CHANGED.keepMine],
    ['theirs', CHANGED.keepTheirs],
  ];
  return (
    <fieldset className="d-flex gap-3">
      <legend className="visually-hidden">{label}</legend>
      {sides.map(([value, text]) => (
        <div key={value} className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`keep-${name}-${value}`}
            name={`keep-${name}`}
            checked={side === value}
            onChange={() => onChoose(value)}
          />
          <label className="form-check-label" htmlFor={`keep-${name}-${value}`}>
            {text}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
