// The ranking screens over the kit: the list, the form whose fields follow the type, groups
// linking by type, value lists with place + 1, value forms (gmina search, place only when locked).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT, forgetGminy } from '@smogpanel/kit';
import { fail, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

const STAMP = '2026-01-01T10:00:00+00:00';
const GMINY = {
  id: 4,
  name: 'Ranking gmin',
  internal_name: 'gminy',
  rank_type_name: 'gminy',
  search_value_title: 't',
  table_value_title: 'ton',
  subname: '',
  choose_group_title: '',
  show_empty: 0,
  logo_path: null,
  logo_url: null,
  legend: '',
  show_summary: 0,
  summary_title: '',
  lock_place_refresh: 0,
  created: STAMP,
  updated: STAMP,
};
const VOIV = { ...GMINY, id: 5, name: 'Ranking województw', internal_name: 'woj', rank_type_name: 'voivodeships' };
const GROUP = { id: 7, name: '2024', rank_id: 4, created: STAMP, updated: STAMP };
const VALUE = {
  id: 11,
  value: 12.5,
  points: 3,
  place: 0,
  rank_group_id: 7,
  rank_entry_id: null,
  borough_id: 1,
  voivodeship_id: null,
  borough_name: 'Łódź',
  district_name: 'Łódź',
  voivodeship_name: 'łódzkie',
  created: STAMP,
  updated: STAMP,
};
const BOROUGHS = [
  { id: 1, name: 'Łódź', district_name: 'Łódź', voivodeship_name: 'łódzkie' },
  { id: 2, name: 'Skawina', district_name: 'krakowski', voivodeship_name: 'małopolskie' },
];
const listOf = (rows, order = 'id', asc = false) => ok({ order, asc, list: rows });

const show = (path) => renderAt(routes, path);

beforeEach(() => {
  resetStore();
  forgetGminy();
});

describe('rankings', () => {
  it('lists rankings sortable by type, the name linking to the groups; embed, edit, delete', async () => {
    const calls = mockApi(() => listOf([GMINY, VOIV]));
    show('/rank');
    expect((await screen.findByRole('link', { name: 'Ranking gmin' })).getAttribute('href')).toBe('/rank/4/group');
    for (const name of ['ID', 'Nazwa', 'Nazwa wewnętrzna', 'Typ', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Ranking województw/ });
    expect(within(row).getByText('województwa')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Osadź' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/rank/5');
    fireEvent.click(screen.getByRole('button', { name: 'Typ' }));
    await waitFor(() =>
      expect(calls.at(-1).params).toEqual({ order: 'rank_type_name', asc: 1, page: 1, per_page: 50 }),
    );
  }, 20000); // the first render of the suite is slow on a busy machine

  it('the form shows the unit fields of the chosen type and sends them', async () => {
    const calls = mockApi(({ method }) => (method === 'post' ? ok({ id: 9 }) : listOf([])));
    show('/rank/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    expect(screen.queryByLabelText('Jednostka w tabeli')).toBe(null);
    fireEvent.change(screen.getByLabelText('Typ rankingu'), { target: { value: 'voivodeships' } });
    expect(screen.getByLabelText('Jednostka w tabeli')).toBeTruthy();
    expect(screen.queryByLabelText('Jednostka wyszukiwania')).toBe(null);
    fireEvent.change(screen.getByLabelText('Typ rankingu'), { target: { value: 'gminy' } });
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Smog' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'smog' } });
    fireEvent.change(screen.getByLabelText('Jednostka wyszukiwania'), { target: { value: 'µg' } });
    fireEvent.change(screen.getByLabelText('Jednostka w tabeli'), { target: { value: 'µg/m³' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/rank/',
      data: {
        name: 'Smog',
        internal_name: 'smog',
        rank_type_name: 'gminy',
        search_value_title: 'µg',
        table_value_title: 'µg/m³',
        lock_place_refresh: 0,
        logo_path: null,
      },
    });
  });

  it('editing leaves out the internal name and the type', async () => {
    const calls = mockApi(() => ok(GMINY));
    show('/rank/4');
    expect((await screen.findByLabelText('Typ rankingu')).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const sent = calls.find((c) => c.method === 'post');
    expect(sent.url).toBe('/rank/4');
    expect(sent.data).not.toHaveProperty('internal_name');
    expect(sent.data).not.toHaveProperty('rank_type_name');
  });
});

describe('groups', () => {
  it('a gminy group links to its values; no definition import', async () => {
    mockApi(({ url }) => (url === '/rank/4' ? ok(GMINY) : listOf([GROUP])));
    show('/rank/4/group');
    expect((await screen.findByRole('link', { name: '2024' })).getAttribute('href')).toBe('/rank/4/group/7/value');
    expect(screen.queryByRole('link', { name: 'Importuj definicję' })).toBe(null);
  });

  it('a voivodeships group links to its entries; the definition import is offered', async () => {
    mockApi(({ url }) => (url === '/rank/5' ? ok(VOIV) : listOf([{ ...GROUP, rank_id: 5 }])));
    show('/rank/5/group');
    expect((await screen.findByRole('link', { name: '2024' })).getAttribute('href')).toBe('/rank/5/group/7/entry');
    expect(screen.getByRole('link', { name: 'Importuj definicję' }).getAttribute('href')).toBe('/rank/5/import');
  });
});

describe('values', () => {
  it('lists gminy values by place ascending, shown plus 1, with decimal commas', async () => {
    const calls = mockApi(({ url }) =>
      url === '/rank/4'
        ? ok(GMINY)
        : url === '/rank_group/7'
          ? ok(GROUP)
          : listOf([{ ...VALUE, place: 2 }], 'place', true),
    );
    show('/rank/4/group/7/value');
    const row = await screen.findByRole('row', { name: /Łódź/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 7),
    ).toEqual(['11', 'Łódź', 'Łódź', 'łódzkie', '12,5', '3', '3']); // the decimal comma, as history shows numbers
    expect(calls.find((c) => c.url === '/rank_value/rank_group/7').params).toEqual({
      order: 'place',
      asc: 1,
      page: 1,
      per_page: 50,
    });
  });

  it('adds a gmina found without diacritics; the place field only for locked rankings', async () => {
    const calls = mockApi(({ method, url }) =>
      method === 'post'
        ? ok(VALUE)
        : url === '/rank/4'
          ? ok(GMINY)
          : url === '/rank_group/7'
            ? ok(GROUP)
            : url === '/borough/'
              ? listOf(BOROUGHS, 'name', true)
              : listOf([]),
    );
    show('/rank/4/group/7/value/add');
    const search = await screen.findByLabelText('Gmina');
    expect(screen.queryByLabelText('Miejsce')).toBe(null);
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'lodz' } });
    const select = screen.getByLabelText('Gmina: wybór');
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual(['Łódź (powiat Łódź, woj. łódzkie)']),
    );
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Wartość (ton)'), { target: { value: '0.1' } });
    fireEvent.change(screen.getByLabelText('Punkty'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/rank_value/',
      data: { value: '0.1', points: '7', place: null, rank_group_id: 7, borough_id: 1 },
    });
    await waitFor(() => expect(where().pathname).toBe('/rank/4/group/7/value'), { timeout: 3000 });
  });

  it('the gmina picker tells namesakes of one district apart by the label the server gives', async () => {
    const namesakes = [
      {
        id: 5,
        name: 'Bolesławiec',
        label: 'Bolesławiec (gmina miejska, kod TERYT 0201011)',
        district_name: 'bolesławiecki',
        voivodeship_name: 'dolnośląskie',
      },
      {
        id: 6,
        name: 'Bolesławiec',
        label: 'Bolesławiec (gmina wiejska, kod TERYT 0201022)',
        district_name: 'bolesławiecki',
        voivodeship_name: 'dolnośląskie',
      },
    ];
    mockApi(({ url }) =>
      url === '/rank/4'
        ? ok(GMINY)
        : url === '/rank_group/7'
          ? ok(GROUP)
          : url === '/borough/'
            ? listOf([...namesakes, ...BOROUGHS], 'name', true)
            : listOf([]),
    );
    show('/rank/4/group/7/value/add');
    const search = await screen.findByLabelText('Gmina');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'boleslawiec' } });
    const select = screen.getByLabelText('Gmina: wybór');
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'Bolesławiec (gmina miejska, kod TERYT 0201011) (powiat bolesławiecki, woj. dolnośląskie)',
        'Bolesławiec (gmina wiejska, kod TERYT 0201022) (powiat bolesławiecki, woj. dolnośląskie)',
      ]),
    );
    fireEvent.change(search, { target: { value: 'wiejska' } });
    await waitFor(() => expect(select.options).toHaveLength(1));
  });

  it("edits a locked ranking's value: the place is shown plus 1 and sent minus 1, once value and ranking loaded", async () => {
    const calls = mockApi(({ method, url }) =>
      method === 'post'
        ? ok(VALUE)
        : url === '/rank/4'
          ? ok({ ...GMINY, lock_place_refresh: 1 })
          : url === '/rank_group/7'
            ? ok(GROUP)
            : ok({ ...VALUE, place: 4 }),
    );
    show('/rank/4/group/7/value/11');
    const place = await screen.findByLabelText('Miejsce');
    expect(place.value).toBe('5');
    fireEvent.change(place, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/rank_value/11',
      data: { value: '12.5', points: '3', place: 1 },
    });
  });

  it("a voivodeships entry's value picks a voivodeship", async () => {
    mockApi(({ url }) =>
      url === '/rank/5'
        ? ok(VOIV)
        : url === '/rank_group/7'
          ? ok(GROUP)
          : url === '/voivodeship/'
            ? listOf([{ id: 3, name: 'łódzkie' }], 'name', true)
            : listOf([]),
    );
    show('/rank/5/group/7/entry/8/value/add');
    const select = await screen.findByLabelText('Województwo');
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toContain('łódzkie'));
  });
});

describe('audit: missing records, entries named, typed URLs of the other type', () => {
  const NOT_FOUND = fail(404, 'NOT_FOUND', [
    { name: 'id', description: 'Nie ma rankingu o tym id albo został usunięty.' },
  ]);

  it('/rank/<missing>/group shows the error alert (SPEC 8) instead of waiting', async () => {
    mockApi(({ url }) => (url === '/rank/999' ? NOT_FOUND : listOf([])));
    show('/rank/999/group');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TEXT.error);
    expect(alert.textContent).toContain('Nie ma rankingu o tym id');
    expect(screen.queryByText(TEXT.loading)).toBe(null);
  });

  it('a value screen under a missing group shows the error alert', async () => {
    mockApi(({ url }) => (url === '/rank/4' ? ok(GMINY) : url === '/rank_group/70' ? NOT_FOUND : listOf([])));
    show('/rank/4/group/70/value/add');
    expect((await screen.findByRole('alert')).textContent).toContain(TEXT.error);
  });

  it("an entry's value list names the entry in its heading and breadcrumb", async () => {
    const ENTRY = {
      id: 8,
      name: 'Liczba podpisanych umów',
      hidden: 0,
      rank_group_id: 7,
      created: STAMP,
      updated: STAMP,
    };
    mockApi(({ url }) =>
      url === '/rank/5'
        ? ok(VOIV)
        : url === '/rank_group/7'
          ? ok({ ...GROUP, rank_id: 5 })
          : url === '/rank_entry/8'
            ? ok(ENTRY)
            : listOf([], 'place', true),
    );
    show('/rank/5/group/7/entry/8/value');
    expect(await screen.findByRole('heading', { name: 'Wartości pozycji „Liczba podpisanych umów”' })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Ścieżka' }));
    expect(crumbs.getByRole('link', { name: '2024' }).getAttribute('href')).toBe('/rank/5/group/7/entry');
    expect(crumbs.getByText('Liczba podpisanych umów')).toBeTruthy();
    expect(document.title).toContain('Liczba podpisanych umów');
  });

  it('typed URLs never open an import form of the other ranking type', async () => {
    mockApi(({ url }) =>
      url === '/rank/4' ? ok(GMINY) : url === '/rank/5' ? ok(VOIV) : url === '/rank_group/7' ? ok(GROUP) : listOf([]),
    );
    const cases = [
      ['/rank/4/import', 'To ranking gmin'], // a definition import of a gminy ranking
      ['/rank/4/group/7/entry/8/value/import', 'To ranking gmin'], // an entry's import in a gminy ranking
      ['/rank/5/group/7/value/import', 'To ranking województw'], // a gminy (RB_XLS) import in a voivodeships ranking
    ];
    for (const [path, text] of cases) {
      resetStore();
      const { unmount } = show(path);
      expect((await screen.findByRole('alert')).textContent).toContain(text);
      expect(screen.queryByLabelText('Typ pliku')).toBe(null);
      expect(screen.queryByRole('button', { name: 'Importuj' })).toBe(null);
      unmount();
    }
    resetStore();
    show('/rank/5/import');
    expect(await screen.findByLabelText('Typ pliku')).toBeTruthy();
  });
});
