// Matching names as people type them, shared by the embeds and the admin kit: case, Polish
// letters and spacing ignored ('zabierzow' finds 'Zabierzów', 'lodz' finds 'Łódź'), as the
// server's smogpanel.regions.normalise does.

// NFKD leaves these letters whole, so they are mapped by hand.
const UNDECOMPOSABLE = { ł: 'l', Ł: 'l', đ: 'd', ø: 'o', ß: 'ss' };

/** 'Łódź ' → 'lodz' */
export function fold(text) {
  return String(text ?? '')
    .replace(/[łŁđøß]/g, (ch) => UNDECOMPOSABLE[ch])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** `items` prepared for `findMatches` once: `nameOf(item)` and `placeOf(item)` (e.g. the
 * gmina's district) give the texts to match. */
export function matchIndex(items, nameOf, placeOf = () => '') {
  return items.map((item) => {
    const folded = fold(nameOf(item));
    return { item, folded, words: folded.split(/[\s-]+/), place: fold(placeOf(item)) };
  });
}

/** The best `limit` items for `query`: the name starting with it first, then a word of the
 * name starting with it, then the name containing it, then the place containing it. Ties keep
 * the index's order (e.g. alphabetical). */
export function findMatches(index, query, limit = 20) {
  const q = fold(query);
  if (!q) return [];
  const ranked = [];
  for (const entry of index) {
    let rank = -1;
    if (entry.folded.startsWith(q)) rank = 0;
    else if (entry.words.some((word) => word.startsWith(q))) rank = 1;
    else if (entry.folded.includes(q)) rank = 2;
    else if (entry.place.includes(q)) rank = 3;
    if (rank >= 0) ranked.push([rank, ranked.length, entry.item]);
  }
  ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return ranked.slice(0, limit).map((entry) => entry[2]);
}
