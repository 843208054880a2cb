// The voivodeships for a remote's selects, from the list the gazetteer names in the shell's
// configuration (`voivodeshipsPath`, as `gminyPath` for the gmina picker): whichever plugin keeps
// the hierarchy, a remote names none.
import { api, settings } from '@smogpanel/kit';
import { useEffect, useState } from 'react';

let cache = null;

/** Every live voivodeship as select options [{value: String(id), label: name, code}] (code: the
 * two letters of one of the sixteen, or null), sorted by name
 * (one request per page). Without a keeper (no such plugin enabled) there are none to load. */
export function loadVoivodeships() {
  const path = settings().voivodeshipsPath;
  if (!path) return Promise.reject(new Error('no gazetteer'));
  if (!cache) {
    cache = api.get(path, { order: 'name', asc: 1 }).then(
      (payload) => payload.list.map((row) => ({ value: String(row.id), label: row.name, code: row.code || null })),
      (error) => {
        cache = null;
        throw error;
      },
    );
  }
  return cache;
}

export const forgetVoivodeships = () => {
  cache = null;
};

/** {options, failed}: the voivodeships' select options ([] until loaded), and whether they could not be loaded. */
export function useVoivodeships() {
  const [state, setState] = useState({ options: [], failed: false });
  useEffect(() => {
    let live = true;
    loadVoivodeships().then(
      (options) => live && setState({ options, failed: false }),
      () => live && setState({ options: [], failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
