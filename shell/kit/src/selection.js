// The rows a list's bulk delete asks about, named as its question names them.
const NAMED = 10; // named rows; the rest are counted

/** The selected rows of `rows` as the bulk delete's question names them: „A”, „B” i 3 innych. */
export function namesOf(rows, selected) {
  const names = rows
    .filter((row) => selected.has(row.id))
    .map((row) => `„${row.name || row.title || row.email || `#${row.id}`}”`);
  const rest = selected.size - Math.min(names.length, NAMED);
  return names.slice(0, NAMED).join(', ') + (rest > 0 ? ` i ${rest} innych` : '');
}
