// Rows of a form (Rows.jsx), loaded on demand: only a few forms have them.
import { lazy, Suspense } from 'react';

const rows = () => import(/* webpackChunkName: "lazy-rows" */ './Rows.jsx');
const LazyRowsField = lazy(() => rows().then((m) => ({ default: m.RowsField })));
const LazyKeyRowsField = lazy(() => rows().then((m) => ({ default: m.KeyRowsField })));

/** RowsField (Rows.jsx): a list of sub-records edited in place. */
export function RowsField(props) {
  return (
    <Suspense fallback={null}>
      <LazyRowsField {...props} />
    </Suspense>
  );
}

/** KeyRowsField (Rows.jsx): the rows of a record's keys. */
export function KeyRowsField(props) {
  return (
    <Suspense fallback={null}>
      <LazyKeyRowsField {...props} />
    </Suspense>
  );
}
