// History as the operator reads it: values in Polish, changes side by side, 'Historia' on every
// edit screen, and 'Przywróć tę wersję' reloading the record.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { canRevert, changeRows, formatValue, NOT_KEPT, whoMade } from './history.js';
import HistoryLog, { historyQuery, pageCount } from './HistoryLog.jsx';
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
    await screen.findByText('Strona 1 z 3 (wpisów: 120)');
    fireEvent.click(screen.getByRole('button', { name: 'Następna' }));
    await screen.findByText('Strona 2 z 3 (wpisów: 120)');
    await screen.findByRole('option', { name: 'ewa@example.pl' });
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Czynność'), { target: { value: 'update' } });
    await screen.findByText('Strona 1 z 3 (wpisów: 120)');
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
