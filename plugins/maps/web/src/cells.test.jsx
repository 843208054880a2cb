// The measurement's values are the 'voivodeship_cells' widget the checkpoint schema places
// (cells.jsx): the form follows the description (GET /api/form/checkpoint), and each cell stays a
// value of its own for a save against a version someone else saved meanwhile.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { knowForms, loadForm } from '@smogpanel/kit/helpers';
import { fail, mockApi, ok, renderAt, resetStore } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

const MAP = {
  id: 3,
  name: 'Czyste Powietrze',
  property_keys: [{ id: 31, name: 'Liczba złożonych wniosków', display_name: '', property_type_name: 'STATISTIC' }],
};
const CHECKPOINT = {
  id: 7,
  name: 'Grudzień',
  source: null,
  captured: '2024-12-31',
  hidden: 0,
  map_id: 3,
  properties: [{ key: { id: 31 }, value: { ds: 12.5, mz: 3000 } }],
};
// The changed-meanwhile panel's wording (the kit's ChangedMeanwhile.jsx)
const CHANGED = {
  heading: 'Ktoś zmienił ten element w międzyczasie',
  reload: 'Wczytaj aktualną wersję',
  keepMine: 'twoja wersja',
  keepTheirs: 'zapisana wersja',
  empty: '(puste)',
};
const answer = ({ url }) => {
  if (url === '/map/3') return ok(MAP);
  if (url === '/checkpoint/7') return ok(CHECKPOINT);
  return ok({ order: 'captured', asc: false, list: [] });
};

let described; // the checkpoint form as forms.json (the server) describes it
beforeEach(async () => {
  resetStore();
  described = await loadForm('checkpoint');
});
afterEach(() => knowForms({ checkpoint: described }));

/** The description with `change(properties)` applied to the `properties` field. */
function describedWith(change) {
  const copy = structuredClone(described);
  change(copy.properties.properties);
  knowForms({ checkpoint: copy });
}

describe('placed by the schema', () => {
  it('draws the cells where the schema names the widget, with the schema’s wording', async () => {
    describedWith((properties) => {
      properties['x-label'] = 'Liczby';
      properties.items.properties.value.properties.mz['x-label'] = 'Mazowsze';
    });
    mockApi(answer);
    renderAt(routes, '/map/3/checkpoint/add');
    const cells = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
    expect(within(cells).getAllByRole('textbox')).toHaveLength(16);
    expect(within(cells).getByLabelText('Mazowsze')).toBeTruthy();
    expect(within(cells).getByLabelText('dolnośląskie')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Liczby' })).toBeTruthy();
    expect(screen.getByText('Właściwości bez żadnej wartości nie zostaną zapisane w pomiarze.')).toBeTruthy();
  });

  it('a schema that does not name the widget gets no cells', async () => {
    describedWith((properties) => {
      delete properties['x-widget'];
    });
    mockApi(answer);
    renderAt(routes, '/map/3/checkpoint/add');
    expect(await screen.findByLabelText('Nazwa')).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Liczba złożonych wniosków/ })).toBeNull();
    expect(screen.queryByLabelText('mazowieckie')).toBeNull();
  });
});

describe('saved against a version someone else saved meanwhile', () => {
  it('keeps the colleague’s cell and the operator’s own, each on its own', async () => {
    let record = CHECKPOINT;
    let etag = '"v1-aa"';
    const calls = mockApi((call) => {
      if (call.method === 'get' && call.url === '/checkpoint/7') return [...ok(record), { etag }];
      if (call.method === 'post') {
        if (call.headers['If-Match'] !== etag)
          return fail(412, 'CHANGED_MEANWHILE', [{ name: '', description: 'Ktoś zmienił ten element.' }]);
        return [...ok({ ...record, ...call.data }), { etag: '"v3-cc"' }];
      }
      return answer(call);
    });
    renderAt(routes, '/map/3/checkpoint/7');
    const cells = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
    fireEvent.change(within(cells).getByLabelText('małopolskie'), { target: { value: '7' } });
    // a colleague saves another cell meanwhile
    record = { ...CHECKPOINT, properties: [{ key: { id: 31 }, value: { ds: 12.5, mz: 3001 } }] };
    etag = '"v2-bb"';
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    // the comparison names each cell either side changed
    const panel = await screen.findByRole('region', { name: CHANGED.heading });
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Liczba złożonych wniosków: małopolskie', '7', CHANGED.empty, CHANGED.keepMine],
      ['Liczba złożonych wniosków: mazowieckie', '3000', '3001', CHANGED.keepTheirs],
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: CHANGED.reload }));
    await waitFor(() => expect(within(cells).getByLabelText('mazowieckie').value).toBe('3001'));
    expect(within(cells).getByLabelText('małopolskie').value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const posts = calls.filter((c) => c.method === 'post');
    expect(posts.map((c) => c.headers['If-Match'])).toEqual(['"v1-aa"', '"v2-bb"']);
    expect(posts[1].data.properties).toEqual([
      { key: { id: 31 }, value: expect.objectContaining({ ds: 12.5, mz: 3001, mp: 7 }) },
    ]);
  });
});

it('the server’s refusal of a number shows under its cell', async () => {
  const refusal = 'Województwo mazowieckie: Wpisz liczbę o co najwyżej 15 cyfrach przed przecinkiem.';
  mockApi((call) =>
    call.method === 'post'
      ? fail(400, 'VALIDATION_FAILED', [{ name: 'properties.0.value.mz', description: refusal }])
      : answer(call),
  );
  renderAt(routes, '/map/3/checkpoint/7');
  const cells = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
  const mazovia = within(cells).getByLabelText('mazowieckie');
  fireEvent.change(mazovia, { target: { value: '10000000000000000' } });
  fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
  await waitFor(() => expect(mazovia.getAttribute('aria-invalid')).toBe('true'));
  const message = document.getElementById(mazovia.getAttribute('aria-describedby').split(' ')[0]);
  expect(message.textContent).toBe(refusal);
  expect(document.activeElement).toBe(mazovia);
});

it('asks before a measurement with a changed cell is left, and not once the cell is as loaded again', async () => {
  mockApi(answer);
  const router = createMemoryRouter(
    routes.map((route) => ({ path: route.path, element: route.element })),
    { initialEntries: ['/map/3/checkpoint', '/map/3/checkpoint/7'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const cells = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
  fireEvent.change(within(cells).getByLabelText('małopolskie'), { target: { value: '7' } });
  fireEvent.click(screen.getByRole('link', { name: TEXT.cancel }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Opuścić formularz?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Zostań w formularzu' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(within(cells).getByLabelText('małopolskie').value).toBe('7');
  fireEvent.change(within(cells).getByLabelText('małopolskie'), { target: { value: '' } });
  await act(() => router.navigate(-1)); // the values are as loaded: no question
  expect(await screen.findByRole('heading', { name: 'Pomiary mapy „Czyste Powietrze”' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});
