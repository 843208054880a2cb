// Someone saved the record after this form was loaded (412 CHANGED_MEANWHILE): the saved values
// beside the operator's own, field by field, and the two ways on: load the saved version (the
// operator's changes dropped) or save over it knowingly. Loaded on demand by FormScreen.
import { useEffect, useRef } from 'react';

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

/** `fields`: [{field, label, mine, theirs}] of the fields whose saved value differs from the loaded one. */
export default function ChangedMeanwhile({ fields, onReload, onOverwrite }) {
  const heading = useRef(null);
  useEffect(() => {
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView && heading.current.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section className="border border-warning rounded p-3 mb-3" aria-labelledby="changed-meanwhile">
      <h2 id="changed-meanwhile" className="h5" tabIndex={-1} ref={heading}>
        {CHANGED.heading}
      </h2>
      {fields.length ? (
        <table className="table table-sm mb-3">
          <thead>
            <tr>
              <th scope="col">{CHANGED.field}</th>
              <th scope="col">{CHANGED.mine}</th>
              <th scope="col">{CHANGED.theirs}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(({ field, label, mine, theirs }) => (
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
        <button type="button" className="btn btn-warning" onClick={onOverwrite}>
          {CHANGED.overwrite}
        </button>
      </div>
    </section>
  );
}
