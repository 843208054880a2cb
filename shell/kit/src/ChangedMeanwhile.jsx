// Someone saved the record after this form was loaded (412 CHANGED_MEANWHILE): the saved values
// beside the operator's own, field by field, and the two ways on: load the saved version (the
// operator's changes dropped) or save over it knowingly. Loaded on demand by FormScreen.
import { useEffect, useRef, useState } from 'react';
import { versionOf } from './api.js';
import { sameValues } from './Form.jsx';

export const CHANGED = {
  heading: 'Ktoś zmienił ten element w międzyczasie',
  field: 'Pole',
  mine: 'Twoja wersja (niezapisana)',
  theirs: 'Zapisana wersja',
  reload: 'Wczytaj aktualną wersję',
  overwrite: 'Zapisz mimo to',
  none: 'Zmienione pola nie są widoczne w tym formularzu.',
  empty: '(puste)',
};

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
 * `values` the operator's, `fields` the form's declarations, `valuesFrom(record)` a record as form
 * values, `box` the form's box (for labels a field draws itself). `onOverwrite(version)` saves
 * over the version shown.
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
  const [shown, setShown] = useState(null); // {rows, version}
  useEffect(() => {
    let current = true;
    resource.current(id).then(
      (saved) => current && setShown({ rows: differences(saved), version: versionOf(saved) }),
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

  function differences(saved) {
    const loaded = valuesFrom(item);
    const theirs = valuesFrom(saved);
    const labelOf = (field) => {
      if (field.label) return field.label;
      const label = box.current && box.current.querySelector(`label[for="field-${field.name}"]`);
      return label ? label.textContent.replace(/\s*\*$/, '') : field.name;
    };
    return fields
      .filter((field) => field.name && !sameValues({ v: loaded[field.name] }, { v: theirs[field.name] }))
      .map((field) => ({ field, label: labelOf(field), mine: values[field.name], theirs: theirs[field.name] }));
  }

  if (!shown) return null;
  const rows = shown.rows;
  return (
    <section className="border border-warning rounded p-3 mb-3" aria-labelledby="changed-meanwhile">
      <h2 id="changed-meanwhile" className="h5" tabIndex={-1} ref={heading}>
        {CHANGED.heading}
      </h2>
      {rows.length ? (
        <table className="table table-sm mb-3">
          <thead>
            <tr>
              <th scope="col">{CHANGED.field}</th>
              <th scope="col">{CHANGED.mine}</th>
              <th scope="col">{CHANGED.theirs}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ field, label, mine, theirs }) => (
              <tr key={field.name}>
                <th scope="row">{label}</th>
                <td>{shownValue(field, mine)}</td>
                <td>{shownValue(field, theirs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{CHANGED.none}</p>
      )}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-outline-primary" onClick={onReload}>
          {CHANGED.reload}
        </button>
        <button type="button" className="btn btn-warning" onClick={() => onOverwrite(shown.version)}>
          {CHANGED.overwrite}
        </button>
      </div>
    </section>
  );
}
