// Every transition of SPEC section 4 on the per-resource state.
import { describe, expect, it } from 'vitest';
import { createStore, DONE_FLAG, INITIAL, reduceResource } from './store.js';

const run = (actions, state = INITIAL) => actions.reduce(reduceResource, state);

describe('request status', () => {
  it('starts as success: not loading, no error, empty lists, no item, flags cleared', () => {
    expect(INITIAL.status).toEqual({ loading: false, error: false });
    expect(INITIAL.lists).toEqual({});
    expect(INITIAL.item).toBeNull();
    for (const flag of ['added', 'edited', 'deleted', 'imported', 'exported']) expect(INITIAL[flag]).toBe(false);
  });

  it('request sets loading on and error off', () => {
    const failed = run([{ type: 'failure', op: 'list' }]);
    expect(reduceResource(failed, { type: 'request', op: 'list' }).status).toEqual({ loading: true, error: false });
  });

  it('success sets loading off and error off', () => {
    const state = run([
      { type: 'request', op: 'item' },
      { type: 'success', op: 'item', payload: { id: 1 } },
    ]);
    expect(state.status).toEqual({ loading: false, error: false });
  });

  it('failure sets loading off and error on and keeps the server errors', () => {
    const errors = [{ name: 'name', description: 'Nazwa jest wymagana.' }];
    const state = run([
      { type: 'request', op: 'add' },
      { type: 'failure', op: 'add', errors },
    ]);
    expect(state.status).toEqual({ loading: false, error: true });
    expect(state.errors).toEqual(errors);
  });

  it('a new request forgets the previous errors', () => {
    const state = run([
      { type: 'failure', op: 'add', errors: [{ description: 'x' }] },
      { type: 'request', op: 'add' },
    ]);
    expect(state.errors).toEqual([]);
  });
});

describe('done flags', () => {
  for (const [op, flag] of Object.entries(DONE_FLAG)) {
    it(`${op}: request clears ${flag}, success sets it, failure leaves it cleared`, () => {
      const set = { ...INITIAL, [flag]: true };
      expect(reduceResource(set, { type: 'request', op })[flag]).toBe(false);
      expect(
        run([
          { type: 'request', op },
          { type: 'success', op },
        ])[flag],
      ).toBe(true);
      expect(
        run(
          [
            { type: 'request', op },
            { type: 'failure', op },
          ],
          set,
        )[flag],
      ).toBe(false);
    });
  }

  it('an operation touches only its own flag', () => {
    const state = run([
      { type: 'request', op: 'add' },
      { type: 'success', op: 'add' },
      { type: 'request', op: 'delete' },
    ]);
    expect(state.added).toBe(true);
    expect(state.deleted).toBe(false);
  });
});

describe('lists and items', () => {
  const answer = (list, order = 'id', asc = false) => ({ order, asc, list });

  it('keeps one list per parent id, with its order and direction', () => {
    const state = run([
      { type: 'success', op: 'list', parent: 1, payload: answer([{ id: 3 }], 'name', true) },
      { type: 'success', op: 'list', parent: 2, payload: answer([{ id: 9 }]) },
    ]);
    expect(state.lists['1']).toEqual({ order: 'name', asc: true, list: [{ id: 3 }] });
    expect(state.lists['2']).toEqual({ order: 'id', asc: false, list: [{ id: 9 }] });
  });

  it('stores a top-level list under the empty key and replaces it on reload', () => {
    const state = run([
      { type: 'success', op: 'list', payload: answer([{ id: 1 }]) },
      { type: 'success', op: 'list', payload: answer([{ id: 2 }]) },
    ]);
    expect(state.lists['']).toEqual(answer([{ id: 2 }]));
  });

  it('a bare array answer keeps the sort that was asked for', () => {
    const state = reduceResource(INITIAL, {
      type: 'success',
      op: 'list',
      sort: { order: 'name', asc: true },
      payload: [{ id: 1 }],
    });
    expect(state.lists['']).toEqual({ order: 'name', asc: true, list: [{ id: 1 }] });
  });

  it('a list request keeps the stored lists', () => {
    const state = run([
      { type: 'success', op: 'list', parent: 1, payload: answer([{ id: 3 }]) },
      { type: 'request', op: 'list', parent: 1 },
    ]);
    expect(state.lists['1'].list).toEqual([{ id: 3 }]);
  });

  it('fetching an item clears the current item first, success stores it', () => {
    const held = run([{ type: 'success', op: 'item', payload: { id: 1 } }]);
    expect(held.item).toEqual({ id: 1 });
    expect(reduceResource(held, { type: 'request', op: 'item' }).item).toBeNull();
    expect(
      run(
        [
          { type: 'request', op: 'item' },
          { type: 'success', op: 'item', payload: { id: 2 } },
        ],
        held,
      ).item,
    ).toEqual({ id: 2 });
  });

  it('fetch clears its value on request (e.g. the calculator definition) and sets it on success', () => {
    const held = run([{ type: 'success', op: 'fetch', key: 'definition', payload: [1] }]);
    expect(reduceResource(held, { type: 'request', op: 'fetch', key: 'definition' }).definition).toBeNull();
  });
});

describe('auth and user', () => {
  it('login: request sets logged false, success true, failure leaves it false', () => {
    const logged = run([
      { type: 'request', op: 'login' },
      { type: 'success', op: 'login' },
    ]);
    expect(logged.logged).toBe(true);
    expect(reduceResource(logged, { type: 'request', op: 'login' }).logged).toBe(false);
    expect(
      run(
        [
          { type: 'request', op: 'login' },
          { type: 'failure', op: 'login' },
        ],
        logged,
      ).logged,
    ).toBe(false);
  });

  it('me stores the current user; saving it sets savedMe', () => {
    const state = run([
      { type: 'success', op: 'me', payload: { email: 'a@b.pl' } },
      { type: 'request', op: 'saveMe' },
      { type: 'success', op: 'saveMe' },
    ]);
    expect(state.me).toEqual({ email: 'a@b.pl' });
    expect(state.savedMe).toBe(true);
  });
});

describe('store', () => {
  it('keeps kinds apart and notifies subscribers', () => {
    const store = createStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.dispatch({ type: 'request', kind: 'district', op: 'list' });
    expect(store.get('district').status.loading).toBe(true);
    expect(store.get('borough')).toBe(INITIAL);
    expect(calls).toBe(1);
  });
});
