// A public record's publishing above its edit screen's form (docs/publishing.md, "In the panel"),
// loaded on demand with the first such screen (EditLoader, RecordForms.jsx): the state badge,
// 'Poproś o publikację' for an account that may change the record but not publish it, and
// 'Publikacja', opening the publish dialog, for one that may. None of it is in the first load.
import { lazy, Suspense } from 'react';
import { PublicationBadge } from './publication.jsx';

const review = () => import(/* webpackChunkName: "lazy-review" */ './ReviewActions.jsx');
const AskForPublication = lazy(() => review().then((m) => ({ default: m.AskForPublication })));

/** `item` (its `publication`), `kind` and `id` of the record, `may(action)`; `onPublish()` opens
 * the publish dialog (EditLoader keeps it, so a reload of the record does not close it). */
export default function PublicationBar({ item, kind, id, may, onPublish }) {
  const { publication } = item;
  const name = item.name || item.internal_name || `#${id}`;
  return (
    <>
      <span className="me-auto" data-testid="publication-state">
        <span className="visually-hidden">Stan publikacji: </span>
        <PublicationBadge state={publication.state} label={publication.label} />
      </span>
      {!may('publish') && may('update') && (
        <Suspense fallback={null}>
          <AskForPublication kind={kind} id={Number(id)} name={name} />
        </Suspense>
      )}
      {may('publish') && (
        <button type="button" className="btn btn-sm btn-outline-primary" aria-haspopup="dialog" onClick={onPublish}>
          Publikacja
        </button>
      )}
    </>
  );
}
