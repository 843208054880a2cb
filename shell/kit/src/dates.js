// Dates arrive as ISO 8601 (UTC); operators read them as YYYY-MM-DD HH:mm in Warsaw time.
const warsaw = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO moment's parts (year, month, day, hour, minute) in Warsaw time, or null for none. */
function warsawParts(value) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(warsaw.formatToParts(date).map((p) => [p.type, p.value]));
}

export function formatDate(value) {
  if (!value) return '';
  const part = warsawParts(value);
  return part ? `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}` : String(value);
}

/** An ISO moment as DD.MM.RRRR GG:MM in Warsaw time, as Polish texts write it ('' for none). */
export function warsawDay(value) {
  if (!value) return '';
  const part = warsawParts(value);
  return part ? `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}` : String(value);
}

/** True when the record was changed after creation (the list shows its date emphasised). */
export function wasUpdated(record) {
  if (!record || !record.updated || !record.created) return false;
  return new Date(record.updated).getTime() !== new Date(record.created).getTime();
}
