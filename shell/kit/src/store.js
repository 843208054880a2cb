// Per-resource state of SPEC section 3 (last paragraph) and section 4, as a pure reducer
// plus a tiny subscribable store. One instance per page: the kit is a federated singleton.

/** Which done-flag an operation clears on request and sets on success. */
export const DONE_FLAG = {
  add: 'added',
  edit: 'edited',
  delete: 'deleted',
  import: 'imported',
  export: 'exported',
  restore: 'reset', // password-restore request
  resetPassword: 'reset',
  saveMe: 'savedMe',
};

export const INITIAL = Object.freeze({
  status: Object.freeze({ loading: false, error: false }),
  errors: Object.freeze([]),
  lists: Object.freeze({}), // parent key ('' for top-level lists) -> {order, asc, list}
  item: null,
  added: false,
  edited: false,
  deleted: false,
  imported: false,
  exported: false,
});

export const parentKey = (parent) => (parent === undefined || parent === null ? '' : String(parent));

/**
 * One resource's next state. Actions: {type: 'request'|'success'|'failure', op, parent, sort,
 * key, payload, errors}. `op` picks the effect: 'list' stores a list under its parent,
 * 'item' a single record, 'fetch' any value under `key`; DONE_FLAG ops their flags;
 * 'login' the logged flag; 'me' the current user.
 */
export function reduceResource(state = INITIAL, action) {
  const next = { ...state };
  const flag = DONE_FLAG[action.op];
  switch (action.type) {
    case 'request':
      next.status = { loading: true, error: false };
      next.errors = [];
      if (flag) next[flag] = false;
      if (action.op === 'item') next.item = null;
      if (action.op === 'fetch') next[action.key] = null;
      if (action.op === 'login') next.logged = false;
      return next;
    case 'success':
      next.status = { loading: false, error: false };
      if (flag) next[flag] = true;
      if (action.op === 'list') next.lists = { ...state.lists, [parentKey(action.parent)]: listOf(action) };
      if (action.op === 'item') next.item = action.payload;
      if (action.op === 'fetch') next[action.key] = action.payload;
      if (action.op === 'login') next.logged = true;
      if (action.op === 'me') next.me = action.payload;
      return next;
    case 'failure':
      next.status = { loading: false, error: true };
      next.errors = action.errors || [];
      return next;
    default:
      return state;
  }
}

// A list answer is {order, asc, list} (with `page`: also page, per_page, total); a bare array (an
// endpoint without sorting) keeps the asked sort. `query`: what was asked besides the sort (a
// search, filters, a page), for reloading the same rows.
function listOf({ payload, sort = {} }) {
  const { order: asked, asc: askedAsc, ...rest } = sort;
  const query = Object.keys(rest).length ? { query: sort } : {};
  if (Array.isArray(payload)) return { order: asked, asc: askedAsc, list: payload, ...query };
  const { order = asked, asc = askedAsc, list = [], total, page, per_page: perPage } = payload || {};
  const paged = total === undefined ? {} : { total, page, perPage };
  return { order, asc: Boolean(asc), list, ...query, ...paged };
}

export function createStore() {
  let state = {};
  const listeners = new Set();
  return {
    get: (kind) => state[kind] || INITIAL,
    dispatch(action) {
      const before = state[action.kind];
      const after = reduceResource(before, action);
      if (after === before) return;
      state = { ...state, [action.kind]: after };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      state = {};
      listeners.forEach((listener) => listener());
    },
  };
}

export const store = createStore();
