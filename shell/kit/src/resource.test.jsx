// Resource actions and hooks: URLs, list per parent, reload after success, stored sort adopted.
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineResource, useItem, useList } from './resource.js';
import { store } from './store.js';
import { fail, mockApi, ok, resetStore } from './testing.js';

const districts = defineResource({
  kind: 'district',
  base: '/district',
  listUrl: (voivodeshipId) => `/district/voivodeship/${voivodeshipId}`,
});

const listAnswer = ({ params }) =>
  ok({ order: params.order, asc: params.asc === 1, list: [{ id: 7, name: 'krakowski' }] });

beforeEach(resetStore);

describe('resource actions', () => {
  it('lists a parent with order and asc as 1/0 and stores it under that parent', async () => {
    const calls = mockApi(listAnswer);
    await districts.list(12, { order: 'name', asc: true });
    expect(calls[0]).toMatchObject({
      method: 'get',
      url: '/district/voivodeship/12',
      params: { order: 'name', asc: 1 },
    });
    expect(store.get('district').lists['12']).toEqual({
      order: 'name',
      asc: true,
      list: [{ id: 7, name: 'krakowski' }],
    });
  });

  it('uses base/ for create, base/id for read, edit and delete', async () => {
    const calls = mockApi(() => ok({ id: 1 }));
    await districts.add({ name: 'x', voivodeship_id: 3 });
    await districts.get(5);
    await districts.edit(5, { name: 'y' });
    await districts.remove(5);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'post /district/',
      'get /district/5',
      'post /district/5',
      'delete /district/5',
    ]);
    expect(calls[0].data).toEqual({ name: 'x', voivodeship_id: 3 });
  });

  it('on success reloads the stored list of the parent with its stored sort', async () => {
    const calls = mockApi((call) => (call.method === 'get' ? listAnswer(call) : ok({ id: 9 })));
    await districts.list(3, { order: 'name', asc: false });
    const result = await districts.add({ name: 'n' }, 3);
    expect(result.ok).toBe(true);
    expect(calls.at(-1)).toMatchObject({ url: '/district/voivodeship/3', params: { order: 'name', asc: 0 } });
    expect(store.get('district').added).toBe(true);
  });

  it('on failure reloads nothing and keeps the flag cleared', async () => {
    const calls = mockApi((call) => (call.method === 'get' ? listAnswer(call) : fail(400, 'VALIDATION_FAILED')));
    await districts.list(3);
    const result = await districts.remove(1, 3);
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('VALIDATION_FAILED');
    expect(calls).toHaveLength(2);
    expect(store.get('district')).toMatchObject({ deleted: false, status: { loading: false, error: true } });
  });
});

function DistrictList({ parent }) {
  const { list, order, asc, sortBy } = useList(districts, parent);
  return (
    <div>
      <span data-testid="sort">{`${order} ${asc}`}</span>
      <button onClick={() => sortBy('name')}>name</button>
      {list.map((row) => (
        <span key={row.id}>{row.name}</span>
      ))}
    </div>
  );
}

describe('useList', () => {
  it('loads with the default sort (id descending) on entering', async () => {
    const calls = mockApi(listAnswer);
    render(<DistrictList parent={4} />);
    expect(await screen.findByText('krakowski')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].params).toEqual({ order: 'id', asc: 0 });
  });

  it('adopts a stored list sorted differently, then loads with that sort', async () => {
    const calls = mockApi(listAnswer);
    await districts.list(4, { order: 'name', asc: true });
    render(<DistrictList parent={4} />);
    await waitFor(() => expect(screen.getByTestId('sort').textContent).toBe('name true'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].params).toEqual({ order: 'name', asc: 1 });
  });

  it('a header click on another column sorts ascending, on the current one flips', async () => {
    const calls = mockApi(listAnswer);
    render(<DistrictList parent={4} />);
    await screen.findByText('krakowski');
    act(() => screen.getByText('name').click());
    await waitFor(() => expect(calls.at(-1).params).toEqual({ order: 'name', asc: 1 }));
    act(() => screen.getByText('name').click());
    await waitFor(() => expect(calls.at(-1).params).toEqual({ order: 'name', asc: 0 }));
    expect(screen.getByTestId('sort').textContent).toBe('name false');
  });

  it('keeps each parent its own list', async () => {
    mockApi(({ url }) => ok({ order: 'id', asc: false, list: [{ id: 1, name: url }] }));
    const { rerender } = render(<DistrictList parent={1} />);
    expect(await screen.findByText('/district/voivodeship/1')).toBeTruthy();
    rerender(<DistrictList parent={2} />);
    expect(await screen.findByText('/district/voivodeship/2')).toBeTruthy();
    expect(Object.keys(store.get('district').lists).sort()).toEqual(['1', '2']);
  });
});

function DistrictName({ id }) {
  const { item } = useItem(districts, id);
  return <span data-testid="item">{item ? item.name : 'none'}</span>;
}

describe('useItem', () => {
  it('gives nothing until the record with the matching id has loaded, even when another arrives first', async () => {
    const answers = {};
    mockApi(({ url }) => new Promise((resolve) => (answers[url] = resolve)));
    districts.get(1); // a slow answer for a record the operator has left
    await waitFor(() => expect(answers['/district/1']).toBeTypeOf('function'));
    render(<DistrictName id="2" />);
    await waitFor(() => expect(answers['/district/2']).toBeTypeOf('function'));
    await act(async () => answers['/district/1'](ok({ id: 1, name: 'stary' })));
    expect(store.get('district').item).toEqual({ id: 1, name: 'stary' });
    expect(screen.getByTestId('item').textContent).toBe('none');
    await act(async () => answers['/district/2'](ok({ id: 2, name: 'nowy' })));
    expect(screen.getByTestId('item').textContent).toBe('nowy');
  });
});
