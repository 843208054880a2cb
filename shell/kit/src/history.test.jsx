// History as the operator reads it: values in Polish, changes side by side, 'Historia' on every
// edit screen, and 'Przywróć tę wersję' reloading the record.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  canRevert,
  changeRows,
  formatValue,
  NOT_KEPT,
  recordTitle,
  revertedSays,
  revertSays,
  revertsSays,
  whoMade,
} from './history.js';
import HistoryLog, { daysProblem, filtersOf, FROM_AFTER_TO, historyQuery, pageCount } from './HistoryLog.jsx';
import { defineResource } from './resource.js';
import { EditLoader, historyKindOf } from './screens.jsx';
import { fail, mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

const EDIT = {
  id: 7,
  at: '2026-11-24T23:30:00+00:00',
  user_id: 2,
  user_email: 'ewa@example.pl',
  via: 'api',
  action: 'update',
  kind: 'rank_value',
  kind_label: 'wartość',
  record_id: 3,
  record_name: '',
  reverts: null,
  changes: {
    value: [12.5, 13.75],
    deadline: ['2027-04-30T22:00:00+00:00', '2027-05-31T22:00:00+00:00'],
    logo_path: 'changed',
  },
  labels: { value: 'Wartość', deadline: 'Termin' },
};

describe('history values', () => {
  it('writes numbers with the Polish decimal comma and dates in Warsaw time', () => {
    expect(formatValue(12.5)).toBe('12,5');
    expect(formatValue(0)).toBe('0');
    expect(formatValue('2027-04-30T22:00:00+00:00')).toBe('2027-05-01 00:00');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('tak');
    expect(formatValue('tekst 1.5')).toBe('tekst 1.5'); // text stays as typed
  });

  it('flattens lists and objects, leaving ids out', () => {
    expect(formatValue([{ key: { id: 4, name: 'Wnioski' }, value: { id: 9, mp: 10.5, sl: null } }])).toBe(
      '(key: (name: Wnioski), value: (mp: 10,5))',
    );
    expect(formatValue([])).toBe('—');
  });

  it('lists the changed fields by their Polish labels, files as not kept', () => {
    expect(changeRows(EDIT)).toEqual([
      { field: 'deadline', label: 'Termin', before: '2027-05-01 00:00', after: '2027-06-01 00:00' },
      { field: 'logo_path', label: 'logo_path', before: NOT_KEPT, after: NOT_KEPT },
      { field: 'value', label: 'Wartość', before: '12,5', after: '13,75' },
    ]);
  });

  it('shows what an import read and did', () => {
    const entry = {
      action: 'import',
      changes: { file: 'raport.xlsx', type: 'RV_XLS', type_label: 'Raport', created: 80, updated: 0, skipped: 1 },
    };
    expect(changeRows(entry).map((row) => [row.label, row.after])).toEqual([
      ['Plik', 'raport.xlsx'],
      ['Typ pliku', 'Raport'],
      ['Utworzono', '80'],
      ['Zmieniono', '0'],
      ['Pominięto', '1'],
    ]);
  });

  it('offers reverting edits with kept values, deletes and imports that created a record', () => {
    expect(canRevert(EDIT)).toBe(true);
    expect(canRevert({ action: 'update', changes: { logo_path: 'changed' } })).toBe(false);
    expect(canRevert({ action: 'delete', changes: {} })).toBe(true);
    expect(canRevert({ action: 'create', changes: {} })).toBe(false);
    expect(canRevert({ action: 'import', changes: { created_kind: 'rank_group', created_id: 4 } })).toBe(true);
    expect(canRevert({ action: 'import', changes: { created: 3 } })).toBe(false);
    expect(canRevert({ action: 'delete', changes: {}, revertable: false })).toBe(false); // an erased sender
    expect(whoMade({ via: 'cli', user_email: null })).toBe('CLI');
  });

  it('asks the log for the chosen filters only, a page at a time', () => {
    expect(historyQuery({ kind: 'timer', user_id: '', action: 'update', from: '', to: '2026-11-24' }, 2)).toEqual({
      kind: 'timer',
      action: 'update',
      to: '2026-11-24',
      page: 2,
      per_page: 50,
    });
    expect([pageCount(0), pageCount(50), pageCount(51)]).toEqual([1, 1, 2]);
  });
});

describe('Historia on an edit screen', () => {
  const values = defineResource({ kind: 'rank_entry_value', base: '/rank_value' });

  it('names the API kind by the base path', () => {
    expect(historyKindOf(values)).toBe('rank_value');
  });

  it('shows the record history side by side and reverting reloads the record', async () => {
    let current = { id: 3, value: 13.75 };
    const calls = mockApi(({ method, url }) => {
      if (method === 'get' && url === '/rank_value/3') return ok(current);
      if (method === 'get' && url === '/history/') return ok({ list: [EDIT], total: 1 });
      if (method === 'post' && url === '/history/7/revert') {
        current = { id: 3, value: 12.5 };
        return ok({ action: 'update', record: current });
      }
      return fail(404, 'NOT_FOUND');
    });
    render(
      <MemoryRouter>
        <EditLoader resource={values} id="3">
          {(item) => <p>Wartość w formularzu: {item.value}</p>}
        </EditLoader>
      </MemoryRouter>,
    );
    await screen.findByText('Wartość w formularzu: 13.75');
    fireEvent.click(screen.getByRole('button', { name: 'Historia' }));
    const row = (await screen.findByRole('rowheader', { name: 'Wartość' })).closest('tr');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12,5', '13,75']);
    expect(screen.getByText(/ewa@example\.pl/).textContent).toContain('2026-11-25 00:30');
    expect(calls.find((c) => c.url === '/history/').params).toEqual({
      kind: 'rank_value',
      record_id: 3,
      per_page: 200,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Przywróć tę wersję' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tak, przywróć.' }));
    await screen.findByText('Wartość w formularzu: 12.5');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Operacja została zakończona'));
  });

  it('shows the server reason when a version cannot be put back', async () => {
    mockApi(({ method, url }) => {
      if (method === 'get' && url === '/rank_value/3') return ok({ id: 3, value: 13.75 });
      if (method === 'get' && url === '/history/') return ok({ list: [EDIT], total: 1 });
      return fail(409, 'CONFLICT', [
        { name: 'value', description: 'Nie można przywrócić tej wersji: pole „Wartość” zmieniono później.' },
      ]);
    });
    render(
      <MemoryRouter>
        <EditLoader resource={values} id="3">
          {() => <p>formularz</p>}
        </EditLoader>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Historia' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Przywróć tę wersję' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tak, przywróć.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('pole „Wartość” zmieniono później');
  });
});

describe('Historia zmian', () => {
  it('asks again with the chosen filter from the first page, and pages through the total', async () => {
    const calls = mockApi(({ url, params }) => {
      if (url === '/user/') return ok({ list: [{ id: 2, email: 'ewa@example.pl' }] });
      return ok({ list: [{ ...EDIT, id: params.page }], total: 120, kinds: [{ kind: 'timer', label: 'licznik' }] });
    });
    render(
      <MemoryRouter>
        <HistoryLog />
      </MemoryRouter>,
    );
    await screen.findAllByText('Strona 1 z 3 (wpisów: 120)');
    fireEvent.click(screen.getAllByRole('button', { name: 'Następna' })[0]);
    await screen.findAllByText('Strona 2 z 3 (wpisów: 120)');
    await screen.findByRole('option', { name: 'ewa@example.pl' });
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Czynność'), { target: { value: 'update' } });
    await screen.findAllByText('Strona 1 z 3 (wpisów: 120)');
    const last = calls.filter((c) => c.url === '/history/').at(-1);
    expect(last.params).toEqual({ user_id: '2', action: 'update', page: 1, per_page: 50 });
    expect(screen.getByText(/wartość #3/)).toBeTruthy(); // the log names the record
  });
  it('shows the answer to the newest filters even when an older answer comes last', async () => {
    let answerTheOlder;
    const older = new Promise((resolve) => (answerTheOlder = resolve));
    mockApi(async ({ url, params }) => {
      if (url === '/user/') return ok({ list: [] });
      if (params.kind === 'timer' && !params.action) {
        await older; // the kind alone: answered after the question that adds the action
        return ok({ list: [{ ...EDIT, id: 1, record_name: 'Stara odpowiedź' }], total: 1, kinds: [] });
      }
      const entry = { ...EDIT, id: 2, record_name: params.action ? 'Nowa odpowiedź' : 'Pierwsza strona' };
      return ok({ list: [entry], total: 1, kinds: [{ kind: 'timer', label: 'licznik' }] });
    });
    render(
      <MemoryRouter>
        <HistoryLog />
      </MemoryRouter>,
    );
    await screen.findByText(/Pierwsza strona/);
    fireEvent.change(screen.getByLabelText('Rodzaj'), { target: { value: 'timer' } });
    fireEvent.change(screen.getByLabelText('Czynność'), { target: { value: 'update' } });
    await screen.findByText(/Nowa odpowiedź/);
    answerTheOlder();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Stara odpowiedź/)).toBeNull();
    expect(screen.getByText(/Nowa odpowiedź/)).toBeTruthy();
  });
});

describe("history in the form's words", () => {
  const READABLE = {
    ...EDIT,
    id: 11,
    kind: 'letter',
    kind_label: 'list',
    record_id: 5,
    record_name: 'Apel',
    rows: [
      { field: 'recipient_group_id', label: 'Grupa adresatów', before: '„Radni”', after: '„Posłowie”' },
      {
        field: 'content',
        label: 'Treść',
        before: 'Prosimy o czyste powietrze.',
        after: 'Prosimy o czyste powietrze teraz.',
        diff: [
          ['=', 'Prosimy o czyste powietrze'],
          ['+', ' teraz'],
          ['=', '.'],
        ],
      },
    ],
    record: {
      name: 'Apel',
      parents: [{ label: 'grupa', name: '2024' }],
      path: '/letter/5',
    },
    revert: { offered: true, reverted_by: null, says: 'Przywróci poprzednie wartości pól: Treść.' },
  };

  it('shows the server rows, the added words marked, the record named with its parents and linked', async () => {
    mockApi(({ url }) => {
      if (url === '/user/') return ok({ list: [] });
      return ok({ list: [READABLE], total: 1, kinds: [] });
    });
    render(
      <MemoryRouter>
        <HistoryLog />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'list „Apel” · grupa „2024”' });
    expect(link.getAttribute('href')).toBe('/letter/5');
    const row = screen.getByRole('rowheader', { name: 'Treść' }).closest('tr');
    expect(within(row).getByText('teraz', { exact: false }).tagName).toBe('INS');
    const group = screen.getByRole('rowheader', { name: 'Grupa adresatów' }).closest('tr');
    expect(
      within(group)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['„Radni”', '„Posłowie”']);
  });

  it('asks before reverting, in words, and runs nothing when the operator declines', async () => {
    const calls = mockApi(({ url }) => {
      if (url === '/user/') return ok({ list: [] });
      return ok({ list: [READABLE], total: 1, kinds: [] });
    });
    render(
      <MemoryRouter>
        <HistoryLog />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Przywróć tę wersję' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Przywróci poprzednie wartości pól: Treść. Czy na pewno?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nie, nie chcę.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'post')).toBe(false);
  });

  it('disables revert on an entry already reverted and hides it where the server does not offer it', async () => {
    const reverted = { ...READABLE, id: 12, revert: { offered: true, reverted_by: 40, says: '' } };
    const refused = { ...READABLE, id: 13, record_name: 'Cudzy', revert: { offered: false, reverted_by: null } };
    mockApi(({ url }) => {
      if (url === '/user/') return ok({ list: [] });
      return ok({ list: [reverted, refused], total: 2, kinds: [] });
    });
    render(
      <MemoryRouter>
        <HistoryLog />
      </MemoryRouter>,
    );
    const buttons = await screen.findAllByRole('button', { name: 'Przywróć tę wersję' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0].disabled).toBe(true);
    expect(screen.getByText(/cofnięty wpisem #40/)).toBeTruthy();
  });

  it('keeps filters and page in the URL and refuses a "from" after "to"', async () => {
    const calls = mockApi(({ url }) => {
      if (url === '/user/') return ok({ list: [] });
      return ok({ list: [], total: 0, kinds: [] });
    });
    render(
      <MemoryRouter initialEntries={['/history?q=zakop&action=update&page=2']}>
        <HistoryLog />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/history/').at(-1).params).toEqual({
        q: 'zakop',
        action: 'update',
        page: 2,
        per_page: 50,
      }),
    );
    expect(screen.getByLabelText('Nazwa elementu').value).toBe('zakop');
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('Od dnia'), { target: { value: '2025-03-02' } });
    fireEvent.change(screen.getByLabelText('Do dnia'), { target: { value: '2025-03-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe(FROM_AFTER_TO);
    expect(screen.getByLabelText('Do dnia').getAttribute('aria-invalid')).toBe('true');
    const asked = calls.slice(before).filter((c) => c.url === '/history/');
    expect(asked.every((c) => !(c.params.from && c.params.to))).toBe(true);
    expect(filtersOf(new URLSearchParams('kind=timer&page=x'))).toEqual({
      filters: { kind: 'timer', user_id: '', action: '', q: '', from: '', to: '' },
      page: 1,
    });
    expect(daysProblem({ from: '2025-01-01', to: '2025-01-01' })).toBe('');
  });

  it('names a record without server details by its kind and id', () => {
    expect(recordTitle({ kind_label: 'wartość', record_id: 3, record_name: '' })).toBe('wartość #3');
    // An import into no record (the TERYT register) is no voivodeship called „Rejestr TERYT”.
    const register = { action: 'import', kind_label: 'województwo', record_id: null, record_name: 'Rejestr TERYT' };
    expect(recordTitle(register)).toBe('Rejestr TERYT');
    // A revert says what it undid and when, not an entry's number.
    const revert = { reverts: 8, reverts_entry: { action: 'update', at: '2026-11-27T09:30:00+00:00' } };
    expect(revertsSays(revert)).toBe('cofa zmianę z 2026-11-27 10:30');
    expect(revertedSays({ reverted_at: '2026-11-27T09:31:00+00:00' }, 9)).toBe('cofnięty 2026-11-27 10:31');
    expect(revertSays({ revert: { says: 'Usunie pomiar „X” utworzony tym importem.' } })).toBe(
      'Usunie pomiar „X” utworzony tym importem. Czy na pewno?',
    );
    expect(changeRows(READABLE)).toBe(READABLE.rows);
    expect(canRevert({ ...READABLE, revert: { offered: false } })).toBe(false);
  });
});
