// The measurement screens: the list (captured descending), the form with sixteen inputs per
// property key named by voivodeship, and the import with the warning, template and skipped list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT, loadMe } from '@smogpanel/kit';
import { forgetVoivodeships } from '@smogpanel/kit/helpers';
import { importTypesOf, mockApi, ok, resetStore } from '@smogpanel/kit/testing';
import { today } from './resources.js';
import routes from './routes.jsx';
import { renderAt, where } from '@smogpanel/kit/testing';

const MAP = {
  id: 3,
  name: 'Czyste Powietrze',
  internal_name: 'cp',
  source: 'NFOŚiGW',
  show_summary: 0,
  summary_title: null,
  property_keys: [
    { id: 31, name: 'Liczba złożonych wniosków', display_name: '', property_type_name: 'STATISTIC' },
    { id: 32, name: 'Kotły węglowe', display_name: 'Kotły', property_type_name: 'PRECISE' },
  ],
};
const CHECKPOINT = {
  id: 7,
  name: 'Grudzień',
  source: null,
  captured: '2024-12-31',
  hidden: 1,
  map_id: 3,
  properties: [
    {
      key: { id: 31, name: 'Liczba złożonych wniosków', property_type_name: 'STATISTIC' },
      value: { id: 70, ds: 12.5, mz: 3000, kp: null },
    },
  ],
  created: '2025-01-01T10:00:00+00:00',
  updated: '2025-01-02T10:00:00+00:00',
};
const api =
  (posted = ok({ id: 8 })) =>
  ({ method, url }) => {
    if (method === 'post') return posted;
    if (url === '/map/3') return ok(MAP);
    if (url === '/checkpoint/7') return ok(CHECKPOINT);
    if (url === '/import/') return ok(IMPORTS);
    return ok({ order: 'captured', asc: false, list: [CHECKPOINT] });
  };
const IMPORTS = importTypesOf('/checkpoint/import', [
  ['CP_XLS', 'Raport Czyste Powietrze (CP_XLS)'],
  ['CP_XLS_2025', 'Raport Czyste Powietrze 2025 (CP_XLS_2025)'],
]);
const post = (calls) => calls.find((c) => c.method === 'post');

beforeEach(resetStore);

describe('list', () => {
  it('lists by captured, newest first; add, import, back; edit and delete', async () => {
    const calls = mockApi(api());
    renderAt(routes, '/map/3/checkpoint');
    const row = await screen.findByRole('row', { name: /Grudzień/ });
    expect(calls.find((c) => c.url === '/checkpoint/map/3')).toMatchObject({ params: { order: 'captured', asc: 0 } });
    expect(screen.getByRole('columnheader', { name: /Data pomiaru/ }).textContent).toBe('Data pomiaru ▼');
    for (const name of ['ID', 'Nazwa', 'Ukryty', 'Data pomiaru', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(within(row).getByText('TAK')).toBeTruthy();
    expect(within(row).getByText('2024-12-31')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/map/3/checkpoint/7');
    expect(within(row).getByRole('button', { name: 'Usuń' })).toBeTruthy();
    const link = (name) => screen.getByRole('link', { name }).getAttribute('href');
    expect([link('Dodaj pomiar'), link('Importuj pomiar'), link('Wróć do listy map')]).toEqual([
      '/map/3/checkpoint/add',
      '/map/3/checkpoint/import',
      '/map',
    ]);
    expect(await screen.findByRole('heading', { name: 'Pomiary mapy „Czyste Powietrze”' })).toBeTruthy();
  });
});

describe('form', () => {
  it('create: sixteen inputs per key named by voivodeship; empty properties are dropped; today by default', async () => {
    const calls = mockApi(api());
    renderAt(routes, '/map/3/checkpoint/add');
    const applications = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
    const boilers = screen.getByRole('group', { name: /Kotły węglowe \(Kotły\)/ });
    expect(within(applications).getAllByRole('textbox')).toHaveLength(16);
    expect(within(boilers).getAllByRole('textbox')).toHaveLength(16);
    const input = within(applications).getByLabelText('warmińsko-mazurskie');
    expect(input.getAttribute('inputmode')).toBe('decimal'); // decimals typed with a comma or a dot
    expect(screen.getByLabelText('Data pomiaru').value).toBe(today());
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Marzec' } });
    fireEvent.change(input, { target: { value: '12.75' } });
    fireEvent.change(within(applications).getByLabelText('małopolskie'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const sent = post(calls);
    expect(sent.url).toBe('/checkpoint/');
    expect(sent.data).toMatchObject({ name: 'Marzec', source: null, captured: today(), hidden: 0, map_id: 3 });
    expect(sent.data.properties).toHaveLength(1);
    expect(sent.data.properties[0].key).toEqual({ id: 31 });
    expect(sent.data.properties[0].value).toMatchObject({ wm: 12.75, mp: 0, ds: null });
    expect(Object.keys(sent.data.properties[0].value)).toHaveLength(16);
    await waitFor(() => expect(where().pathname).toBe('/map/3/checkpoint'), { timeout: 3000 });
  });

  it('edit: the stored values filled in, the date fixed and not sent', async () => {
    const calls = mockApi(api(ok(CHECKPOINT)));
    renderAt(routes, '/map/3/checkpoint/7');
    const applications = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
    expect(within(applications).getByLabelText('dolnośląskie').value).toBe('12,5');
    expect(within(applications).getByLabelText('kujawsko-pomorskie').value).toBe('');
    expect(screen.getByLabelText('Data pomiaru').disabled).toBe(true);
    expect(screen.getByLabelText(/Ukryty/).checked).toBe(true);
    fireEvent.change(within(applications).getByLabelText('mazowieckie'), { target: { value: '3001' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const sent = post(calls);
    expect(sent.url).toBe('/checkpoint/7');
    expect(sent.data).not.toHaveProperty('captured');
    expect(sent.data.properties).toEqual([{ key: { id: 31 }, value: expect.objectContaining({ ds: 12.5, mz: 3001 }) }]);
  });
});

describe('form of an editor limited to voivodeships', () => {
  const VOIVODESHIP_LIST = [
    { id: 5, name: 'małopolskie', code: 'mp' },
    { id: 9, name: 'mazowieckie', code: 'mz' },
    { id: 11, name: 'śląskie', code: 'sl' },
  ];
  const signedIn = async (access) => {
    const base = api(ok(CHECKPOINT));
    const calls = mockApi((call) => {
      if (call.url === '/user/me') return ok({ id: 4, email: 'r@example.pl', super: 0, ...access });
      if (call.url === '/voivodeship/') return ok({ order: 'name', asc: 1, list: VOIVODESHIP_LIST });
      return base(call);
    });
    await loadMe();
    return calls;
  };
  beforeEach(forgetVoivodeships);

  it('shows the other voivodeships, the name, source and hidden flag read-only, and says which it may change', async () => {
    const calls = await signedIn({ role: 'editor', scope_kinds: [], scope_voivodeships: [5, 11] });
    renderAt(routes, '/map/3/checkpoint/7');
    expect(
      await screen.findByText('Twoje konto zmienia tylko wartości województw: małopolskie, śląskie.', { exact: false }),
    ).toBeTruthy();
    const applications = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
    expect(within(applications).getByLabelText('małopolskie').disabled).toBe(false);
    expect(within(applications).getByLabelText('śląskie').disabled).toBe(false);
    expect(within(applications).getByLabelText('dolnośląskie').disabled).toBe(true);
    expect(within(applications).getByLabelText('mazowieckie').disabled).toBe(true);
    const boilers = screen.getByRole('group', { name: /Kotły węglowe/ });
    expect(
      within(boilers)
        .getAllByRole('textbox')
        .filter((input) => !input.disabled),
    ).toHaveLength(2);
    for (const label of ['Nazwa', 'Źródło', /Ukryty/]) expect(screen.getByLabelText(label).disabled).toBe(true);
    fireEvent.change(within(applications).getByLabelText('małopolskie'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    // the other voivodeships' cells and the shared fields go back as they were
    expect(post(calls).data).toMatchObject({ name: 'Grudzień', hidden: 1 });
    expect(post(calls).data.properties).toEqual([
      { key: { id: 31 }, value: expect.objectContaining({ ds: 12.5, mz: 3000, mp: 7 }) },
    ]);
  });

  it('an editor limited to no voivodeship changes every field', async () => {
    await signedIn({ role: 'editor', scope_kinds: [], scope_voivodeships: [] });
    renderAt(routes, '/map/3/checkpoint/7');
    const applications = await screen.findByRole('group', { name: /Liczba złożonych wniosków/ });
    expect(
      within(applications)
        .getAllByRole('textbox')
        .every((input) => !input.disabled),
    ).toBe(true);
    expect(screen.getByLabelText('Nazwa').disabled).toBe(false);
    expect(screen.queryByText(/Twoje konto zmienia tylko/)).toBeNull();
  });
});

describe('import', () => {
  it('warns which properties the map needs, links the template of the chosen type', async () => {
    mockApi(api());
    renderAt(routes, '/map/3/checkpoint/import');
    expect(await screen.findByText(/Mapa musi mieć zdefiniowane właściwości: liczba złożonych wniosków/)).toBeTruthy();
    expect(screen.getByText(/Brakujące zostaną pominięte/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /szablon/ }).getAttribute('href')).toBe('/api/import/CP_XLS/template');
    await screen.findByRole('option', { name: 'Raport Czyste Powietrze 2025 (CP_XLS_2025)' }); // GET /import/
    const type = screen.getByLabelText('Typ pliku');
    expect([...type.options].map((o) => o.value)).toEqual(['', 'CP_XLS', 'CP_XLS_2025']);
    fireEvent.change(type, { target: { value: 'CP_XLS_2025' } });
    expect(screen.getByRole('link', { name: /szablon/ }).getAttribute('href')).toBe('/api/import/CP_XLS_2025/template');
  });

  it('sends the file and returns to the list, which shows what was skipped', async () => {
    const skipped = [
      { name: 'Kotły olejowe', description: 'Mapa nie ma właściwości „Kotły olejowe” – pominięto kolumnę.' },
    ];
    const calls = mockApi(api(ok({ created: 1, updated: 0, skipped, id: 8, properties: 2 })));
    renderAt(routes, '/map/3/checkpoint/import');
    fireEvent.change(await screen.findByLabelText('Nazwa'), { target: { value: 'Z pliku' } });
    await screen.findByRole('option', { name: 'Raport Czyste Powietrze (CP_XLS)' }); // GET /import/
    fireEvent.change(screen.getByLabelText('Typ pliku'), { target: { value: 'CP_XLS' } });
    const file = new File(['abc'], 'raport.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(screen.getByLabelText('Plik'), { target: { files: [file] } });
    // jsdom's own FileList cannot be filled, so its required check would fail: the browser test
    // (test_browser_maps.py) uploads a real file; here the field's requirement is only checked.
    expect(screen.getByLabelText('Plik').required).toBe(true);
    screen.getByLabelText('Plik').required = false;
    await new Promise((resolve) => setTimeout(resolve, 50)); // FileReader
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    await screen.findByText(TEXT.success);
    const sent = post(calls);
    expect(sent.url).toBe('/checkpoint/import');
    expect(sent.data).toMatchObject({ name: 'Z pliku', type: 'CP_XLS', map_id: 3, captured: today(), source: null });
    expect(sent.data.file.name).toBe('raport.xlsx');
    expect(sent.data.file.data).toMatch(/^data:application\/vnd\.openxml.*;base64,/);
    await waitFor(() => expect(where().pathname).toBe('/map/3/checkpoint'), { timeout: 3000 });
    expect(await screen.findByText(/Zaimportowano pomiar „Z pliku”/)).toBeTruthy();
    expect(screen.getByText(skipped[0].description)).toBeTruthy();
  });
});
