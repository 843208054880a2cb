// The search screens over the kit: the list (entries link, public view, embed, edit, delete),
// the form with key rows and the removal confirmation, the entries, the entry form, the import.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { forgetGminy } from '@smogpanel/kit';
import { fail, importTypesOf, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

const SEARCH = {
  id: 4,
  name: 'Dotacje do wymiany pieca',
  internal_name: 'dotacje',
  source: 'Urzędy gmin',
  search_keys: [
    { id: 41, name: 'Dotacja', hide_name: 0, search_key_place_name: 'TOP', value_type_name: 'TEXT' },
    { id: 42, name: 'Kontakt', hide_name: 1, search_key_place_name: 'RIGHT', value_type_name: 'TEXT' },
  ],
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-01-01T10:00:00+00:00',
};
const ENTRY = {
  id: 7,
  search_id: 4,
  borough_id: 15,
  borough_name: 'Zabierzów',
  district_name: 'krakowski',
  voivodeship_name: 'małopolskie',
  values: [{ key: { id: 42, name: 'Kontakt', value_type_name: 'TEXT' }, value: { id: 70, value: 'x'.repeat(100) } }],
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-02-01T10:00:00+00:00',
};
const BOROUGHS = {
  order: 'name',
  asc: true,
  list: [
    { id: 15, name: 'Zabierzów', district_name: 'krakowski', voivodeship_name: 'małopolskie' },
    { id: 16, name: 'Liszki', district_name: 'krakowski', voivodeship_name: 'małopolskie' },
  ],
};

const IMPORTS = importTypesOf('/search_entry/import', [['WPG_XLS', 'Wpisy wyszukiwarki (WPG_XLS)']]);

function api({ method, url }) {
  if (method !== 'get') return ok({ id: 1 });
  if (url === '/search/') return ok({ order: 'id', asc: false, list: [SEARCH] });
  if (url === '/search/4') return ok(SEARCH);
  if (url === '/search_entry/search/4') return ok({ order: 'id', asc: true, list: [ENTRY] });
  if (url === '/search_entry/7') return ok(ENTRY);
  if (url === '/borough/') return ok(BOROUGHS);
  if (url === '/import/') return ok(IMPORTS);
  return fail(404, 'NOT_FOUND');
}

const posts = (calls) => calls.filter((c) => c.method === 'post');

beforeEach(() => {
  resetStore();
  forgetGminy(); // the kit keeps the gminy for the page
});

it('declares every screen of SPEC 2.7 under /search', () => {
  expect(routes.map((r) => r.path)).toEqual([
    '/search',
    '/search/add',
    '/search/:searchId',
    '/search/:searchId/entry',
    '/search/:searchId/entry/add',
    '/search/:searchId/entry/import',
    '/search/:searchId/entry/:searchEntryId',
  ]);
});

describe('searches', () => {
  it('lists id, name linking the entries, the public link, updated; embed, edit, delete', async () => {
    const calls = mockApi(api);
    renderAt(routes, '/search');
    const publicLink = await screen.findByRole('link', { name: 'dotacje' });
    expect(publicLink.getAttribute('href')).toBe('/view/search/dotacje');
    expect(calls[0]).toMatchObject({ url: '/search/', params: { order: 'id', asc: 0 } });
    const row = screen.getByRole('row', { name: /Dotacje do wymiany pieca/ });
    expect(within(row).getByRole('link', { name: 'Dotacje do wymiany pieca' }).getAttribute('href')).toBe(
      '/search/4/entry',
    );
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/search/4');
    expect(within(row).getByRole('button', { name: 'Usuń' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Osadź' }));
    const snippet = within(await screen.findByRole('dialog')).getByLabelText(TEXT.embedSnippet).value;
    expect(snippet).toMatch(/\/view\/search\/dotacje\/embed\/[0-9a-f-]{36}"/);
    expect(document.title).toBe('Wyszukiwarki | Smogpanel v3.8.0');
  });

  it('create sends the name, internal name, source and key rows with place and hide name', async () => {
    const calls = mockApi(api);
    renderAt(routes, '/search/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Zakazy' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'zakazy' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj właściwość' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj właściwość' }));
    const [first, second] = [1, 2].map((n) => screen.getByRole('group', { name: `Właściwość ${n}` }));
    fireEvent.change(within(first).getByLabelText('Nazwa właściwości'), { target: { value: 'Zakaz' } });
    fireEvent.change(within(second).getByLabelText('Nazwa właściwości'), { target: { value: 'Kontakt' } });
    const place = within(second).getByLabelText('Miejsce');
    expect([...place.options].map((o) => o.textContent)).toEqual(['— wybierz —', 'góra', 'lewa', 'prawa', 'dół']);
    fireEvent.change(place, { target: { value: 'BOTTOM' } });
    fireEvent.click(within(second).getByLabelText('Ukryj nazwę'));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(posts(calls)[0]).toMatchObject({
      url: '/search/',
      data: {
        name: 'Zakazy',
        internal_name: 'zakazy',
        source: '',
        search_keys: [
          { name: 'Zakaz', hide_name: 0, search_key_place_name: 'TOP' },
          { name: 'Kontakt', hide_name: 1, search_key_place_name: 'BOTTOM' },
        ],
      },
    });
    await waitFor(() => expect(where().pathname).toBe('/search'));
  });

  it('a key row needs its name: the form is invalid without it', async () => {
    const calls = mockApi(api);
    renderAt(routes, '/search/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'a' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj właściwość' }));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(await screen.findByText(TEXT.invalid)).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('removing a key with texts: refused with the count, confirmed, resent with the flag', async () => {
    const refusal = 'Nie usunięto właściwości „Kontakt” (wartości w 2 gminach): wpisane teksty zniknęłyby z kart gmin.';
    const calls = mockApi((call) =>
      call.method === 'post' && !call.data.remove_keys_with_values
        ? fail(409, 'CONFLICT', [{ name: 'search_keys', description: refusal }])
        : api(call),
    );
    renderAt(routes, '/search/4');
    const second = await screen.findByRole('group', { name: 'Właściwość 2' });
    expect(screen.getByLabelText('Nazwa wewnętrzna').disabled).toBe(true);
    fireEvent.click(within(second).getByRole('button', { name: 'Usuń' }));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(posts(calls)[0].data).toEqual({
      name: 'Dotacje do wymiany pieca',
      source: 'Urzędy gmin',
      search_keys: [{ id: 41, name: 'Dotacja', hide_name: 0, search_key_place_name: 'TOP' }],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tak, usuń razem z wartościami.' }));
    await screen.findByText(TEXT.success);
    expect(posts(calls)[1]).toMatchObject({ url: '/search/4', data: { remove_keys_with_values: 1 } });
  });
});

describe('entries', () => {
  it('lists id, gmina, district, voivodeship, updated, id ascending; add, import, back; edit, delete', async () => {
    const calls = mockApi(api);
    renderAt(routes, '/search/4/entry');
    const row = await screen.findByRole('row', { name: /Zabierzów/ });
    expect(within(row).getByText('krakowski')).toBeTruthy();
    expect(within(row).getByText('małopolskie')).toBeTruthy();
    expect(calls.find((c) => c.url === '/search_entry/search/4').params).toEqual({
      order: 'id',
      asc: 1,
      page: 1,
      per_page: 50,
    });
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/search/4/entry/7');
    expect(screen.getByRole('link', { name: 'Dodaj wpis' }).getAttribute('href')).toBe('/search/4/entry/add');
    expect(screen.getByRole('link', { name: 'Importuj wpisy' }).getAttribute('href')).toBe('/search/4/entry/import');
    expect(screen.getByRole('link', { name: 'Wróć do listy wyszukiwarek' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('heading', { name: 'Wpisy wyszukiwarki „Dotacje do wymiany pieca”' })).toBeTruthy();
  });

  it("a new entry: the gmina found without Polish letters in the kit's select, one input per key", async () => {
    const calls = mockApi(api);
    renderAt(routes, '/search/4/entry/add');
    const search = await screen.findByLabelText('Gmina');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'zabierzow' } });
    const select = screen.getByRole('listbox', { name: 'Gmina: wybór' });
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual(['Zabierzów (powiat krakowski, woj. małopolskie)']),
    );
    fireEvent.change(select, { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Dotacja'), { target: { value: ' do 15 000 zł ' } });
    expect(screen.getByText(/Miejsce na karcie: prawa, nazwa ukryta na karcie/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(posts(calls)[0]).toMatchObject({
      url: '/search_entry/',
      data: {
        search_id: 4,
        borough_id: 15,
        values: [
          { key: { id: 41 }, value: { value: 'do 15 000 zł' } },
          { key: { id: 42 }, value: { value: '' } },
        ],
      },
    });
    await waitFor(() => expect(where().pathname).toBe('/search/4/entry'));
  });

  it('a new entry needs its gmina: the select is required', async () => {
    mockApi(api);
    renderAt(routes, '/search/4/entry/add');
    fireEvent.focus(await screen.findByLabelText('Gmina'));
    const select = screen.getByRole('listbox', { name: 'Gmina: wybór' });
    await waitFor(() => expect(select.options.length).toBeGreaterThan(0));
    // the gminy listed, none picked: the required list box still refuses (the browser test submits)
    expect(select.required).toBe(true);
    expect(select.validity.valueMissing).toBe(true);
  });

  it('editing names the gmina, shows a long text in a textarea and sends the values only', async () => {
    const calls = mockApi(api);
    renderAt(routes, '/search/4/entry/7');
    expect(await screen.findByText('Gmina: Zabierzów (krakowski, małopolskie)')).toBeTruthy();
    expect(screen.getByLabelText('Kontakt').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Dotacja').tagName).toBe('INPUT');
    fireEvent.change(screen.getByLabelText('Kontakt'), { target: { value: 'tel. 12' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(posts(calls)[0]).toEqual(
      expect.objectContaining({
        url: '/search_entry/7',
        data: {
          values: [
            { key: { id: 41 }, value: { value: '' } },
            { key: { id: 42 }, value: { value: 'tel. 12' } },
          ],
        },
      }),
    );
  });

  it("the import links the search's own template and reports what it did on the list", async () => {
    const signed = '/api/import/WPG_XLS/template?search_id=4&expires=1&signature=ab';
    const calls = mockApi((call) => {
      if (call.url === '/import/WPG_XLS/template/link') return ok(call.params.search_id === '4' ? signed : '');
      if (call.url === '/search_entry/import')
        return ok({
          created: 2,
          updated: 1,
          unchanged: 0,
          skipped: [{ name: 'Kontakt', description: 'W pliku brak kolumny „Kontakt”.' }],
        });
      return api(call);
    });
    renderAt(routes, '/search/4/entry/import');
    // The template names the search's keys: a link signed by the server, not a bare address.
    const template = await screen.findByRole('link', { name: /Pobierz szablon/ });
    expect(template.getAttribute('href')).toBe(signed);
    await screen.findByText(/„Dotacja”, „Kontakt”/);
    const file = new File(['x'], 'wpisy.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(screen.getByLabelText('Plik'), { target: { files: [file] } });
    // jsdom's FileList cannot be filled, so its required check would fail: the browser test
    // uploads a real file; here the field's requirement is only checked.
    expect(screen.getByLabelText('Plik').required).toBe(true);
    screen.getByLabelText('Plik').required = false;
    await new Promise((resolve) => setTimeout(resolve, 50)); // FileReader
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    await screen.findByText(TEXT.success);
    const sent = posts(calls)[0];
    expect(sent.data).toMatchObject({ search_id: 4, type: 'WPG_XLS', file: { name: 'wpisy.xlsx' } });
    expect(await screen.findByText('Zaimportowano wpisy: dodane 2, zaktualizowane 1, bez zmian 0.', {})).toBeTruthy();
    expect(screen.getByText('W pliku brak kolumny „Kontakt”.')).toBeTruthy();
  });
});
