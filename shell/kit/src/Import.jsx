// Spreadsheet imports as declarations: the form (type choice where there is one, the file, the
// plugin's own fields), what the chosen type's file must hold as GET /api/import/ describes it,
// and on success the list the form came from, showing what was imported and what was skipped.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Page } from './Page.jsx';
import { TEXT } from './texts.js';

// The import screen itself is opened from a list now and then: loaded on demand.
const lazyScreens = () => import(/* webpackChunkName: "lazy-import" */ './ImportScreen.jsx');
const LazyImportScreen = lazy(() => lazyScreens().then((m) => ({ default: m.ImportScreen })));
const LazyImportLayout = lazy(() => lazyScreens().then((m) => ({ default: m.ImportLayout })));

/** The file field every import has (its `help` replaced or dropped with `help: null`). */
export const importFileField = (extra = {}) => ({
  name: 'file',
  label: 'Plik',
  type: 'file',
  required: true,
  accept: '.xlsx,.xls,.csv',
  help: 'Arkusz .xlsx, .xls albo .csv.',
  ...extra,
});

/** The type choice of the import endpoint `imports` (e.g. '/checkpoint/import'): the types GET
 * /import/ says it takes, `only` those codes when given (what the chosen record's own type takes). */
export const importTypeField = (imports, only) => ({
  name: 'type',
  label: 'Typ pliku',
  type: 'select',
  required: true,
  imports,
  only,
});

export { TemplateLink, useImportTypes } from './importTypes.jsx';

/** The report an import left for the list it returned to (router state), or undefined. */
export const useImportReport = () => useLocation().state?.imported;

/** The import's report on the list: `summary`, then the skipped rows under `skippedHeading`. */
export function ImportReport({ summary, skipped = [], skippedHeading }) {
  return (
    <div className="alert alert-info" role="status">
      <p className="mb-1">{summary}</p>
      {skipped.length > 0 && (
        <>
          {skippedHeading && <p className="mb-1">{skippedHeading}</p>}
          <ul className="mb-0">
            {skipped.map((item, index) => (
              <li key={index}>{item.description}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The import screen (ImportScreen.jsx, loaded on demand): its props are documented there. Its
 * frame (the crumbs' links) is drawn here, outside the part loaded on demand, so it stays the same
 * elements while that loads (as a list's header: screens.jsx). */
export function ImportScreen(props) {
  return (
    <Page crumbs={props.crumbs}>
      <Suspense fallback={<p>{TEXT.tableLoading}</p>}>
        <LazyImportScreen {...props} />
      </Suspense>
    </Page>
  );
}

/** What the chosen type's file must hold (ImportScreen.jsx, loaded on demand). */
export function ImportLayout(props) {
  return (
    <Suspense fallback={null}>
      <LazyImportLayout {...props} />
    </Suspense>
  );
}
