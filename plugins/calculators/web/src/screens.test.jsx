// The calculators' screens over the kit: the list, the form with the widget's preview, the
// definition form (placeholders, versions, restore) and the import form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { importTypesOf, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import demo from '../../demo_definition.json';
import routes from './routes.jsx';

const CALCULATOR = {
  id: 4,
  name: 'Koszty ogrzewania',
  internal_name: 'koszty',
  calculator_type_name: 'HEATING_COST',
  show_refund: 1,
  refund_checkbox: 'Uwzględnij dotację',
  legend: 'Legenda',
  footer: 'Stopka',
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-01-02T10:00:00+00:00',
};
const TYPES = demo.types.map((t, i) => ({
  id: i + 1,
  name: t.name,
  definitions: t.definitions.map((d, j) => ({ id: 100 * i + j, ...d })),
}));
const VERSIONS = [
  {
    id: 2,
    created: '2026-02-01T10:00:00+00:00',
    source: 'Formularz definicji',
    types: 9,
    definitions: 37,
    current: true,
  },
  {
    id: 1,
    created: '2026-01-01T10:00:00+00:00',
    source: 'Import: POBE: standard 2025 (a.xlsx)',
    types: 9,
    definitions: 37,
    current: false,
  },
];
const plain = (text) => text.replace(/\s/g, ' ');

const ENDPOINT = '/calculator/definition/import';
const IMPORTS = importTypesOf(ENDPOINT, [
  ['HC_DEFINITION_XLS', 'Definicja kalkulatora ogrzewania'],
  ['POBE_HC_XLS_2022', 'POBE: standard 2022'],
  ['POBE_HC_XLS_FORECAST_2023', 'POBE: prognoza 2023'],
  ['POBE_HC_XLS_2023', 'POBE: standard 2023'],
  ['POBE_HC_XLS_2025', 'POBE: standard 2025'],
]);

function api(overrides = {}) {
  return mockApi((call) => {
    const key = `${call.method} ${call.url}`;
    if (overrides[key]) return overrides[key](call);
    if (key === 'get /calculator/') return ok({ order: 'id', asc: false, list: [CALCULATOR] });
    if (key === 'get /calculator/4') return ok(CALCULATOR);
    if (key === 'get /calculator/definition/') return ok(TYPES);
    if (key === 'get /calculator/definition/version/') return ok(VERSIONS);
    if (key === 'get /import/') return ok(IMPORTS);
    return ok({});
  });
}

beforeEach(resetStore);

it('declares the screens of SPEC 2.8 under /calculator', () => {
  expect(routes.map((r) => r.path)).toEqual([
    '/calculator',
    '/calculator/add',
    '/calculator/definition/set',
    '/calculator/definition/import',
    '/calculator/:calculatorId',
  ]);
});

describe('list', () => {
  it('shows id, name, reference, type, updated with embed, edit, delete and the three buttons', async () => {
    api();
    renderAt(routes, '/calculator');
    const reference = await screen.findByRole('link', { name: 'koszty' });
    expect(reference.getAttribute('href')).toBe('/view/calculator/koszty');
    const row = screen.getByRole('row', { name: /Koszty ogrzewania/ });
    expect(within(row).getByText('Kalkulator kosztów ogrzewania')).toBeTruthy();
    for (const name of ['Osadź', 'Usuń']) expect(within(row).getByRole('button', { name })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/calculator/4');
    expect(screen.getByRole('link', { name: 'Dodaj kalkulator' }).getAttribute('href')).toBe('/calculator/add');
    expect(screen.getByRole('link', { name: 'Ustaw definicję kalkulatorów' }).getAttribute('href')).toBe(
      '/calculator/definition/set',
    );
    expect(screen.getByRole('link', { name: 'Importuj definicję' }).getAttribute('href')).toBe(
      '/calculator/definition/import',
    );
  });
});

describe('calculator form', () => {
  it('creates a calculator and previews the widget computed from the definition', async () => {
    const calls = api();
    renderAt(routes, '/calculator/add');
    const preview = await screen.findByTestId('calculator-preview');
    await waitFor(() => expect(preview.querySelectorAll('tbody tr').length).toBe(8));
    fireEvent.change(document.getElementById('field-name'), { target: { value: 'Kalkulator' } });
    await waitFor(() => expect(preview.querySelector('h2').textContent).toBe('Kalkulator'));
    fireEvent.change(within(preview).getByLabelText('Powierzchnia ogrzewana (m²)'), { target: { value: '120' } });
    fireEvent.change(within(preview).getByLabelText('Standard budynku'), { target: { value: 'dom_ocieplony' } });
    const coal = [...preview.querySelectorAll('tbody tr')].find((tr) => tr.textContent.startsWith('Węgiel'));
    expect(plain(coal.textContent)).toContain('5 400,00 zł');
    expect(within(preview).queryByLabelText('Uwzględnij dotację do wymiany źródła ciepła')).toBeNull();

    fireEvent.click(screen.getByLabelText(/Pokaż pole dotacji/));
    fireEvent.change(document.getElementById('field-internal_name'), { target: { value: 'kalkulator' } });
    fireEvent.change(screen.getByLabelText('Tekst pola dotacji'), { target: { value: 'Z dotacją' } });
    await waitFor(() => expect(within(preview).getByLabelText('Z dotacją')).toBeTruthy());
    fireEvent.click(screen.getByText('Zapisz'));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/calculator/',
      data: {
        name: 'Kalkulator',
        internal_name: 'kalkulator',
        calculator_type_name: 'HEATING_COST',
        show_refund: 1,
        refund_checkbox: 'Z dotacją',
      },
    });
  });

  it('names what the definition lacks instead of computing with it', async () => {
    api({
      'get /calculator/definition/': () =>
        ok([{ id: 1, name: 'Pellet', definitions: [{ id: 2, name: 'cena_za_tone', value: '1500' }] }]),
    });
    renderAt(routes, '/calculator/4');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Pellet: brak definicji „sprawnosc”, „wartosc_opalowa_gj_t”');
    expect(note.textContent).toContain('Brak typu „Standard budynku”');
    expect(screen.getByTestId('calculator-preview').textContent).toContain('Kalkulator nie jest jeszcze gotowy');
    expect(screen.getByTestId('calculator-preview').textContent).not.toContain('NaN');
  });
});

describe('definition form', () => {
  it('shows every type and definition, placeholders with spaces, and sends the edited definition', async () => {
    const calls = api();
    renderAt(routes, '/calculator/definition/set');
    const value = await screen.findByLabelText('Wartość', { selector: '#field-types-1-definitions-2-value' });
    expect(value.getAttribute('placeholder')).toBe('wartosc opalowa gj t');
    expect(value.value).toBe('24');
    expect(calls.some((c) => c.method === 'get' && c.url === '/calculator/definition/')).toBe(true);
    fireEvent.change(value, { target: { value: '25.5' } });
    fireEvent.click(screen.getByText('Zapisz'));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const sent = calls.find((c) => c.method === 'post');
    expect(sent.url).toBe('/calculator/definition/');
    expect(sent.data.types).toHaveLength(9);
    expect(sent.data.types[1]).toEqual({
      name: 'Węgiel – kocioł zasypowy',
      definitions: [
        { name: 'sprawnosc', value: '0.6' },
        { name: 'cena_za_tone', value: '1500' },
        { name: 'wartosc_opalowa_gj_t', value: '25.5' },
      ],
    });
  });

  it('lists the versions and restores an earlier one', async () => {
    const calls = api();
    renderAt(routes, '/calculator/definition/set');
    const row = (await screen.findByText('Import: POBE: standard 2025 (a.xlsx)')).closest('tr');
    expect(screen.getByText('2 (obecna)').closest('tr').querySelector('button')).toBeNull();
    fireEvent.click(within(row).getByText('Przywróć'));
    await waitFor(() => expect(calls.some((c) => c.url === '/calculator/definition/version/1/restore')).toBe(true));
  });
});

describe('import form', () => {
  it('offers the five file types with their templates', async () => {
    api();
    renderAt(routes, '/calculator/definition/import');
    const type = await screen.findByLabelText('Typ pliku');
    await screen.findByRole('option', { name: 'POBE: standard 2025' }); // GET /import/
    expect([...type.options].map((o) => o.value).filter(Boolean)).toEqual([
      'HC_DEFINITION_XLS',
      'POBE_HC_XLS_2022',
      'POBE_HC_XLS_FORECAST_2023',
      'POBE_HC_XLS_2023',
      'POBE_HC_XLS_2025',
    ]);
    fireEvent.change(type, { target: { value: 'POBE_HC_XLS_2025' } });
    expect(screen.getByRole('link', { name: /Pobierz szablon/ }).getAttribute('href')).toBe(
      '/api/import/POBE_HC_XLS_2025/template',
    );
  });

  it("shows the chosen type's layout and columns as the server defines them, and returns to the list with the report", async () => {
    const described = [
      { code: 'CP_XLS', description: 'Raport.', columns: [{ header: 'Województwo', required: true }] },
      {
        code: 'HC_DEFINITION_XLS',
        choice: 'Definicja kalkulatora ogrzewania',
        imports: [`/api${ENDPOINT}`],
        description: 'Cała definicja kalkulatorów.\nImport zastępuje całą definicję.',
        columns: [
          { header: 'Typ', required: true },
          { header: 'Nazwa definicji', required: true },
          { header: 'Wartość', required: true },
        ],
      },
      {
        code: 'POBE_HC_XLS_2025',
        choice: 'POBE: standard 2025',
        imports: [`/api${ENDPOINT}`],
        description: 'Jeden wiersz na źródło ciepła.',
        columns: [
          { header: 'Źródło ciepła', required: true },
          { header: 'Dotacja', required: false },
        ],
      },
    ];
    const answer = {
      created: 2,
      updated: 0,
      types: TYPES.slice(0, 2),
      skipped: [{ name: 'Standard budynku', description: 'Obecna definicja nie ma typu „Standard budynku”.' }],
    };
    const calls = api({ 'get /import/': () => ok(described), 'post /calculator/definition/import': () => ok(answer) });
    renderAt(routes, '/calculator/definition/import');
    await screen.findByRole('option', { name: 'POBE: standard 2025' }); // GET /import/
    fireEvent.change(await screen.findByLabelText('Typ pliku'), { target: { value: 'POBE_HC_XLS_2025' } });
    const layout = await screen.findByRole('note', { name: 'Układ pliku' });
    await waitFor(() =>
      expect(layout.textContent).toContain('Kolumny pliku: „Źródło ciepła”, „Dotacja” (opcjonalna).'),
    );
    expect(layout.textContent).toContain('Jeden wiersz na źródło ciepła.');
    fireEvent.change(screen.getByLabelText('Typ pliku'), { target: { value: 'HC_DEFINITION_XLS' } });
    expect(layout.textContent).toContain('Kolumny pliku: „Typ”, „Nazwa definicji”, „Wartość”.');
    expect(within(layout).getByRole('link', { name: 'Pobierz szablon pliku HC_DEFINITION_XLS' })).toBeTruthy();
    const file = new File(['Typ;Nazwa definicji;Wartość\n'], 'definicja.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText(/Plik/), { target: { files: [file] } });
    screen.getByLabelText(/Plik/).required = false; // jsdom's FileList cannot be filled (the browser test uploads)
    await new Promise((resolve) => setTimeout(resolve, 50)); // FileReader
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    await waitFor(() => expect(where().pathname).toBe('/calculator'), { timeout: 3000 });
    expect(calls.find((c) => c.method === 'post').data.type).toBe('HC_DEFINITION_XLS');
    expect(
      await screen.findByText('Zaimportowano definicję (Definicja kalkulatora ogrzewania): typy 2, definicje 2.'),
    ).toBeTruthy();
    expect(screen.getByText('Obecna definicja nie ma typu „Standard budynku”.')).toBeTruthy();
  });
});
