// The list of every gmina the gmina select and the lists' filters share (GminaSelect.jsx shows
// it, GminaPicker.jsx, loaded on demand, searches it).
import { fold } from '@smogpanel/embeds/text';
import { api } from './api.js';
import { settings } from './config.js';

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
