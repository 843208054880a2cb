// The gmina of a record (a ranking's value, a search's entry): a searchable select over every
// live gmina. The list loads when the field is first focused (one GET /borough/, sorted by
// name), and typing filters it without Polish letters, by the gmina's or its district's name;
// at most 50 suggestions are drawn, so 2,477 gminy stay fast. WAI-ARIA combobox pattern.
import { findMatches, matchIndex } from '@smogpanel/embeds/text';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from './api.js';

const LIMIT = 50;
export const boroughLabel = (row) => `${row.borough_name ?? row.name} (${row.district_name}, ${row.voivodeship_name})`;

/** `value`: the chosen gmina's id as a string ('' for none); `onChange(id)`. */
export function BoroughSelect({ name = 'borough_id', label = 'Gmina', value, onChange, required, help }) {
  const [rows, setRows] = useState(null);
  const [status, setStatus] = useState('idle'); // idle, loading, ready, error
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef(null);
  const id = `field-${name}`;
  const index = useMemo(() => (rows ? matchIndex(rows, (row) => row.name, (row) => row.district_name) : []), [rows]);
  const found = useMemo(() => (open ? findMatches(index, text, LIMIT) : []), [index, text, open]);

  useEffect(() => {
    if (input.current) input.current.setCustomValidity(required && !value ? 'Wybierz gminę z listy.' : '');
  }, [required, value]);

  function load() {
    if (status !== 'idle' && status !== 'error') return;
    setStatus('loading');
    api.get('/borough/', { order: 'name', asc: 1 }).then(
      (answer) => { setRows(answer.list); setStatus('ready'); },
      () => setStatus('error'),
    );
  }

  function choose(row) {
    setText(boroughLabel(row));
    setOpen(false);
    setActive(-1);
    onChange(String(row.id));
  }

  function type(event) {
    setText(event.target.value);
    setOpen(true);
    setActive(-1);
    if (value) onChange('');
  }

  function key(event) {
    if (event.key === 'ArrowDown' && found.length) {
      event.preventDefault();
      setOpen(true);
      setActive((active + 1) % found.length);
    } else if (event.key === 'ArrowUp' && found.length) {
      event.preventDefault();
      setActive(active <= 0 ? found.length - 1 : active - 1);
    } else if (event.key === 'Enter' && open && (active >= 0 || found.length === 1)) {
      event.preventDefault();
      choose(found[active >= 0 ? active : 0]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const listId = `${id}-list`;
  const note = status === 'loading' ? 'Wczytywanie gmin...'
    : status === 'error' ? 'Nie udało się wczytać gmin. Kliknij pole, aby spróbować ponownie.'
      : open && text.trim() && !found.length ? 'Nie znaleziono gminy o tej nazwie.' : help;
  return (
    <div className="mb-3 position-relative">
      <label htmlFor={id} className={required ? 'form-label required' : 'form-label'}>{label}</label>
      <input ref={input} id={id} name={name} type="text" className="form-control" autoComplete="off" required={required}
        role="combobox" aria-autocomplete="list" aria-expanded={found.length > 0} aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Wpisz nazwę gminy lub powiatu" value={text} onFocus={load} onChange={type} onKeyDown={key}
        onBlur={() => setOpen(false)} />
      <ul id={listId} role="listbox" aria-label={label} className="list-group position-absolute w-100 shadow-sm"
        style={{ zIndex: 5, maxHeight: '16rem', overflowY: 'auto' }} hidden={!found.length}>
        {found.map((row, i) => (
          <li key={row.id} id={`${listId}-${i}`} role="option" aria-selected={i === active}
            className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
            onMouseDown={(event) => event.preventDefault()} onClick={() => choose(row)}>
            {boroughLabel(row)}
          </li>
        ))}
      </ul>
      {note && <div className="form-text">{note}</div>}
    </div>
  );
}
