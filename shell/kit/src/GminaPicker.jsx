// The gmina picker itself (GminaSelect.jsx loads it on demand; the list loader stays there).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FieldMessage } from './Form.jsx';
import { useFieldError } from './fieldErrors.js';
import { fold, loadGminy } from './gminy.js';

const LIMIT = 100;

export function GminaSelect({ name = 'borough_id', label = 'Gmina', value, onChange, required }) {
  const [gminy, setGminy] = useState(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const load = () => {
    if (!gminy) loadGminy().then(setGminy, () => setFailed(true));
  };
  useEffect(() => {
    if (value) load();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const matches = useMemo(() => {
    if (!gminy) return [];
    const wanted = fold(query);
    const found = [];
    for (const gmina of gminy) {
      // the chosen gmina stays listed, so the select keeps showing it while the search changes
      if ((found.length < LIMIT && (!wanted || gmina.key.includes(wanted))) || gmina.id === Number(value))
        found.push(gmina);
    }
    return found;
  }, [gminy, query, value]);
  const list = useRef(null);
  useLayoutEffect(() => {
    // React selects the first enabled option of a controlled select whose value none matches: a
    // gmina the operator never picked would look chosen and pass the required check, and the
    // form would send no gmina. Until one is picked, none is selected (after every render: React
    // selects again on each update of the select).
    const select = list.current;
    if (select && ![...select.options].some((option) => option.value === String(value ?? '')))
      select.selectedIndex = -1;
  });
  const id = `field-${name}`;
  const { message, messageId, inputProps } = useFieldError(id, `${id}-help`);
  return (
    <div className="mb-3">
      <label htmlFor={`${id}-search`} className={required ? 'form-label required' : 'form-label'}>
        {label}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="form-control mb-1"
        placeholder="Szukaj gminy, np. Kraków"
        value={query}
        onFocus={load}
        onChange={(e) => {
          load();
          setQuery(e.target.value);
        }}
      />
      <select
        ref={list}
        id={id}
        name={name}
        className={message ? 'form-select is-invalid' : 'form-select'}
        size={6}
        {...inputProps}
        required={required}
        aria-label={`${label}: wybór`}
        value={value ?? ''}
        onFocus={load}
        onChange={(e) => onChange(e.target.value)}>
        {/* not value="": the required list box must stay empty, hence invalid, until a gmina is picked */}
        {!gminy && (
          <option value="-" disabled>
            {failed ? 'Nie udało się wczytać gmin.' : 'Kliknij, aby wczytać gminy…'}
          </option>
        )}
        {matches.map((gmina) => (
          <option key={gmina.id} value={gmina.id}>
            {gmina.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} message={message} />
      <div id={`${id}-help`} className="form-text">
        Wpisz fragment nazwy gminy, powiatu albo województwa albo kod TERYT (polskie znaki nie są wymagane).
      </div>
    </div>
  );
}
