// Publishing in the kit (docs/publishing.md): the state badge every public record's edit screen
// and list show (loaded on demand: publishing.jsx exports its wrapper, the column and the paths),
// and what the publish dialog (PublishDialog.jsx, loaded on demand) and the embed dialog's
// "ta wersja" share. The state and its Polish label come from the server
// (`publication: {state, label, live}` in a record's answer, `publication_state` and
// `publication_label` in list rows); this only colours them.

import { badgeClass } from './publishing.jsx';

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
    <span className={badgeClass(STATE_LOOK[state] || 'text-bg-secondary', className)} data-publication={state}>
      {label}
    </span>
  );
}

export { pinnedPath, publishPath } from './publishing.jsx';

export const NOTE_KINDS = [
  { value: 'update', label: 'Aktualizacja' },
  { value: 'correction', label: 'Korekta' },
];

export const ACTION_LABELS = { publish: 'Publikacja', unpublish: 'Wycofanie' };
