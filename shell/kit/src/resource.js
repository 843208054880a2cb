// A resource is a declaration (kind, URLs, default sort) turned into actions that go
// request -> success | failure through the store, and hooks that read that state.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api, versionOf } from './api.js';
import { parentKey, store } from './store.js';

/**
 * Runs one call as an operation of `kind`. Resolves with {ok: true, payload} or
 * {ok: false, error}; never rejects, so fire-and-forget loads leave no unhandled rejection.
 */
export async function perform(kind, op, call, extra = {}) {
  store.dispatch({ type: 'request', kind, op, ...extra });
  try {
    const payload = await call();
    store.dispatch({ type: 'success', kind, op, payload, ...extra });
    return { ok: true, payload };
  } catch (error) {
    store.dispatch({ type: 'failure', kind, op, errors: error.errors || [], ...extra });
    return { ok: false, error };
  }
}

const DEFAULT_SORT = { order: 'id', asc: false };
/** A list's query as request parameters: the sort, plus any search, filters and page given
 * (empty ones left out). No `order`: the server's own (a search's best matches first). */
export function listParams({ order, asc, ...rest }) {
  const params = order ? { order, asc: asc ? 1 : 0 } : {};
  for (const [name, value] of Object.entries(rest))
    if (value !== '' && value !== null && value !== undefined) params[name] = value;
  return params;
}

const ifMatch = (version) => (version ? { 'If-Match': version } : undefined);

/**
 * defineResource({kind: 'district', base: '/district',
 *   listUrl: (voivodeshipId) => `/district/voivodeship/${voivodeshipId}`,
 *   sort: {order: 'id', asc: false}})
 * CRUD follows the API convention: GET base/ (list), GET base/{id}, POST base/ (add),
 * POST base/{id} (edit), DELETE base/{id}. Pass `parent` to mutations so the right list reloads.
 */
export function defineResource({ kind, base, listUrl, sort = DEFAULT_SORT }) {
  const urlOfList = (parent) => (listUrl ? listUrl(parent) : `${base}/`);

  const resource = {
    kind,
    base,
    sort,
    /** The list's URL (export and bulk delete are beside it). */
    listUrl: urlOfList,
    /** Loads the list of `parent`: `wanted` is the sort, with a search `q`, filters, `page` and `per_page` when given. */
    list(parent, wanted = sort) {
      const params = listParams(wanted);
      return perform(kind, 'list', () => api.get(urlOfList(parent), params), { parent, sort: wanted });
    },
    /** Reloads the stored list of `parent` with its stored query (nothing stored: nothing to do). */
    reload(parent) {
      const stored = store.get(kind).lists[parentKey(parent)];
      return stored ? resource.list(parent, stored.query || { order: stored.order, asc: stored.asc }) : null;
    },
    get: (id) => perform(kind, 'item', () => keepVersion(id, api.get(`${base}/${id}`))),
    /** The record `id` as it is now (its version: versionOf), the store and the version the next
     * edit saves against untouched (a form shows it beside its own values). */
    current: (id) => api.get(`${base}/${id}`),
    add: (data, parent) => mutate('add', () => api.post(`${base}/`, data), parent),
    /** Saved against the version of `id` loaded last (If-Match): someone's save in between
     * answers 412 CHANGED_MEANWHILE and changes nothing. */
    edit: (id, data, parent) =>
      mutate('edit', () => keepVersion(id, api.post(`${base}/${id}`, data, ifMatch(versions.get(String(id))))), parent),
    /** The next edit of `id` saves against `version` (e.g. over a change the operator has seen). */
    expect: (id, version) => (version ? versions.set(String(id), version) : versions.delete(String(id))),
    remove: (id, parent) => mutate('delete', () => api.delete(`${base}/${id}`), parent),
    /** Any other write (import, export, ...): `op` names its done-flag. */
    run: (op, call, parent) => mutate(op, call, parent),
    /** Loads any other value into state[key], cleared while it loads (e.g. a definition). */
    fetch: (key, call) => perform(kind, 'fetch', call, { key }),
  };

  // The version (ETag) of each record of this kind as last loaded or saved here: its forms save
  // against it (docs/api.md, "Saving against the version a form loaded").
  const versions = new Map();

  async function keepVersion(id, call) {
    const record = await call;
    const version = versionOf(record);
    if (version) versions.set(String(id), version);
    return record;
  }

  async function mutate(op, call, parent) {
    const result = await perform(kind, op, call, { parent });
    if (result.ok) await resource.reload(parent); // SPEC 4: on success, lists are reloaded
    return result;
  }

  return resource;
}

/** The whole state of one resource kind, re-rendering on change. */
export function useResourceState(resourceOrKind) {
  const kind = typeof resourceOrKind === 'string' ? resourceOrKind : resourceOrKind.kind;
  return useSyncExternalStore(store.subscribe, () => store.get(kind));
}

/**
 * A sortable list of `parent`. On entering (mount or another parent) a stored list sorted
 * differently makes the screen adopt that sort; otherwise the list loads. Every sort change loads.
 */
export function useList(resource, parent) {
  const state = useResourceState(resource);
  const key = parentKey(parent);
  const [sort, setSort] = useState(resource.sort);
  const entered = useRef(null);

  useEffect(() => {
    if (entered.current !== key) {
      entered.current = key;
      const stored = store.get(resource.kind).lists[key];
      if (stored && (stored.order !== sort.order || stored.asc !== sort.asc)) {
        setSort({ order: stored.order, asc: stored.asc }); // this effect runs again and loads
        return;
      }
    }
    resource.list(parent, sort);
  }, [key, sort.order, sort.asc]); // eslint-disable-line react-hooks/exhaustive-deps

  const stored = state.lists[key];
  return {
    list: stored ? stored.list : [],
    order: sort.order,
    asc: sort.asc,
    loading: state.status.loading,
    error: state.status.error,
    errors: state.errors,
    /** Header click: another column sorts ascending, the current one flips. */
    sortBy: (column) =>
      setSort((now) => (now.order === column ? { order: column, asc: !now.asc } : { order: column, asc: true })),
  };
}

/** The record `id`, fetched on entering; `item` stays null until the record with that id is loaded. */
export function useItem(resource, id) {
  const state = useResourceState(resource);
  const asked = useRef(null); // the status is ours only once our request went out
  useEffect(() => {
    if (id === undefined || id === null) return;
    asked.current = String(id);
    resource.get(id);
  }, [resource, id]);
  const item = state.item && String(state.item.id) === String(id) ? state.item : null;
  const ours = asked.current === String(id);
  return {
    item,
    loading: !ours || state.status.loading,
    error: ours && state.status.error,
    errors: ours ? state.errors : [],
  };
}
