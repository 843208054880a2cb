// What of publishing the kit exports (docs/publishing.md, "In the panel"), cheap to load with the
// panel: the API and public paths, and wrappers whose drawing (publication.jsx: the badge's
// colours; PreviewLink.jsx: a preview link's box) loads on demand with the first badge or link.
import { lazy, Suspense } from 'react';

const Badge = lazy(() =>
  import(/* webpackChunkName: "lazy-publication" */ './publication.jsx').then((m) => ({ default: m.PublicationBadge })),
);
const Box = lazy(() =>
  import(/* webpackChunkName: "lazy-preview" */ './PreviewLink.jsx').then((m) => ({ default: m.PreviewLinkBox })),
);

/** The API path of a record's publishing calls: publishPath('timer', 4, 'versions'). */
export const publishPath = (kind, id, call) => `/${kind}/${id}/${call}`;

/** A public page's path pinned to version `seq`: '/view/timer/x/embed' -> '/view/timer/x/v/3/embed'. */
export function pinnedPath(path, seq) {
  if (!seq) return path;
  const match = /^(\/view\/[^/]+\/[^/]+)(\/.*)?$/.exec(path);
  return match ? `${match[1]}/v/${seq}${match[2] || ''}` : path;
}

/** A state badge's classes: the loaded badge (publication.jsx) and its stand-in share them, so
 * both take the same room. */
export const badgeClass = (look, className = '') => `badge ${look} ${className}`.trim();

/** The record's state (`state`, its Polish `label` from the server) as a badge; nothing without a label. */
export function PublicationBadge(props) {
  if (!props.label) return null;
  // Until its colours load, the same badge in grey: its text and size are there from the first
  // frame. Drawn late, it widened the list's column 'Stan' and moved the row's link from under a
  // click (pressed on the link, released on its cell: lost, in a .ci/run).
  const waiting = <span className={badgeClass('text-bg-secondary', props.className)}>{props.label}</span>;
  return (
    <Suspense fallback={waiting}>
      <Badge {...props} />
    </Suspense>
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

/** `link` ({url, expires_at}) in a read-only field with 'Kopiuj odnośnik' and 'Ważny do …'. */
export function PreviewLinkBox(props) {
  return (
    <Suspense fallback={null}>
      <Box {...props} />
    </Suspense>
  );
}
