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
  publish: 'Publikacja',
  unpublish: 'Wycofanie z publikacji',
  request: 'Prośba o publikację',
  approve: 'Zatwierdzenie prośby o publikację',
  reject: 'Odesłanie prośby o publikację',
};
// What an entry reverts, in the accusative: "cofa zmianę z 2026-11-27 10:30".
const ACTIONS_UNDONE = {
  create: 'utworzenie',
  update: 'zmianę',
  delete: 'usunięcie',
  restore: 'przywrócenie',
  import: 'import',
  publish: 'publikację',
  unpublish: 'wycofanie z publikacji',
};

/** "cofa zmianę z <when>" for an entry that reverts another (`reverts_entry` from the server). */
export function revertsSays(entry) {
  const undone = entry.reverts_entry;
  if (!undone) return `cofa wpis #${entry.reverts}`;
  return `cofa ${ACTIONS_UNDONE[undone.action] || 'wpis'} z ${formatDate(undone.at)}`;
}

/** "cofnięty <when>" for an entry another one reverted (`reverted_at` from the server). */
export function revertedSays(entry, revertedId) {
  return entry.reverted_at ? `cofnięty ${formatDate(entry.reverted_at)}` : `cofnięty wpisem #${revertedId}`;
}
// The fields of publishing's entries (smogpanel.publishing and its review), in Polish.
const PUBLISHING_ACTIONS = new Set(['publish', 'unpublish', 'request', 'approve', 'reject']);
const PUBLISHING_FIELDS = {
  version: 'Wersja',
  from_version: 'Z wersji',
  scheduled_at: 'Zaplanowano na',
  note: 'Notatka',
  request: 'Prośba o publikację (nr)',
  requested_by: 'Prosi',
  comment: 'Komentarz',
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
  ['deleted', 'Usunięto'], // an import's revert: what it created, deleted again
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

/**
 * The rows an entry shows: [{field, label, before, after, diff?}]. The server writes them in the
 * form's words (`rows`: changed cells only, option labels, names of referenced records, a word
 * diff of rich text); an import shows what it read and did.
 */
export function changeRows(entry) {
  if (Array.isArray(entry.rows)) return entry.rows;
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
  const labels = { ...(PUBLISHING_ACTIONS.has(entry.action) ? PUBLISHING_FIELDS : {}), ...(entry.labels || {}) };
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

export const REVERT_TITLE = 'Potwierdzenie przywrócenia';
export const REVERT_YES = 'Tak, przywróć.';

/**
 * Whether 'Przywróć tę wersję' is offered: the server says so (`revert.offered`: only where this
 * operator's revert would be allowed); without it, an edit with a value history keeps, a delete
 * and an import that created one record. The server decides in the end.
 */
export function canRevert(entry) {
  if (entry.revertable === false) return false; // not a panel record's entry (an erased sender)
  if (entry.revert) return Boolean(entry.revert.offered);
  if (entry.action === 'update') return Object.values(entry.changes || {}).some((change) => Array.isArray(change));
  if (entry.action === 'delete') return true;
  if (entry.action === 'import') return Boolean(entry.changes && entry.changes.created_kind);
  return false;
}

/** The entry that already reverted this one (its id), or null: the button is then disabled. */
export const revertedBy = (entry) => (entry.revert && entry.revert.reverted_by) || null;

/** What the confirmation says a revert will do, in words (the server's sentence). */
export const revertSays = (entry) =>
  `${(entry.revert && entry.revert.says) || 'Przywróci stan elementu sprzed tego wpisu.'} Czy na pewno?`;

/** The record as the log names it: 'wartość „Zakopane (…)” · grupa „2024” · ranking „Smog”'. */
export function recordTitle(entry) {
  const record = entry.record || {};
  const name = record.name || entry.record_name;
  // An import into no record (the TERYT register) is named by itself, not as a record of its kind.
  if (entry.action === 'import' && entry.record_id === null && name) return name;
  const own = `${entry.kind_label}${name ? ` „${name}”` : entry.record_id !== null ? ` #${entry.record_id}` : ''}`;
  const parents = (record.parents || []).map((parent) => `${parent.label}${parent.name ? ` „${parent.name}”` : ''}`);
  return [own, ...parents].join(' · ');
}
