// What the history screens show of an entry (GET /api/history/): Polish labels, values as an
// operator reads them (dates in Warsaw time, numbers with the decimal comma), and which entries
// can be put back. Loaded only with those screens.
import { api } from './api.js';
import { formatDate } from './dates.js';

export const ACTIONS = {
  create: 'Utworzenie',
  update: 'Zmiana',
  delete: 'Usunięcie',
  restore: 'Przywrócenie',
  import: 'Import',
};
export const CHANGED = 'changed';
export const NO_VALUE = '—';
export const NOT_KEPT = 'zmieniono (treści nie przechowuje się w historii)';
export const REVERT = 'Przywróć tę wersję';
const IMPORT_FIELDS = [
  ['file', 'Plik'],
  ['type_label', 'Typ pliku'],
  ['created', 'Utworzono'],
  ['updated', 'Zmieniono'],
  ['skipped', 'Pominięto'],
];
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;

/** A number with the Polish decimal comma, digits exactly as the server wrote them. */
export const polishNumber = (value) => String(value).replace('.', ',');

/** A stored value as text: dates in Warsaw time, numbers with a comma, lists and objects flattened. */
export function formatValue(value) {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'number') return polishNumber(value);
  if (typeof value === 'boolean') return value ? 'tak' : 'nie';
  if (typeof value === 'string') return DATE_TIME.test(value) ? formatDate(value) : value;
  if (Array.isArray(value)) return value.length ? value.map((item) => formatValue(item)).join('; ') : NO_VALUE;
  const parts = Object.entries(value)
    .filter(
      ([key, inner]) => key !== 'id' && !key.endsWith('_id') && inner !== null && inner !== '' && inner !== undefined,
    )
    .map(([key, inner]) => `${key}: ${formatValue(inner)}`);
  return parts.length ? `(${parts.join(', ')})` : NO_VALUE;
}

/** The rows an entry shows: [{field, label, before, after}] (an import: what it read and did). */
export function changeRows(entry) {
  const changes = entry.changes || {};
  if (entry.action === 'import') {
    return IMPORT_FIELDS.filter(([field]) => changes[field] !== undefined).map(([field, label]) => ({
      field,
      label,
      before: null,
      after: formatValue(changes[field]),
    }));
  }
  if (entry.action === 'delete' && Array.isArray(changes.batch)) {
    // a bulk delete: the records it deleted, each by id and name (one revert restores them all)
    return changes.batch.map((item) => ({
      field: `batch-${item.id}`,
      label: `#${item.id}`,
      before: item.name || NO_VALUE,
      after: 'usunięto',
    }));
  }
  const labels = entry.labels || {};
  return Object.keys(changes)
    .sort()
    .map((field) => {
      const change = changes[field];
      const label = labels[field] || field;
      if (!Array.isArray(change)) return { field, label, before: NOT_KEPT, after: NOT_KEPT };
      return { field, label, before: formatValue(change[0]), after: formatValue(change[1]) };
    });
}

/** Reverts `entry` (POST /api/history/<id>/revert); resolves with the banner state to show. */
export async function revertEntry(entry) {
  try {
    await api.post(`/history/${entry.id}/revert`, {});
    return { status: 'success', errors: [] };
  } catch (error) {
    return { status: 'error', errors: error.errors || [] };
  }
}

/** Who made the entry: the operator's e-mail, or 'CLI' for the command line. */
export const whoMade = (entry) => entry.user_email || (entry.via === 'cli' ? 'CLI' : 'nieznany');

/**
 * Whether 'Przywróć tę wersję' is offered: an edit with a value history keeps, a delete (the
 * record comes back) and an import that created one record. The server decides in the end.
 */
export function canRevert(entry) {
  if (entry.revertable === false) return false; // not a panel record's entry (an erased sender)
  if (entry.action === 'update') return Object.values(entry.changes || {}).some((change) => Array.isArray(change));
  if (entry.action === 'delete') return true;
  if (entry.action === 'import') return Boolean(entry.changes && entry.changes.created_kind);
  return false;
}
