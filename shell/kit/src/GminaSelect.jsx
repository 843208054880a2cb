// A searchable select of all gminy (SPEC 2.6: value forms pick a gmina among all boroughs,
// 2,477 in a real installation). The list loads once, on demand (first focus, or at once when
// a value is already chosen), and is kept for the page; typing filters it ignoring case and
// Polish diacritics ('lodz' finds 'Łódź'), showing at most LIMIT matches so the DOM stays small.
import { lazy, Suspense } from 'react';

export { fold, forgetGminy, loadGminy } from './gminy.js';

const Picker = lazy(() =>
  import(/* webpackChunkName: "lazy-gmina" */ './GminaPicker.jsx').then((m) => ({ default: m.GminaSelect })),
);

/** The searchable select of all gminy (GminaPicker.jsx, loaded on demand): `name`, `label`,
 * `value`, `onChange(id)`, `required`. */
export function GminaSelect(props) {
  return (
    <Suspense fallback={<p>Wczytywanie listy gmin...</p>}>
      <Picker {...props} />
    </Suspense>
  );
}
