// The table, form, banners, dialogs and page helpers, as the operator sees them.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION } from './config.js';
import { formatDate, wasUpdated } from './dates.js';
import { ConfirmDialog, EmbedDialog } from './Dialog.jsx';
import { Field, Form } from './Form.jsx';
import { ListTable } from './ListTable.jsx';
import { Page, pageTitle } from './Page.jsx';
import { defineResource } from './resource.js';
import { FormScreen, ListScreen } from './screens.jsx';
import { TEXT } from './texts.js';
import { fail, mockApi, ok, resetStore } from './testing.js';
import pkg from '../package.json';

beforeEach(resetStore);

describe('dates', () => {
  it('shows YYYY-MM-DD HH:mm in Warsaw time (winter +1, summer +2)', () => {
    expect(formatDate('2026-11-21T14:05:00+00:00')).toBe('2026-11-21 15:05');
    expect(formatDate('2026-07-01T22:30:00Z')).toBe('2026-07-02 00:30');
    expect(formatDate(null)).toBe('');
  });

  it('a record is updated when its updated time differs from created', () => {
    expect(wasUpdated({ created: '2026-01-01T10:00:00+00:00', updated: '2026-01-01T11:00:00+01:00' })).toBe(false);
    expect(wasUpdated({ created: '2026-01-01T10:00:00+00:00', updated: '2026-01-02T10:00:00+00:00' })).toBe(true);
  });
});

describe('ListTable', () => {
  const columns = [
    { name: 'id', label: 'ID' },
    { name: 'name', label: 'Nazwa' },
    { name: 'updated', label: 'Aktualizacja', type: 'updated' },
  ];
  const rows = [
    { id: 2, name: 'małopolskie', created: '2026-01-01T10:00:00+00:00', updated: '2026-02-01T10:00:00+00:00' },
    { id: 1, name: 'śląskie', created: '2026-01-01T10:00:00+00:00', updated: '2026-01-01T10:00:00+00:00' },
  ];

  it('calls onSort with the clicked column and marks the current one with an arrow', () => {
    const onSort = vi.fn();
    render(<ListTable columns={columns} rows={rows} order="id" asc={false} onSort={onSort} />);
    const idHeader = screen.getByRole('columnheader', { name: /ID/ });
    expect(idHeader.textContent).toBe('ID ▼');
    expect(idHeader.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Nazwa/ }).textContent).toBe('Nazwa');
    fireEvent.click(screen.getByRole('button', { name: 'Nazwa' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('points the arrow up when ascending', () => {
    render(<ListTable columns={columns} rows={rows} order="name" asc onSort={() => {}} />);
    expect(screen.getByRole('columnheader', { name: /Nazwa/ }).textContent).toBe('Nazwa ▲');
  });

  it('emphasises the updated date only when the record changed after creation', () => {
    render(<ListTable columns={columns} rows={rows} order="id" asc={false} onSort={() => {}} />);
    const [changed, untouched] = screen.getAllByRole('row').slice(1);
    expect(within(changed).getByText('2026-02-01 11:00').tagName).toBe('EM');
    expect(within(untouched).getByText('2026-01-01 11:00').tagName).toBe('TD');
  });

  it('shows Wczytywanie... while loading and the empty text for no rows', () => {
    const { rerender } = render(<ListTable columns={columns} rows={rows} loading />);
    expect(screen.getByText(TEXT.tableLoading)).toBeTruthy();
    expect(screen.queryByText('małopolskie')).toBeNull();
    rerender(<ListTable columns={columns} rows={[]} />);
    expect(screen.getByText('Dodaj nowy element do listy za pomocą operacji w nagłówku.')).toBeTruthy();
  });
});

describe('Form', () => {
  const DONE_DELAY_MS = 10;

  function renderForm(onSubmit, onDone) {
    return render(
      <Form onSubmit={onSubmit} onDone={onDone} doneDelay={DONE_DELAY_MS}>
        <label htmlFor="n">Nazwa</label>
        <input id="n" required defaultValue="" />
      </Form>,
    );
  }

  it('shows the invalid banner and sends nothing when native validation fails', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Popraw dane w formularzu, gdyż wystąpił błąd.Nazwa: To pole jest wymagane.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows loading, ignores submits in flight, then success and moves on', async () => {
    // The banner's time on a clock of the test's own: on the real one, a loaded machine let the
    // 10 ms pass between the success and the check that onDone had not run yet.
    vi.useFakeTimers();
    try {
      let finish;
      const onSubmit = vi.fn(() => new Promise((resolve) => (finish = resolve)));
      const onDone = vi.fn();
      renderForm(onSubmit, onDone);
      fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'x' } });
      fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
      fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status').textContent).toBe('Komunikacja z serwerem w toku. Chwileczkę...');
      await act(async () => finish({ ok: true }));
      expect(screen.getByRole('status').textContent).toBe('Operacja została zakończona :)');
      act(() => vi.advanceTimersByTime(DONE_DELAY_MS - 1));
      expect(onDone).not.toHaveBeenCalled(); // the success banner shows first
      act(() => vi.advanceTimersByTime(1));
      expect(onDone).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the error banner with the server descriptions and allows another try', async () => {
    const error = { errors: [{ name: 'name', description: 'Taka nazwa już istnieje.' }] };
    const onSubmit = vi.fn(async () => ({ ok: false, error }));
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Wystąpił błąd! Sprawdź przekazane dane i ponów próbę.');
    expect(alert.textContent).toContain('Taka nazwa już istnieje.');
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('lays out its actions: the submit button, the extra ones, then the link back', () => {
    const onRefresh = vi.fn();
    const { container } = render(
      <MemoryRouter initialEntries={['/item/3']}>
        <Routes>
          <Route
            path="/item/3"
            element={
              <Form
                onSubmit={vi.fn()}
                submitLabel="Importuj"
                cancelTo="/item"
                extraActions={
                  <button type="button" onClick={onRefresh}>
                    Odśwież
                  </button>
                }
              />
            }
          />
          <Route path="/item" element={<p>Lista elementów</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const actions = [...container.querySelectorAll('form button, form a')].map((node) => node.textContent);
    expect(actions).toEqual(['Importuj', 'Odśwież', TEXT.cancel]);
    fireEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: TEXT.cancel }));
    expect(screen.getByText('Lista elementów')).toBeTruthy();
  });

  it('names the link back as asked, and has none without cancelTo', () => {
    render(
      <MemoryRouter>
        <Form onSubmit={vi.fn()} cancelTo="/voivodeship" cancelLabel="Wróć do listy województw" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Wróć do listy województw' }).getAttribute('href')).toBe('/voivodeship');
  });

  it('has only the save button without cancelTo', () => {
    const { container } = render(<Form onSubmit={vi.fn()} />);
    expect(container.querySelectorAll('a').length).toBe(0);
    expect(container.querySelector('button[type=submit]').textContent).toBe(TEXT.save);
  });
});

describe('fields', () => {
  it('a file field yields {name, data} with a data URL', async () => {
    const onChange = vi.fn();
    render(<Field field={{ name: 'logo', label: 'Logo', type: 'file' }} value={null} onChange={onChange} />);
    const file = new File(['abc'], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [file] } });
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ name: 'logo.png', data: 'data:image/png;base64,YWJj' }),
    );
  });

  it('keeps the label text exact and marks a required field by class', () => {
    render(<Field field={{ name: 'name', label: 'Nazwa', required: true }} value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Nazwa');
    expect(input.required).toBe(true);
    expect(document.querySelector('label[for="field-name"]').className).toContain('required');
  });
});

describe('ConfirmDialog', () => {
  it('states the consequences and answers with the spec labels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog show onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/wszędzie tam, gdzie jest używany/);
    expect(dialog.textContent).toMatch(/nie można cofnąć z poziomu panelu/);
    expect(dialog.textContent).toMatch(/wyłącznie administrator systemu/);
    expect(dialog.textContent).toMatch(/Superadministratorzy panelu mogą go przywrócić z ekranu „Historia zmian”\./);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tak, chcę.' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nie, nie chcę.' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<ConfirmDialog show={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('EmbedDialog', () => {
  it('shows the snippet read-only and copies it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<EmbedDialog show snippet="<iframe src=x></iframe>" onHide={() => {}} />);
    const area = await screen.findByLabelText(TEXT.embedSnippet);
    expect(area.value).toBe('<iframe src=x></iframe>');
    expect(area.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TEXT.embedCopy }));
    await screen.findByText(TEXT.embedCopied);
    expect(writeText).toHaveBeenCalledWith('<iframe src=x></iframe>');
  });
});

describe('Page', () => {
  it('joins the title parts with " - " and adds the product and version', () => {
    expect(pageTitle(['Województwa', 'Dodawanie'])).toBe('Województwa - Dodawanie | Smogpanel v3.8.0');
    expect(VERSION).toBe(pkg.version);
  });

  it('sets the document title and links every crumb but the last', () => {
    render(
      <MemoryRouter>
        <Page
          crumbs={[{ label: 'Województwa', to: '/voivodeship' }, { label: 'Powiaty' }]}
          actions={[{ label: 'Dodaj', to: '/x' }]}
        />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Województwa - Powiaty | Smogpanel v3.8.0');
    expect(screen.getByRole('link', { name: 'Województwa' }).getAttribute('href')).toBe('/voivodeship');
    expect(screen.getByRole('heading').textContent).toBe('Powiaty');
    expect(screen.getByRole('link', { name: 'Dodaj' }).getAttribute('href')).toBe('/x');
  });
});

const things = defineResource({ kind: 'thing', base: '/thing' });
const rowsOf = (names) => ok({ order: 'id', asc: false, list: names.map((name, i) => ({ id: i + 1, name })) });

describe('ListScreen', () => {
  it('deletes only after Tak, chcę., then reloads and shows success', async () => {
    let names = ['a', 'b'];
    const calls = mockApi((call) => {
      if (call.method === 'delete') {
        names = ['b'];
        return ok(null);
      }
      return rowsOf(names);
    });
    render(
      <MemoryRouter>
        <ListScreen
          resource={things}
          crumbs={[{ label: 'Rzeczy' }]}
          columns={[{ name: 'name', label: 'Nazwa' }]}
          deletable
        />
      </MemoryRouter>,
    );
    await screen.findByText('a');
    fireEvent.click(screen.getAllByRole('button', { name: TEXT.delete })[0]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Nie, nie chcę.' }));
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: TEXT.delete })[0]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tak, chcę.' }));
    await screen.findByText(TEXT.success);
    await waitFor(() => expect(screen.queryByText('a')).toBeNull());
    expect(calls.filter((c) => c.method === 'delete').map((c) => c.url)).toEqual(['/thing/1']);
  });

  it('shows a refusal text instead of asking when the guard says so', async () => {
    mockApi(() => rowsOf(['ja']));
    render(
      <MemoryRouter>
        <ListScreen
          resource={things}
          crumbs={[{ label: 'Rzeczy' }]}
          columns={[{ name: 'name', label: 'Nazwa' }]}
          deletable
          deleteGuard={() => TEXT.selfDelete}
        />
      </MemoryRouter>,
    );
    await screen.findByText('ja');
    fireEvent.click(screen.getByRole('button', { name: TEXT.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Nie możesz usunąć siebie samego :) To nie ma zupełnie sensu!');
    expect(within(dialog).queryByRole('button', { name: 'Tak, chcę.' })).toBeNull();
  });

  it('asks a search with no sort, so the server lists the best matches first, and says when nothing is found', async () => {
    const calls = mockApi(() => ok({ order: 'id', asc: false, by_relevance: true, list: [] }));
    render(
      <MemoryRouter initialEntries={['/thing?q=zakop']}>
        <ListScreen resource={things} crumbs={[{ label: 'Rzeczy' }]} columns={[{ name: 'name', label: 'Nazwa' }]} />
      </MemoryRouter>,
    );
    await screen.findByText('Brak wyników dla „zakop”');
    expect(screen.queryByText(TEXT.tableEmpty)).toBeNull();
    expect(calls[0].params).toEqual({ q: 'zakop', per_page: 50, page: 1 });
  });

  it('offers Podgląd and no Usuń on a row the account may not change', async () => {
    mockApi(() =>
      ok({
        order: 'id',
        asc: false,
        list: [
          { id: 1, name: 'nasz', may: ['update', 'delete'] },
          { id: 2, name: 'cudzy', may: [] },
        ],
      }),
    );
    render(
      <MemoryRouter>
        <ListScreen
          resource={things}
          crumbs={[{ label: 'Rzeczy' }]}
          columns={[{ name: 'name', label: 'Nazwa' }]}
          rowLinks={[{ label: TEXT.edit, to: (row) => `/thing/${row.id}` }]}
          deletable
        />
      </MemoryRouter>,
    );
    const ours = (await screen.findByText('nasz')).closest('tr');
    const theirs = screen.getByText('cudzy').closest('tr');
    expect(within(ours).getByRole('link', { name: TEXT.edit })).toBeTruthy();
    expect(within(ours).getByRole('button', { name: TEXT.delete })).toBeTruthy();
    expect(within(theirs).getByRole('link', { name: 'Podgląd' }).getAttribute('href')).toBe('/thing/2');
    expect(within(theirs).queryByRole('button', { name: TEXT.delete })).toBeNull();
    expect(within(theirs).queryByRole('checkbox')).toBeNull();
  });

  it('shows the error banner when the list fails to load', async () => {
    mockApi(() => fail(500, 'INTERNAL_ERROR'));
    render(
      <MemoryRouter>
        <ListScreen resource={things} crumbs={[{ label: 'Rzeczy' }]} columns={[{ name: 'name', label: 'Nazwa' }]} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(TEXT.error);
  });
});

describe('FormScreen', () => {
  const fields = [
    { name: 'name', label: 'Nazwa', required: true },
    { name: 'internal_name', label: 'Nazwa wewnętrzna', required: true, createOnly: true },
  ];

  function renderAt(path, element) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/thing" element={<p>lista</p>} />
          <Route path="/thing/*" element={element} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('edit renders only after the record with the matching id loaded, and omits createOnly fields', async () => {
    let answer;
    const calls = mockApi((call) => (call.method === 'get' ? new Promise((r) => (answer = r)) : ok({ id: 5 })));
    renderAt(
      '/thing/5',
      <FormScreen resource={things} id="5" crumbs={[{ label: 'Edycja' }]} fields={fields} back="/thing" />,
    );
    expect(screen.queryByLabelText(/Nazwa/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(TEXT.loading);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(ok({ id: 5, name: 'stara', internal_name: 'stara' })));
    expect(screen.getByLabelText(/^Nazwa$/).value).toBe('stara');
    expect(screen.getByLabelText(/Nazwa wewnętrzna/).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Nazwa$/), { target: { value: 'nowa' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({ url: '/thing/5', data: { name: 'nowa' } });
    expect(await screen.findByText('lista', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('create sends the fields plus extra to base/', async () => {
    const calls = mockApi(() => ok({ id: 1 }));
    renderAt(
      '/thing/add',
      <FormScreen
        resource={things}
        crumbs={[{ label: 'Dodawanie' }]}
        fields={fields}
        extra={{ parent_id: 3 }}
        back="/thing"
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Nazwa$/), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText(/Nazwa wewnętrzna/), { target: { value: 'a_1' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls[0]).toMatchObject({
      method: 'post',
      url: '/thing/',
      data: { name: 'a', internal_name: 'a_1', parent_id: 3 },
    });
  });

  it('an action beside Zapisz gives the form a fresher record and keeps what was typed', async () => {
    mockApi(() => ok({ id: 5, name: 'stara', reading: 'stary odczyt' }));
    const withReading = [
      { name: 'name', label: 'Nazwa', required: true },
      { render: ({ item }) => <p>Odczyt: {item.reading}</p> },
    ];
    renderAt(
      '/thing/5',
      <FormScreen
        resource={things}
        id="5"
        crumbs={[{ label: 'Edycja' }]}
        fields={withReading}
        actions={({ item, setItem }) => (
          <button type="button" onClick={() => setItem({ ...item, reading: 'nowy odczyt' })}>
            Odśwież
          </button>
        )}
        back="/thing"
      />,
    );
    expect(await screen.findByText('Odczyt: stary odczyt')).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons.slice(buttons.indexOf(TEXT.save))).toEqual([TEXT.save, 'Odśwież']);
    fireEvent.change(screen.getByLabelText(/^Nazwa$/), { target: { value: 'nowa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    expect(screen.getByText('Odczyt: nowy odczyt')).toBeTruthy();
    expect(screen.getByLabelText(/^Nazwa$/).value).toBe('nowa');
  });

  it("a field's render may rebuild the other values (a type choice resets the type's own fields)", () => {
    mockApi(() => ok({ id: 1 }));
    const typed = (values) => [
      {
        name: 'kind',
        render: ({ value, setValues }) => (
          <Field
            field={{ name: 'kind', label: 'Typ', type: 'select', options: [{ value: 'a', label: 'A' }] }}
            value={value}
            onChange={(kind) => setValues({ kind, detail: '' })}
          />
        ),
      },
      ...(values.kind ? [{ name: 'detail', label: 'Szczegół' }] : []),
    ];
    renderAt(
      '/thing/add',
      <FormScreen
        resource={things}
        crumbs={[{ label: 'Dodawanie' }]}
        fields={typed}
        valuesOf={() => ({ kind: '', detail: '' })}
      />,
    );
    fireEvent.change(screen.getByLabelText('Typ'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Szczegół'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Typ'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Typ'), { target: { value: 'a' } });
    expect(screen.getByLabelText('Szczegół').value).toBe('');
  });
});
