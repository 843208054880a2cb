// Choosing rows: the rows a list's bulk delete asks about, named as its question names them, and
// the districts its powiat filter offers.
const NAMED = 10; // named rows; the rest are counted

/** The selected rows of `rows` as the bulk delete's question names them: „A”, „B” i 3 innych. */
export function namesOf(rows, selected) {
  const names = rows
    .filter((row) => selected.has(row.id))
    .map((row) => `„${row.name || row.title || row.email || `#${row.id}`}”`);
  const rest = selected.size - Math.min(names.length, NAMED);
  return names.slice(0, NAMED).join(', ') + (rest > 0 ? ` i ${rest} innych` : '');
}

/**
 * The powiat filter's options from the gminy (`{district_id, district_name, voivodeship_id,
 * voivodeship_name}`), of `chosenVoivodeship` only when one is chosen. Names several voivodeships
 * share (bielski, brzeski, grodziski) carry their voivodeship: "bielski (śląskie)".
 */
export function districtOptions(gminy, chosenVoivodeship = '') {
  const districts = new Map();
  for (const gmina of gminy) {
    if (!chosenVoivodeship || String(gmina.voivodeship_id) === chosenVoivodeship)
      districts.set(String(gmina.district_id), { name: gmina.district_name, voivodeship: gmina.voivodeship_name });
  }
  const count = new Map();
  for (const { name } of districts.values()) count.set(name, (count.get(name) || 0) + 1);
  return [...districts.entries()]
    .map(([value, { name, voivodeship }]) => ({
      value,
      label: count.get(name) > 1 ? `${name} (${voivodeship})` : name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pl'));
}
