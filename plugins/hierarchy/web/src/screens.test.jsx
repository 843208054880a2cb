// The hierarchy screens over the kit: routes, API calls, links between levels.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { fail, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import routes from './routes.jsx';
import { TerytReport } from './teryt.jsx';

const rows = (names) =>
  ok({
    order: 'id',
    asc: false,
    list: names.map((name, i) => ({
      id: i + 1,
      name,
      created: '2026-01-01T10:00:00+00:00',
      updated: '2026-01-01T10:00:00+00:00',
    })),
  });

const show = (path) => renderAt(routes, path);

beforeEach(resetStore);

describe('routes', () => {
  it('declares every screen of SPEC 2.5 under /voivodeship', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/voivodeship',
      '/voivodeship/add',
      '/voivodeship/import-teryt',
      '/voivodeship/gminy',
      '/voivodeship/:voivodeshipId',
      '/voivodeship/:voivodeshipId/district',
      '/voivodeship/:voivodeshipId/district/add',
      '/voivodeship/:voivodeshipId/district/:districtId',
      '/voivodeship/:voivodeshipId/district/:districtId/borough',
      '/voivodeship/:voivodeshipId/district/:districtId/borough/add',
      '/voivodeship/:voivodeshipId/district/:districtId/borough/:boroughId',
    ]);
  });
});

describe('screens', () => {
  it('voivodeships: sortable id, name, updated; a name links to its districts', async () => {
    const calls = mockApi(() => rows(['małopolskie']));
    show('/voivodeship');
    const link = await screen.findByRole('link', { name: 'małopolskie' });
    expect(link.getAttribute('href')).toBe('/voivodeship/1/district');
    expect(calls[0]).toMatchObject({ url: '/voivodeship/', params: { order: 'id', asc: 0 } });
    for (const name of ['ID', 'Nazwa', 'Kod TERYT', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(document.title).toBe('Województwa | Smogpanel v3.8.0');
  });

  it('districts of a voivodeship: back link, names link to boroughs', async () => {
    const calls = mockApi(() => rows(['krakowski']));
    show('/voivodeship/6/district');
    expect((await screen.findByRole('link', { name: 'krakowski' })).getAttribute('href')).toBe(
      '/voivodeship/6/district/1/borough',
    );
    expect(screen.getByRole('link', { name: 'Powrót do województw' }).getAttribute('href')).toBe('/voivodeship');
    expect(calls[0].url).toBe('/district/voivodeship/6');
  });

  it('boroughs of a district: back link to the districts, delete with confirm', async () => {
    const calls = mockApi(({ method }) => (method === 'delete' ? ok(null) : rows(['Wieliczka'])));
    show('/voivodeship/6/district/3/borough');
    await screen.findByText('Wieliczka');
    expect(calls[0].url).toBe('/borough/district/3');
    expect(screen.getByRole('link', { name: 'Powrót do powiatów' }).getAttribute('href')).toBe(
      '/voivodeship/6/district',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Usuń' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tak, chcę.' }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'delete').url).toBe('/borough/1');
  });

  it('adding a district sends the voivodeship id and returns to the districts', async () => {
    const calls = mockApi(({ method }) => (method === 'post' ? ok({ id: 9 }) : rows([])));
    show('/voivodeship/6/district/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    fireEvent.change(screen.getByLabelText(/Nazwa/), { target: { value: 'wielicki' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((call) => call.method === 'post')).toMatchObject({
      method: 'post',
      url: '/district/',
      data: { name: 'wielicki', voivodeship_id: 6 },
    });
    await waitFor(() => expect(where().pathname).toBe('/voivodeship/6/district'), { timeout: 3000 });
  });

  it('names the voivodeship and the district in the breadcrumbs of their boroughs', async () => {
    mockApi(({ url }) => {
      if (url === '/voivodeship/6') return ok({ id: 6, name: 'małopolskie' });
      if (url === '/district/3') return ok({ id: 3, name: 'krakowski', voivodeship_id: 6 });
      return rows([]);
    });
    show('/voivodeship/6/district/3/borough');
    const trail = await screen.findByRole('navigation', { name: 'Ścieżka' });
    expect(await within(trail).findByRole('link', { name: 'małopolskie' })).toBeTruthy();
    expect(await within(trail).findByRole('link', { name: 'krakowski' })).toBeTruthy();
    expect(within(trail).getByText('Gminy')).toBeTruthy();
  });

  it('editing a borough loads it first and sends only the name', async () => {
    const calls = mockApi(({ method }) =>
      method === 'get' ? ok({ id: 4, name: 'Niepołomice', district_id: 3 }) : ok({ id: 4 }),
    );
    show('/voivodeship/6/district/3/borough/4');
    const name = await screen.findByLabelText(/Nazwa/);
    expect(name.value).toBe('Niepołomice');
    fireEvent.change(name, { target: { value: 'Niepołomice (gm.)' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/borough/4',
      data: { name: 'Niepołomice (gm.)' },
    });
  });

  it('an empty name shows the invalid banner and sends nothing', async () => {
    const calls = mockApi(() => fail(500, 'INTERNAL_ERROR'));
    show('/voivodeship/add');
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${TEXT.invalid}Nazwa: To pole jest wymagane.`);
    expect(calls).toHaveLength(0);
  });
});

describe('Importuj TERYT', () => {
  const report = {
    created: 2,
    updated: 1,
    skipped: [],
    added: 2,
    renamed: 1,
    coded: 0,
    unchanged: 37,
    gone: 1,
    deleted_here: 0,
    not_gminy: 5,
    dry_run: false,
    changes: {
      added: [],
      coded: [],
      deleted_here: [],
      renamed: [{ level: 'borough', teryt: '1206012', name: 'Liszki Nowe', old_name: 'Liszki', id: 4 }],
      gone: [{ level: 'borough', teryt: '2402022', name: 'Kozy', id: 9 }],
    },
  };

  it('a dry run says what the import would do, the threshold as a number, and which units would get a code', () => {
    const dry = {
      ...report,
      dry_run: true,
      coded: 1,
      max_gone_percent: 2,
      changes: { ...report.changes, coded: [{ level: 'borough', teryt: '1206152', name: 'Zabierzów', id: 3 }] },
    };
    render(<TerytReport report={dry} />);
    const shown = screen.getByTestId('teryt-report');
    expect(within(shown).getByText('Próba bez zapisu: nic nie zapisano. Import zrobiłby to:')).toBeTruthy();
    expect(within(shown).getByText('Zostanie dodanych: 2')).toBeTruthy();
    expect(within(shown).queryByText(/Dodano/)).toBeNull();
    expect(shown.textContent).toContain(
      'Nie ma już w rejestrze (zostaną): 1 (bez zgody na ubytki dopuszczalne do 2\u00a0%',
    );
    expect(within(shown).getByText(/Otrzymają kod TERYT/).textContent).toContain('(1)');
    expect(within(shown).getByText('gmina 1206152: „Zabierzów”')).toBeTruthy();
  });

  it('a unit renamed while its old name has another code in the register is reported apart, with a warning', () => {
    const recoded = {
      ...report,
      renamed: 0,
      renamed_recoded: 1,
      changes: {
        ...report.changes,
        renamed: [],
        renamed_recoded: [
          {
            level: 'borough',
            teryt: '1206032',
            name: 'Igołomia-Wawrzeńczyce',
            old_name: 'Zabierzów',
            old_name_teryt: '1206152',
            id: 7,
          },
        ],
      },
    };
    render(<TerytReport report={recoded} />);
    const shown = screen.getByTestId('teryt-report');
    expect(within(shown).getByText('Zmieniono nazwę i kod naraz (sprawdź): 1')).toBeTruthy();
    expect(within(shown).getByText(/zmieniły naraz nazwę i kod/)).toBeTruthy();
    expect(
      within(shown).getByText(
        'gmina 1206032: „Zabierzów” → „Igołomia-Wawrzeńczyce” (nazwa „Zabierzów” ma w rejestrze kod 1206152)',
      ),
    ).toBeTruthy();
  });

  it('the voivodeship list offers the import', async () => {
    mockApi(() => rows(['małopolskie']));
    show('/voivodeship');
    const link = await screen.findByRole('link', { name: 'Importuj TERYT' });
    expect(link.getAttribute('href')).toBe('/voivodeship/import-teryt');
  });

  it('sends the file as TERYT_TERC and shows the report, renames and gone units', async () => {
    const calls = mockApi((call) => (call.method === 'post' ? ok(report) : rows(['małopolskie'])));
    show('/voivodeship/import-teryt');
    const input = screen.getByLabelText('Plik TERC');
    fireEvent.change(input, { target: { files: [new File(['WOJ;POW'], 'TERC.csv', { type: 'text/csv' })] } });
    input.required = false; // jsdom's FileList cannot be filled (the browser test uploads a real file)
    await new Promise((resolve) => setTimeout(resolve, 50)); // FileReader
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    const shown = await screen.findByTestId('teryt-report');
    const sent = calls.find((call) => call.method === 'post');
    expect(sent.url).toBe('/hierarchy/import-teryt');
    expect(sent.data).toMatchObject({ type: 'TERYT_TERC', dry_run: 0, file: { name: 'TERC.csv' } });
    expect(within(shown).getByText('Dodano: 2')).toBeTruthy();
    expect(within(shown).getByText('Bez zmian: 37')).toBeTruthy();
    expect(within(shown).getByText('gmina 1206012: „Liszki” → „Liszki Nowe”')).toBeTruthy();
    expect(within(shown).getByText('gmina 2402022: „Kozy”')).toBeTruthy();
  });

  it('sends the consent to removals and the retiring, and lists the units kept with why', async () => {
    const retiring = {
      ...report,
      gone: 2,
      retired: 1,
      kept: 1,
      changes: {
        ...report.changes,
        gone: [
          { level: 'borough', teryt: '2402022', name: 'Kozy', id: 9 },
          { level: 'borough', teryt: '2417011', name: 'Żywiec', id: 8 },
        ],
        retired: [{ level: 'borough', teryt: '2417011', name: 'Żywiec', id: 8 }],
        kept: [{ level: 'borough', teryt: '2402022', name: 'Kozy', id: 9, reasons: ['wyszukiwarka „Dotacje”'] }],
      },
    };
    const calls = mockApi((call) => (call.method === 'post' ? ok(retiring) : rows(['małopolskie'])));
    show('/voivodeship/import-teryt');
    const input = screen.getByLabelText('Plik TERC');
    fireEvent.change(input, { target: { files: [new File(['WOJ;POW'], 'TERC.csv', { type: 'text/csv' })] } });
    input.required = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByLabelText(/^Zgoda na ubytki/));
    fireEvent.click(screen.getByLabelText(/^Wycofaj jednostki/));
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    const shown = await screen.findByTestId('teryt-report');
    const sent = calls.find((call) => call.method === 'post');
    expect(sent.data).toMatchObject({ type: 'TERYT_TERC', dry_run: 0, accept_removals: 1, retire_gone: 1 });
    expect(within(shown).getByText('Wycofano: 1')).toBeTruthy();
    expect(within(shown).getByText('gmina 2402022: „Kozy” (wyszukiwarka „Dotacje”)')).toBeTruthy();
  });

  it('shows the Polish error naming the line', async () => {
    mockApi(() =>
      fail(422, 'IMPORT_FAILED', [{ name: 'file', description: 'Wiersz 4: RODZ „6” nie jest rodzajem jednostki.' }]),
    );
    show('/voivodeship/import-teryt');
    const input = screen.getByLabelText('Plik TERC');
    fireEvent.change(input, { target: { files: [new File(['x'], 'zly.csv')] } });
    input.required = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(within(await screen.findByRole('alert')).getByText(/Wiersz 4: RODZ „6”/)).toBeTruthy();
    // on the file field too, which the message describes
    expect(document.getElementById(input.getAttribute('aria-describedby').split(' ')[0]).textContent).toBe(
      'Wiersz 4: RODZ „6” nie jest rodzajem jednostki.',
    );
    expect(screen.queryByTestId('teryt-report')).toBeNull();
  });
});
