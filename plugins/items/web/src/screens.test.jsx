// The item screens over the kit: the list (type, public link, embed, edit, refresh, delete) and
// the form whose hook fields follow the chosen type.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT, forgetGminy } from '@smogpanel/kit';
import { fail, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import { forgetVoivodeships } from '@smogpanel/kit/helpers';
import { forgetTypes } from './resources.js';
import routes from './routes.jsx';

const TYPES = ok({
  order: 'name',
  asc: true,
  list: [
    {
      id: 'airquality',
      name: 'Jakość powietrza',
      display_name: 'Jakość powietrza',
      hooks: [
        { id: 'gmina', name: 'gmina', display_name: 'Gmina', type_name: 'BOROUGH' },
        { id: 'station_id', name: 'station_id', display_name: 'Identyfikator stacji', type_name: 'TEXT' },
        {
          id: 'pm10',
          name: 'pm10',
          display_name: 'PM10',
          type_name: 'INTEGRATION',
          unit: 'µg/m³',
          integration: 'gios',
          integration_name: 'GIOŚ: jakość powietrza',
        },
      ],
    },
    {
      id: 'voivodeship-note',
      name: 'Komunikat dla województwa',
      display_name: 'Komunikat dla województwa',
      hooks: [
        { id: 'voivodeship', name: 'voivodeship', display_name: 'Województwo', type_name: 'VOIVODESHIP' },
        { id: 'text', name: 'text', display_name: 'Treść', type_name: 'TEXT' },
      ],
    },
  ],
});
const GMINY = ok({
  order: 'name',
  asc: true,
  list: [{ id: 12, name: 'Kraków', district_name: 'Kraków', voivodeship_name: 'małopolskie' }],
});
const VOIVODESHIPS = ok({
  order: 'name',
  asc: true,
  list: [
    { id: 6, name: 'małopolskie' },
    { id: 7, name: 'mazowieckie' },
  ],
});
const ITEM = {
  id: 4,
  name: 'Powietrze w Krakowie',
  internal_name: 'krakow',
  item_type_id: 'airquality',
  item_type_name: 'Jakość powietrza',
  item_type_available: true,
  created: '2026-11-01T10:00:00+00:00',
  updated: '2026-11-02T10:00:00+00:00',
  hooks: [
    {
      item_type_hook_id: 'gmina',
      item_type_hook_name: 'gmina',
      item_type_hook_display_name: 'Gmina',
      item_type_hook_type_name: 'BOROUGH',
      value: 12,
      available: true,
    },
    {
      item_type_hook_id: 'station_id',
      item_type_hook_name: 'station_id',
      item_type_hook_display_name: 'Identyfikator stacji',
      item_type_hook_type_name: 'TEXT',
      value: '400',
      available: true,
    },
    {
      item_type_hook_id: 'pm10',
      item_type_hook_name: 'pm10',
      item_type_hook_display_name: 'PM10',
      item_type_hook_type_name: 'INTEGRATION',
      value: 54.8,
      unit: 'µg/m³',
      available: true,
      read_at: '2026-11-24T10:00:00+00:00',
      source: 'GIOŚ',
      error: 'Źródło odpowiedziało błędem serwera 500 (próby: 3)',
      error_at: '2026-11-24T11:00:00+00:00',
      integration: 'gios',
    },
    {
      item_type_hook_id: 'old',
      item_type_hook_name: 'old',
      item_type_hook_display_name: 'Stara właściwość',
      item_type_hook_type_name: 'TEXT',
      value: 'x',
      available: false,
    },
  ],
};
const LIST = ok({
  order: 'id',
  asc: false,
  list: [
    { ...ITEM, refreshable: true },
    {
      ...ITEM,
      id: 5,
      name: 'Sierota',
      internal_name: 'sierota',
      item_type_id: 'gone',
      item_type_name: 'Czujnik',
      item_type_available: false,
      refreshable: false,
    },
  ],
});
const UNREACHABLE =
  'Nie można połączyć się ze źródłem: nie znaleziono serwera „api.gios.gov.pl” – sprawdź adres źródła i dostęp serwera panelu do internetu (próby: 3)';

function answer({ method, url }) {
  if (url === '/item_type/') return TYPES;
  if (url === '/borough/') return GMINY;
  if (url === '/voivodeship/') return VOIVODESHIPS;
  if (method === 'get' && url === '/item/') return LIST;
  if (method === 'get' && url === '/item/4') return ok(ITEM);
  if (method === 'post' && url === '/item/4/refresh') {
    const pm10 = { ...ITEM.hooks[2], value: 61.2, error: null, error_at: null, read_at: '2026-11-24T11:00:00+00:00' };
    return ok({
      ...ITEM,
      hooks: [ITEM.hooks[0], ITEM.hooks[1], pm10],
      refresh: { items: 1, refreshed: 1, failed: 0, errors: [] },
    });
  }
  return ok({ id: 9 });
}

const show = (path) => renderAt(routes, path);

beforeEach(() => {
  resetStore();
  forgetTypes();
  forgetVoivodeships();
  forgetGminy();
});

it('declares the screens of SPEC 2.11 under /item', () => {
  expect(routes.map((r) => r.path)).toEqual(['/item', '/item/add', '/item/:itemId']);
});

describe('list', () => {
  it('shows id, name, the public link, the type and updated; embed, edit, refresh, delete', async () => {
    const calls = mockApi(answer);
    show('/item');
    const link = await screen.findByRole('link', { name: 'krakow' });
    expect(link.getAttribute('href')).toBe('/view/item/krakow');
    expect(calls[0]).toMatchObject({ url: '/item/', params: { order: 'id', asc: 0 } });
    for (const name of ['ID', 'Nazwa', 'Nazwa wewnętrzna', 'Typ', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Powietrze w Krakowie/ });
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/item/4');
    for (const name of ['Osadź', 'Odśwież', 'Usuń']) expect(within(row).getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText('Czujnik (typ niedostępny)')).toBeTruthy();
    expect(document.title).toBe('Elementy | Smogpanel v3.8.0');
    fireEvent.click(within(row).getByRole('button', { name: 'Odśwież' }));
    await screen.findByText(TEXT.success);
    expect(calls.some((c) => c.method === 'post' && c.url === '/item/4/refresh')).toBe(true);
  });

  it('offers Odśwież only where there is an integration to read, and says a source failed as such', async () => {
    mockApi((call) =>
      call.method === 'post'
        ? ok({
            ...ITEM,
            refresh: {
              items: 1,
              refreshed: 0,
              failed: 1,
              errors: [{ item_id: 4, integration: 'gios', error: UNREACHABLE }],
            },
          })
        : answer(call),
    );
    show('/item');
    const orphan = await screen.findByRole('row', { name: /Sierota/ });
    expect(within(orphan).queryByRole('button', { name: 'Odśwież' })).toBeNull();
    fireEvent.click(
      within(screen.getByRole('row', { name: /Powietrze w Krakowie/ })).getByRole('button', { name: 'Odśwież' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się odczytać źródła. Zapisane wartości zostają bez zmian');
    expect(alert.textContent).toContain(UNREACHABLE);
    expect(alert.textContent).not.toContain(TEXT.error);
  });
});

describe('form', () => {
  it('choosing the type rebuilds the hook fields; create sends the editable hooks', async () => {
    const calls = mockApi(answer);
    show('/item/add');
    const typeSelect = await screen.findByLabelText('Typ');
    await waitFor(() => expect(typeSelect.options.length).toBe(3));
    expect([...typeSelect.options].map((o) => o.textContent)).toEqual([
      '— wybierz —',
      'Jakość powietrza',
      'Komunikat dla województwa',
    ]);
    fireEvent.change(typeSelect, { target: { value: 'voivodeship-note' } });
    const voivodeship = await screen.findByLabelText('Województwo');
    await waitFor(() => expect(voivodeship.options.length).toBe(3));
    expect(screen.queryByLabelText('Identyfikator stacji')).toBeNull();

    fireEvent.change(typeSelect, { target: { value: 'airquality' } });
    expect(screen.queryByLabelText('Województwo')).toBeNull();
    expect(screen.getByLabelText('PM10').readOnly).toBe(true);
    expect(screen.getByText(/jeszcze nie odczytano/).textContent).toBe(
      'Wartość z integracji „GIOŚ: jakość powietrza”, tylko do odczytu: jeszcze nie odczytano.',
    );
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Powietrze' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'powietrze' } });
    fireEvent.change(screen.getByLabelText('Identyfikator stacji'), { target: { value: '400' } });
    fireEvent.focus(await screen.findByLabelText('Gmina: wybór'));
    await screen.findByRole('option', { name: /Kraków/ });
    fireEvent.change(screen.getByLabelText('Gmina: wybór'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post').data).toEqual({
      name: 'Powietrze',
      internal_name: 'powietrze',
      item_type_id: 'airquality',
      hooks: [
        { item_type_hook_id: 'gmina', value: 12 },
        { item_type_hook_id: 'station_id', value: '400' },
      ],
    });
    await waitFor(() => expect(where().pathname).toBe('/item'), { timeout: 3000 });
  });

  it('a missing hook value stops the form with the invalid banner', async () => {
    const calls = mockApi(answer);
    show('/item/add');
    const typeSelect = await screen.findByLabelText('Typ');
    await waitFor(() => expect(typeSelect.options.length).toBe(3));
    fireEvent.change(typeSelect, { target: { value: 'airquality' } });
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Powietrze' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'powietrze' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(await screen.findByText(TEXT.invalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('edit shows integration values read-only with their reading and error, a gone hook, and refreshes', async () => {
    const calls = mockApi(answer);
    show('/item/4');
    const pm10 = await screen.findByLabelText('PM10');
    expect(pm10.value).toBe('54,8 µg/m³');
    expect(screen.getByText(/odczyt z 2026-11-24 11:00/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('błędem serwera 500');
    expect(screen.getByLabelText('Stara właściwość').readOnly).toBe(true);
    expect(screen.getByText(/zniknie po zapisaniu/)).toBeTruthy();
    expect(screen.getByLabelText('Typ').value).toBe('Jakość powietrza');
    expect(screen.getByLabelText('Nazwa wewnętrzna').disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    await waitFor(() => expect(screen.getByLabelText('PM10').value).toBe('61,2 µg/m³'));
    expect(screen.queryByText(/błędem serwera/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findAllByText(TEXT.success);
    const sent = calls.find((c) => c.method === 'post' && c.url === '/item/4');
    expect(sent.data).toEqual({
      name: 'Powietrze w Krakowie',
      hooks: [
        { item_type_hook_id: 'gmina', value: 12 },
        { item_type_hook_id: 'station_id', value: '400' },
      ],
    });
  });

  it("shows where each value came from and a value's own failure beside it; the refresh lists failed values", async () => {
    const pm25 = {
      ...ITEM.hooks[2],
      item_type_hook_id: 'pm25',
      item_type_hook_name: 'pm25',
      item_type_hook_display_name: 'PM2,5',
      value: 38.1,
      error: null,
      error_at: null,
      note: 'stanowisko 2750 (PM2.5)',
      value_error: 'Stanowisko 2749: wyniki manualne po 4–8 tygodniach.',
      value_error_at: '2026-11-24T11:00:00+00:00',
    };
    const pm10 = { ...ITEM.hooks[2], error: null, error_at: null, note: 'stanowisko 2747 (PM10)' };
    const no2 = {
      ...ITEM.hooks[2],
      item_type_hook_id: 'no2',
      item_type_hook_name: 'no2',
      item_type_hook_display_name: 'NO2',
      value: null,
      read_at: null,
      error: null,
      error_at: null,
      note: 'brak bieżącego wyniku: nr 2745',
    };
    const item = { ...ITEM, hooks: [ITEM.hooks[0], ITEM.hooks[1], pm10, pm25, no2] };
    const pm25Hook = {
      id: 'pm25',
      name: 'pm25',
      display_name: 'PM2,5',
      type_name: 'INTEGRATION',
      unit: 'µg/m³',
      integration: 'gios',
    };
    const no2Hook = { ...pm25Hook, id: 'no2', name: 'no2', display_name: 'NO2' };
    const types = ok({
      ...TYPES[1].message,
      list: TYPES[1].message.list.map((t) =>
        t.id === 'airquality' ? { ...t, hooks: [...t.hooks, pm25Hook, no2Hook] } : t,
      ),
    });
    mockApi((call) => {
      if (call.url === '/item_type/') return types;
      if (call.method === 'get' && call.url === '/item/4') return ok(item);
      if (call.method === 'post' && call.url === '/item/4/refresh') {
        return ok({
          ...item,
          refresh: {
            items: 1,
            refreshed: 1,
            failed: 0,
            errors: [],
            value_errors: [
              {
                item_id: 4,
                integration: 'gios',
                hook: 'pm25',
                error: 'Stanowisko 2749: wyniki manualne po 4–8 tygodniach.',
              },
            ],
          },
        });
      }
      return answer(call);
    });
    show('/item/4');
    await screen.findByLabelText('PM2,5');
    expect(screen.getByText(/odczyt z 2026-11-24 11:00; stanowisko 2747 \(PM10\)\./)).toBeTruthy();
    expect(screen.getByText(/odczyt z 2026-11-24 11:00; stanowisko 2750 \(PM2\.5\)\./)).toBeTruthy();
    expect(screen.getByText(/tylko do odczytu: brak wartości; brak bieżącego wyniku: nr 2745\./)).toBeTruthy();
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Nie udało się odczytać tej wartości (2026-11-24 12:00): Stanowisko 2749: wyniki manualne po 4–8 tygodniach. ' +
        'Pokazywany jest ostatni udany odczyt tej wartości.',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    expect(await screen.findByText('PM2,5: Stanowisko 2749: wyniki manualne po 4–8 tygodniach.')).toBeTruthy();
  });

  it('a source never read says so instead of promising the last good reading', async () => {
    const pm10 = { ...ITEM.hooks[2], value: null, read_at: null, source: null, error: UNREACHABLE };
    mockApi((call) =>
      call.method === 'get' && call.url === '/item/4'
        ? ok({ ...ITEM, hooks: [ITEM.hooks[0], ITEM.hooks[1], pm10] })
        : answer(call),
    );
    show('/item/4');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UNREACHABLE);
    expect(alert.textContent).toContain('Źródło nie zostało jeszcze ani razu odczytane.');
    expect(alert.textContent).not.toContain('ostatni udany odczyt');
    expect(screen.getByText(/jeszcze nie odczytano/).textContent).toContain('„GIOŚ: jakość powietrza”');
  });

  it('an item whose type is unavailable can only be renamed', async () => {
    const orphan = { ...ITEM, item_type_id: 'gone', item_type_name: 'Czujnik', item_type_available: false };
    const calls = mockApi((call) => (call.method === 'get' && call.url === '/item/4' ? ok(orphan) : answer(call)));
    show('/item/4');
    expect(await screen.findByText(/Typ tego elementu jest niedostępny/)).toBeTruthy();
    expect(screen.getByLabelText('Typ').value).toBe('Czujnik (typ niedostępny)');
    expect(screen.getByLabelText('Identyfikator stacji').readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post').data).toEqual({ name: 'Powietrze w Krakowie' });
  });

  it("a refused save shows the server's Polish errors", async () => {
    mockApi((call) =>
      call.method === 'post'
        ? fail(400, 'VALIDATION_FAILED', [
            { name: 'hooks.gmina', description: 'Gmina: Wybrana gmina nie istnieje albo została usunięta.' },
          ])
        : answer(call),
    );
    show('/item/4');
    await screen.findByRole('option', { name: /Kraków/ });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(await screen.findByText(/Wybrana gmina nie istnieje/)).toBeTruthy();
  });
});
