// A searchable select of all gminy (SPEC 2.6: value forms pick a gmina among all boroughs,
// 2,477 in a real installation). The list loads once, on demand (first focus, or at once when
// a value is already chosen), and is kept for the page; typing filters it ignoring case and
// Polish diacritics ('lodz' finds 'Łódź'), showing at most LIMIT matches so the DOM stays small.
import { fold } from '@smogpanel/embeds/text';
import { useEffect, useMemo, useState } from 'react';
import { api } from './api.js';
import { settings } from './config.js';
import { FieldMessage } from './Form.jsx';
import { useFieldError } from './fieldErrors.js';

const LIMIT = 100;
let cache = null;

export { fold }; // one folding for the kit and the public widgets (@smogpanel/embeds/text)

/** Every live gmina as [{id, label, key, district_id, district_name, voivodeship_id,
 * voivodeship_name}] (`key`: what a search matches, the label and the TERYT code), sorted by name (one request per page), from the list
 * the gazetteer names in the shell's configuration (`gminyPath`): whichever plugin keeps the
 * gminy, the kit names none. Without one (no such plugin enabled) there are no gminy to load. */
export function loadGminy() {
  const path = settings().gminyPath;
  if (!path) return Promise.reject(new Error('no gazetteer'));
  if (!cache) {
    cache = api.get(path, { order: 'name', asc: 1 }).then(
      (payload) =>
        payload.list.map((row) => {
          // row.label: the name, with the kind and TERYT code when a namesake shares the district
          const label = `${row.label || row.name} (powiat ${row.district_name}, woj. ${row.voivodeship_name})`;
          return {
            id: row.id,
            label,
            key: fold(row.teryt ? `${label} ${row.teryt}` : label), // a code finds its gmina, shown or not
            district_id: row.district_id,
            district_name: row.district_name,
            voivodeship_id: row.voivodeship_id,
            voivodeship_name: row.voivodeship_name,
          };
        }),
      (error) => {
        cache = null;
        throw error;
      },
    );
  }
  return cache;
}

export const forgetGminy = () => {
  cache = null;
};

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
