// The searches' resources, constants and payloads (SPEC 2.7, 3 Search/Search entry, 5, 7 Searches).
import { api, defineResource } from '@smogpanel/kit';

export const LIST = '/search';
export const searches = defineResource({ kind: 'search', base: '/search' });
export const entries = defineResource({
  kind: 'search_entry',
  base: '/search_entry',
  listUrl: (searchId) => `/search_entry/search/${searchId}`,
  sort: { order: 'id', asc: true }, // SPEC 9: search entries by id ascending
});

export const entriesPath = (searchId) => `${LIST}/${searchId}/entry`;
/** The template's address, signed for an hour: the template names the search's keys, so it
 * takes sign-in, which a plain download link cannot carry. */
export const templateLink = (searchId) => api.get('/import/WPG_XLS/template/link', { search_id: searchId });

/** A text this long (or with a line break) gets a textarea in the entry form. */
export const LONG_TEXT = 80;

export function searchValues(item) {
  return {
    name: item ? item.name : '',
    internal_name: item ? item.internal_name : '',
    source: item ? item.source || '' : '',
    search_keys: item ? item.search_keys.map((key) => ({ ...key })) : [],
  };
}

/** POST /search/ or /search/{id}: the internal name only on create; the removal flag once agreed. */
export function searchPayload(values, { editing, removeKeysWithValues }) {
  const payload = {
    name: values.name,
    source: values.source || '',
    search_keys: values.search_keys.map((key) => ({
      ...(key.id ? { id: key.id } : {}),
      name: key.name,
      hide_name: Number(key.hide_name) ? 1 : 0,
      search_key_place_name: key.search_key_place_name,
    })),
  };
  if (!editing) payload.internal_name = values.internal_name;
  if (editing && removeKeysWithValues) payload.remove_keys_with_values = 1;
  return payload;
}

export const valueName = (keyId) => `k${keyId}`;

/** The entry form's values: the gmina and one text per key of the search. */
export function entryValues(keys, item) {
  const values = { borough_id: item ? String(item.borough_id) : '' };
  for (const key of keys) {
    const stored = item && item.values.find((v) => v.key.id === key.id);
    values[valueName(key.id)] = stored ? stored.value.value : '';
  }
  return values;
}

/** POST /search_entry/ or /search_entry/{id}: every key's text (an empty one removes it). */
export function entryPayload(keys, values, { editing, searchId }) {
  const payload = {
    values: keys.map((key) => ({
      key: { id: key.id },
      value: { value: String(values[valueName(key.id)] ?? '').trim() },
    })),
  };
  if (!editing) Object.assign(payload, { search_id: Number(searchId), borough_id: Number(values.borough_id) });
  return payload;
}

/** How a gmina is named on the entry form: 'Zabierzów (krakowski, małopolskie)'. */
export const boroughLabel = (row) => `${row.borough_name} (${row.district_name}, ${row.voivodeship_name})`;
