// The graph screens over the forms the schema describes (web/forms.json): the graph form whose
// keys editor ('graph_keys', keys.jsx) follows the type, the server's errors on a group's key,
// the group form, the entry form's goal fields, and the list's labels from the schema.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { fail, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

const GRAPH = {
  id: 4,
  name: 'Wnioski %RANGE%',
  internal_name: 'wnioski',
  title: '',
  subtitle: '',
  subname: '',
  unit: 'szt.',
  source: '',
  legend: '',
  graph_type_name: 'BAR',
  graph_style_name: 'MODERN',
  position_title: 'Pozycja',
  value_title: 'W %GROUP%',
  graph_keys: [],
  graph_key_groups: [
    { id: 3, name: 'Złożone', color: 'red', graph_keys: [{ id: 7, name: 'Styczeń', short_name: 'I' }] },
  ],
  updated: '2026-01-01T10:00:00+00:00',
};
const GROUP = { id: 5, name: '2025', graph_id: 4, updated: '2026-01-01T10:00:00+00:00' };
const list = (rows) => ok({ order: 'id', asc: false, list: rows });
const posts = (calls) => calls.filter((c) => c.method === 'post');
const messageOf = (input) => document.getElementById(`${input.id}-error`)?.textContent;

beforeEach(resetStore);

describe('graph form', () => {
  it('labels, helps and options come from the schema; key groups for BAR, plain keys for CIRCLE', async () => {
    const calls = mockApi(({ method }) => (method === 'post' ? ok({ id: 9 }) : list([])));
    renderAt(routes, '/graph/add');
    const type = await screen.findByLabelText('Typ wykresu');
    expect([...type.options].map((o) => o.textContent)).toEqual([
      '— wybierz —',
      'słupkowy (BAR)',
      'kołowy (CIRCLE)',
      'liniowy (LINE)',
      'wieloliniowy (MULTILINE)',
    ]);
    expect(screen.getByText('Np. szt., zł, %.')).toBeTruthy(); // the unit's help (BAR)
    expect(screen.getByText(/Część publicznego adresu wykresu \(\/view\/graph\/…\)/)).toBeTruthy();
    for (const [label, value] of [
      ['Nazwa', 'Wnioski'],
      ['Nazwa wewnętrzna', 'wnioski'],
      ['Tytuł pozycji', 'Pozycja'],
      ['Tytuł wartości', 'Liczba'],
    ])
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    expect(await screen.findByText(/Każda grupa to seria danych w swoim kolorze/)).toBeTruthy(); // rows load on demand
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj grupę kluczy' }));
    const group = screen.getByRole('group', { name: 'Grupa kluczy 1' });
    fireEvent.change(within(group).getByLabelText('Nazwa grupy'), { target: { value: 'Złożone' } });
    fireEvent.change(within(group).getByLabelText('Kolor'), { target: { value: 'red' } });
    expect(within(group).getByText(/Angielska nazwa \(np. red\)/)).toBeTruthy();
    expect(within(group).getByText('Klucze grupy')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Dodaj klucz' }));
    const key = within(group).getByRole('group', { name: 'Klucz 1' });
    fireEvent.change(within(key).getByLabelText('Nazwa klucza'), { target: { value: 'Styczeń' } });
    fireEvent.change(within(key).getByLabelText('Krótka nazwa'), { target: { value: 'I' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const [sent] = posts(calls);
    expect(sent.url).toBe('/graph/');
    expect(sent.data).toMatchObject({
      name: 'Wnioski',
      internal_name: 'wnioski',
      graph_type_name: 'BAR',
      graph_keys: [],
      graph_key_groups: [{ name: 'Złożone', color: 'red', graph_keys: [{ name: 'Styczeń', short_name: 'I' }] }],
    });
    await waitFor(() => expect(where().pathname).toBe('/graph'), { timeout: 3000 });
  });

  it('CIRCLE: plain keys, no unit', async () => {
    mockApi(() => list([]));
    renderAt(routes, '/graph/add');
    fireEvent.change(await screen.findByLabelText('Typ wykresu'), { target: { value: 'CIRCLE' } });
    expect(screen.queryByLabelText('Jednostka')).toBeNull();
    expect(await screen.findByText('Klucze wykresu')).toBeTruthy();
    expect(screen.getByText('Każdy klucz to wycinek koła.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj klucz' }));
    expect(within(screen.getByRole('group', { name: 'Klucz 1' })).getByLabelText('Krótka nazwa')).toBeTruthy();
  });

  it("the server's error on a group's key lands on that key's input", async () => {
    const refusal = 'Krótka nazwa „I” występuje dwa razy.';
    mockApi(({ method }) =>
      method === 'get'
        ? ok(GRAPH)
        : fail(400, 'VALIDATION_ERROR', [{ name: 'graph_key_groups.0.graph_keys.0.short_name', description: refusal }]),
    );
    renderAt(routes, '/graph/4');
    const key = await screen.findByRole('group', { name: 'Klucz 1' });
    expect(screen.getByLabelText('Nazwa wewnętrzna').disabled).toBe(true);
    expect(screen.getByLabelText('Motyw').value).toBe('MODERN');
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const short = within(key).getByLabelText('Krótka nazwa');
    await waitFor(() => expect(messageOf(short)).toBe(refusal));
  });
});

describe('list, groups and entries', () => {
  it("the list's headings and the theme's label are the schema's", async () => {
    mockApi(() => list([GRAPH]));
    renderAt(routes, '/graph');
    const row = await screen.findByRole('row', { name: /Wnioski/ });
    expect(within(row).getByText('modern')).toBeTruthy();
    for (const name of ['Nazwa', 'Typ', 'Motyw']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('the group form: its name with the help, the graph sent on create', async () => {
    const calls = mockApi(({ method, url }) => {
      if (method === 'post') return ok({ id: 6 });
      return url === '/graph/4' ? ok(GRAPH) : list([GROUP]);
    });
    renderAt(routes, '/graph/4/group/add');
    fireEvent.change(await screen.findByLabelText('Nazwa grupy'), { target: { value: '2026' } });
    expect(screen.getByText('Np. rok: 2024.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(posts(calls)[0]).toMatchObject({ url: '/graph_group/', data: { name: '2026', graph_id: 4 } });
  });

  it("the entry form: one value per key, the goal's fields once ticked, with the schema's labels", async () => {
    const calls = mockApi(({ method, url }) => {
      if (method === 'post') return ok({ id: 8 });
      if (url === '/graph/4') return ok(GRAPH);
      if (url === '/graph_group/5') return ok(GROUP);
      return list([]);
    });
    renderAt(routes, '/graph/4/group/5/entry/add');
    fireEvent.change(await screen.findByLabelText('Nazwa'), { target: { value: 'Polska' } });
    fireEvent.change(screen.getByLabelText('Złożone: Styczeń'), { target: { value: '12' } });
    expect(screen.queryByLabelText('Cel')).toBeNull();
    fireEvent.click(screen.getByLabelText('Wpis ma cel'));
    for (const [label, value] of [
      ['Cel', '100'],
      ['Opis postępu', 'Postęp'],
      ['Opis celu', 'Cel programu'],
      ['Dopisek celu', 'do 2030 r.'],
    ])
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    expect(screen.getByText('Np. „Złożone wnioski”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(posts(calls)[0].data).toMatchObject({
      name: 'Polska',
      with_goal: 1,
      goal: '100',
      goal_progress_info: 'Postęp',
      values: [{ key: { id: 7 }, group: { id: 3 }, value: { value: '12' } }],
      graph_group_id: 5,
    });
  });
});
