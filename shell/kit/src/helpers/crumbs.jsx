// The breadcrumbs of a screen under parent records (a map's measurements, a ranking's groups...):
// each record's crumb is its name once it has loaded, and the screen waits for the records.
import { StatusBanner, useItem } from '@smogpanel/kit';

// Stands for a record a trail does not have, so the hook asks useItem the same number of times
// on every render (a hook's calls must not depend on the data).
const NO_RECORD = { kind: '', get() {} };
const DEPTH = 3;

/**
 * useParentCrumbs(trail, label) → {items, crumbs, waiting, failed}
 *
 * `trail`: the crumbs from the plugin's list down to the screen's own list, each a plain
 * `{label, to}` or a record's `{resource, id, fallback, to, name}` (at most three records): its
 * label is `name(item)` (the record's `name` by default) once loaded, `fallback` until then;
 * `to` may be a function of every record of the trail (`items`). `label` ends the trail (the
 * screen's own crumb, not a link). `items`: the records in the trail's order, null until loaded;
 * `waiting`: the loading banner (the error banner when a record failed) until every record has
 * loaded, then null; `failed`: {errors} of the first record that failed to load, or null.
 */
export function useParentCrumbs(trail, label) {
  const records = trail.filter((crumb) => crumb.resource);
  if (records.length > DEPTH) throw new Error(`useParentCrumbs: at most ${DEPTH} records in a trail`);
  const wanted = (index) => records[index] || { resource: NO_RECORD };
  const states = [
    useItem(wanted(0).resource, wanted(0).id),
    useItem(wanted(1).resource, wanted(1).id),
    useItem(wanted(2).resource, wanted(2).id),
  ].slice(0, records.length);
  const items = states.map((state) => state.item);
  const crumbs = trail.map((crumb) => {
    const to = typeof crumb.to === 'function' ? crumb.to(items) : crumb.to;
    if (!crumb.resource) return { ...crumb, to };
    const item = items[records.indexOf(crumb)];
    return { label: item ? (crumb.name ? crumb.name(item) : item.name) : crumb.fallback, to };
  });
  const failedState = states.find((state) => state.error);
  const missing = states.find((state) => !state.item);
  return {
    items,
    crumbs: label ? [...crumbs, { label }] : crumbs,
    waiting: missing ? <StatusBanner status={failedState ? 'error' : 'loading'} errors={failedState?.errors} /> : null,
    failed: failedState ? { errors: failedState.errors } : null,
  };
}
