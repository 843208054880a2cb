// Finding a gmina as one types: without Polish letters ('zabierzow' finds 'Zabierzów'), by the
// start of any word of its name first, then anywhere in it, then by its district's name.

/** 'Łódź' → 'lodz': lower case, diacritics and ł removed, spacing collapsed. */
export function fold(text) {
  return String(text || '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The payload's boroughs ([id, name, district, voivodeship]) prepared for matching once. */
export function indexBoroughs(boroughs) {
  return boroughs.map(([id, name, district, voivodeship]) => {
    const folded = fold(name);
    return { id, name, district, voivodeship, folded, words: folded.split(/[\s-]+/), district_folded: fold(district) };
  });
}

/** The best `limit` gminy for `query`: rank 0 name starts with it, 1 a word of the name does,
 * 2 the name contains it, 3 the district's name does. Ties keep the payload's (alphabetical) order. */
export function findBoroughs(index, query, limit = 20) {
  const q = fold(query);
  if (!q) return [];
  const ranked = [];
  for (const item of index) {
    let rank = -1;
    if (item.folded.startsWith(q)) rank = 0;
    else if (item.words.some((word) => word.startsWith(q))) rank = 1;
    else if (item.folded.includes(q)) rank = 2;
    else if (item.district_folded.includes(q)) rank = 3;
    if (rank >= 0) ranked.push([rank, ranked.length, item]);
  }
  ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return ranked.slice(0, limit).map((entry) => entry[2]);
}
