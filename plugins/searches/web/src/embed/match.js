// Finding a gmina as one types: without Polish letters ('zabierzow' finds 'Zabierzów'), by the
// start of any word of its name first, then anywhere in it, then by its district's name.
import { findMatches, fold, matchIndex } from '@smogpanel/embeds/text';

export { fold };

/** The payload's boroughs ([id, name, district, voivodeship]) prepared for matching once. */
export function indexBoroughs(boroughs) {
  const items = boroughs.map(([id, name, district, voivodeship]) => ({ id, name, district, voivodeship }));
  return matchIndex(
    items,
    (item) => item.name,
    (item) => item.district,
  );
}

/** The best `limit` gminy for `query`. */
export const findBoroughs = (index, query, limit = 20) => findMatches(index, query, limit);
