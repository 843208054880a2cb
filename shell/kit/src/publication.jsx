// Publishing in the kit (docs/publishing.md): the state badge every public record's edit screen
// and list show, and what the publish dialog (PublishDialog.jsx, loaded on demand) and the embed
// dialog's "ta wersja" share. The state and its Polish label come from the server
// (`publication: {state, label, live}` in a record's answer, `publication_state` and
// `publication_label` in list rows); this only colours them.

/** The badge's colour of each state (draft, published, changed, scheduled, withdrawn). */
export const STATE_LOOK = {
  draft: 'text-bg-secondary',
  published: 'text-bg-success',
  changed: 'text-bg-warning',
  scheduled: 'text-bg-info',
  withdrawn: 'text-bg-dark',
};

/** The record's state as a badge; nothing for a record with no state (not a public kind). */
export function PublicationBadge({ state, label, className = '' }) {
  if (!label) return null;
  return (
    <span className={`badge ${STATE_LOOK[state] || 'text-bg-secondary'} ${className}`.trim()} data-publication={state}>
      {label}
    </span>
  );
}

/** The list column 'Stan' of a public kind's rows (a ListScreen adds it when its rows have states). */
export const publicationColumn = {
  name: 'publication_label',
  label: 'Stan',
  sortable: false,
  render: (row) => <PublicationBadge state={row.publication_state} label={row.publication_label} />,
};

/** The rows' columns with 'Stan' before the first date column (or last), when the rows have states. */
export function withPublicationColumn(columns, rows) {
  if (!rows.some((row) => row && row.publication_label)) return columns;
  if (columns.some((column) => column.name === publicationColumn.name)) return columns;
  const at = columns.findIndex((column) => column.type === 'date');
  const index = at < 0 ? columns.length : at;
  return [...columns.slice(0, index), publicationColumn, ...columns.slice(index)];
}

/** A public page's path pinned to version `seq`: '/view/timer/x/embed' -> '/view/timer/x/v/3/embed'. */
export function pinnedPath(path, seq) {
  if (!seq) return path;
  const match = /^(\/view\/[^/]+\/[^/]+)(\/.*)?$/.exec(path);
  return match ? `${match[1]}/v/${seq}${match[2] || ''}` : path;
}

/** The API path of a record's publishing calls: publishPath('timer', 4, 'versions'). */
export const publishPath = (kind, id, call) => `/${kind}/${id}/${call}`;

export const NOTE_KINDS = [
  { value: 'update', label: 'Aktualizacja' },
  { value: 'correction', label: 'Korekta' },
];

export const ACTION_LABELS = { publish: 'Publikacja', unpublish: 'Wycofanie' };
