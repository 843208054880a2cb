// The map screens over the kit: the list (export, embed, edit, delete, public view) and the map
// form with property key rows and the confirmation before removing keys that have values.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { fail, mockApi, ok, resetStore } from '@smogpanel/kit/testing';
import { browser } from './maps.jsx';
import routes from './routes.jsx';
import { renderAt, where } from '@smogpanel/kit/testing';

const MAP = {
  id: 3,
  name: 'Czyste Powietrze',
  internal_name: 'cp',
  source: 'NFOŚiGW',
  details: '',
  show_summary: 1,
  summary_title: 'Razem',
  property_keys: [
    { id: 31, name: 'Liczba złożonych wniosków', display_name: '', property_type_name: 'STATISTIC' },
    { id: 32, name: 'Kotły węglowe', display_name: 'Kotły', property_type_name: 'PRECISE' },
  ],
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-01-01T10:00:00+00:00',
};
const list = ok({ order: 'id', asc: false, list: [MAP] });

beforeEach(resetStore);

it('declares every screen of SPEC 2.3 under /map', () => {
  expect(routes.map((r) => r.path)).toEqual([
    '/map',
    '/map/add',
    '/map/:mapId',
    '/map/:mapId/checkpoint',
    '/map/:mapId/checkpoint/add',
    '/map/:mapId/checkpoint/import',
    '/map/:mapId/checkpoint/:checkpointId',
  ]);
});

describe('list', () => {
  it('sorts by id, name, internal_name, updated; links measurements and the public view; edit and delete', async () => {
    const calls = mockApi(() => list);
    renderAt(routes, '/map');
    const publicLink = await screen.findByRole('link', { name: 'cp' });
    expect(publicLink.getAttribute('href')).toBe('/view/map/cp');
    expect(calls[0]).toMatchObject({ url: '/map/', params: { order: 'id', asc: 0 } });
    for (const name of ['ID', 'Nazwa', 'Nazwa wewnętrzna', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Czyste Powietrze/ });
    expect(within(row).getByRole('link', { name: 'Czyste Powietrze' }).getAttribute('href')).toBe('/map/3/checkpoint');
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/map/3');
    expect(within(row).getByRole('button', { name: 'Usuń' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dodaj mapę' }).getAttribute('href')).toBe('/map/add');
    expect(document.title).toBe('Mapy | Smogpanel v3.8.0');
  });

  it('export asks for the workbook and opens its URL', async () => {
    const opened = [];
    browser.open = (url) => opened.push(url);
    const calls = mockApi(({ url }) => (url === '/map/3/export' ? ok('/files/ab12.xlsx') : list));
    renderAt(routes, '/map');
    fireEvent.click(await screen.findByRole('button', { name: 'Eksportuj' }));
    await waitFor(() => expect(opened).toEqual(['/files/ab12.xlsx']));
    expect(calls.some((c) => c.method === 'get' && c.url === '/map/3/export')).toBe(true);
    expect(screen.getByText(TEXT.success)).toBeTruthy();
  });

  it('a failed export shows the error and opens nothing', async () => {
    const opened = [];
    browser.open = (url) => opened.push(url);
    mockApi(({ url }) => (url === '/map/3/export' ? fail(404, 'NOT_FOUND') : list));
    renderAt(routes, '/map');
    fireEvent.click(await screen.findByRole('button', { name: 'Eksportuj' }));
    expect(await screen.findByText(TEXT.error)).toBeTruthy();
    expect(opened).toEqual([]);
  });

  it('the embed dialog gives the map page snippet with a fresh uuid and the loader', async () => {
    mockApi(() => list);
    renderAt(routes, '/map');
    fireEvent.click(await screen.findByRole('button', { name: 'Osadź' }));
    const dialog = await screen.findByRole('dialog');
    const snippet = within(dialog).getByLabelText(TEXT.embedSnippet).value;
    expect(snippet).toMatch(/\/view\/map\/cp\/embed\/[0-9a-f-]{36}"/);
    expect(snippet).toContain('width:600px;height:600px');
    expect(snippet).toContain('title="Mapa: Czyste Powietrze"');
    expect(snippet).toContain(`<script src="${window.location.origin}/static/embeds/loader.js" async></script>`);
  });
});

describe('form', () => {
  it('create sends the fields and the key rows; the summary title defaults to "Wszystkie pomiary"', async () => {
    const calls = mockApi(({ method }) => (method === 'post' ? ok({ id: 9 }) : list));
    renderAt(routes, '/map/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    expect(screen.getByLabelText('Tytuł podsumowania').value).toBe('Wszystkie pomiary');
    expect(screen.getByText(/%FIRST_CHECKPOINT% i %LAST_CHECKPOINT%/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Nowa' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'nowa' } });
    fireEvent.change(screen.getByLabelText('Źródło danych'), { target: { value: 'GUS' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj właściwość' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj właściwość' }));
    const [first, second] = [1, 2].map((n) => screen.getByRole('group', { name: `Właściwość ${n}` }));
    fireEvent.change(within(first).getByLabelText('Nazwa właściwości'), { target: { value: 'Wnioski' } });
    fireEvent.change(within(second).getByLabelText('Nazwa właściwości'), { target: { value: 'Kotły węglowe' } });
    const type = within(second).getByLabelText('Typ');
    expect([...type.options].map((o) => o.textContent)).toEqual([
      '— wybierz —',
      'statystyczna',
      'doprecyzowująca (podmapa)',
      'informacyjna',
    ]);
    fireEvent.change(type, { target: { value: 'PRECISE' } });
    fireEvent.change(within(second).getByLabelText('Nazwa wyświetlana'), { target: { value: 'Kotły' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const sent = calls.find((c) => c.method === 'post');
    expect(sent.url).toBe('/map/');
    expect(sent.data).toMatchObject({ name: 'Nowa', internal_name: 'nowa', source: 'GUS' });
    // SPEC 7: the create payload does not send show_summary or summary_title (left at the defaults: no second call)
    expect(sent.data).not.toHaveProperty('show_summary');
    expect(sent.data).not.toHaveProperty('summary_title');
    expect(calls.filter((c) => c.method === 'post').length).toBe(1);
    expect(sent.data.property_keys).toMatchObject([
      { name: 'Wnioski', property_type_name: 'STATISTIC', display_name: null },
      { name: 'Kotły węglowe', property_type_name: 'PRECISE', display_name: 'Kotły' },
    ]);
    expect(sent.data.property_keys[0]).not.toHaveProperty('id');
    await waitFor(() => expect(where().pathname).toBe('/map'), { timeout: 3000 });
  });

  it('a summary chosen on create is stored by an edit after the create (SPEC 7 create payload)', async () => {
    const calls = mockApi(({ method }) => (method === 'post' ? ok({ id: 9 }) : list));
    renderAt(routes, '/map/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    for (const [label, value] of [
      ['Nazwa', 'Nowa'],
      ['Nazwa wewnętrzna', 'nowa'],
      ['Źródło danych', 'GUS'],
      ['Tytuł podsumowania', 'Od %FIRST_CHECKPOINT%'],
    ]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByLabelText(/Pokaż podsumowanie/));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const posts = calls.filter((c) => c.method === 'post');
    expect(posts.map((c) => c.url)).toEqual(['/map/', '/map/9']);
    expect(posts[0].data).not.toHaveProperty('show_summary');
    expect(posts[1].data).toEqual({
      name: 'Nowa',
      source: 'GUS',
      details: null,
      show_summary: 1,
      summary_title: 'Od %FIRST_CHECKPOINT%',
    });
  });

  it('a key row needs its name: the form is invalid without it', async () => {
    const calls = mockApi(() => list);
    renderAt(routes, '/map/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    for (const [label, value] of [
      ['Nazwa', 'A'],
      ['Nazwa wewnętrzna', 'a'],
      ['Źródło danych', 'B'],
    ]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj właściwość' }));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(await screen.findByText(TEXT.invalid)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'post')).toEqual([]);
  });

  it('removing a key with values: the server refuses, the operator confirms, the form resends with the flag', async () => {
    const refusal =
      'Nie usunięto właściwości „Kotły węglowe” (wartości w 3 pomiarach): zmierzone wartości zniknęłyby z pomiarów.';
    const calls = mockApi(({ method, data }) => {
      if (method === 'get') return ok(MAP);
      return data.remove_keys_with_values
        ? ok(MAP)
        : fail(409, 'CONFLICT', [{ name: 'property_keys', description: refusal }]);
    });
    renderAt(routes, '/map/3');
    const second = await screen.findByRole('group', { name: 'Właściwość 2' });
    expect(screen.getByLabelText('Nazwa wewnętrzna').disabled).toBe(true);
    fireEvent.click(within(second).getByRole('button', { name: 'Usuń' }));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(screen.getAllByText(refusal).length).toBe(2); // the error banner lists it too
    const posts = () => calls.filter((c) => c.method === 'post');
    expect(posts()[0].data).not.toHaveProperty('remove_keys_with_values');
    expect(posts()[0].data).not.toHaveProperty('internal_name');
    expect(posts()[0].data.property_keys).toEqual([
      { id: 31, uuid: null, name: 'Liczba złożonych wniosków', display_name: null, property_type_name: 'STATISTIC' },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tak, usuń razem z wartościami.' }));
    await screen.findByText(TEXT.success);
    expect(posts()).toHaveLength(2);
    expect(posts()[1]).toMatchObject({ url: '/map/3', data: { remove_keys_with_values: 1 } });
  });

  it('declining keeps the form as it was, and the next save asks again', async () => {
    const calls = mockApi(({ method }) =>
      method === 'get' ? ok(MAP) : fail(409, 'CONFLICT', [{ name: 'property_keys', description: 'Nie usunięto.' }]),
    );
    renderAt(routes, '/map/3');
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Właściwość 2' })).getByRole('button', { name: 'Usuń' }),
    );
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: TEXT.confirmNo }));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'post')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'post').every((c) => !c.data.remove_keys_with_values)).toBe(true);
  });
});
