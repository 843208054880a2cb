// Forms that point at the mistake, ask before they are left, and never silently undo another
// operator's save, as the operator sees them.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED } from './ChangedMeanwhile.jsx';
import { characters } from './validityMessages.js';
import { Field, Form, useValues } from './Form.jsx';
import { LEAVE } from './LeaveGuard.jsx';
import { defineResource } from './resource.js';
import { FormScreen } from './screens.jsx';
import { TEXT } from './texts.js';
import { fail, mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

const messageOf = (input) => {
  const ids = (input.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id).textContent).join(' ');
};

function TimerForm({ onSubmit = vi.fn(async () => ({ ok: true })), onDone }) {
  const [values, set] = useValues({ name: '', email: 'ewa@', points: '', internal_name: '' });
  const fields = [
    { name: 'name', label: 'Nazwa', required: true },
    { name: 'internal_name', label: 'Nazwa wewnętrzna', help: 'Część adresu.' },
    { name: 'email', label: 'E-mail', type: 'email' },
    { name: 'points', label: 'Punkty', type: 'number', min: 0, step: 1 },
  ];
  return (
    <Form onSubmit={onSubmit} onDone={onDone} doneDelay={0} cancelTo="/timer">
      {fields.map((field) => (
        <Field key={field.name} field={field} value={values[field.name]} onChange={set(field.name)} />
      ))}
    </Form>
  );
}

/** A data router (as the shell's): the form at /timer/1, the list at /timer. */
function renderRouted(element) {
  const router = createMemoryRouter(
    [
      { path: '/timer/1', element },
      { path: '/timer', element: <p>Lista liczników</p> },
    ],
    { initialEntries: ['/timer', '/timer/1'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('invalid fields', () => {
  it('each shows its Polish message under it, tied by aria, and focus goes to the first', async () => {
    const onSubmit = vi.fn();
    renderRouted(<TimerForm onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText('Punkty'), { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const name = screen.getByLabelText('Nazwa');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(messageOf(name)).toBe('To pole jest wymagane.');
    expect(messageOf(screen.getByLabelText('E-mail'))).toBe('Wpisz poprawny adres e-mail, np. jan@example.pl.');
    expect(messageOf(screen.getByLabelText('Punkty'))).toBe('Wartość nie może być mniejsza niż 0.');
    const internal = screen.getByLabelText('Nazwa wewnętrzna');
    expect(internal.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(internal)).toBe('Część adresu.'); // its help only
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole('alert').textContent).toContain('Nazwa: To pole jest wymagane.');

    fireEvent.change(name, { target: { value: 'Do wiosny' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(name)).toBe('');
  });

  it('server field errors land on their fields (rows too), focus on the first', async () => {
    const errors = [
      { name: '', description: 'Coś jeszcze.' },
      { name: 'internal_name', description: 'Ta nazwa wewnętrzna jest już zajęta. Wybierz inną.' },
    ];
    const onSubmit = vi.fn(async () => ({ ok: false, error: { code: 'CONFLICT', errors } }));
    render(
      <Form onSubmit={onSubmit}>
        <Field field={{ name: 'internal_name', label: 'Nazwa wewnętrzna' }} value="licznik" onChange={() => {}} />
        <Field field={{ name: 'keys-0-name', label: 'Nazwa klucza' }} value="" onChange={() => {}} />
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const internal = screen.getByLabelText('Nazwa wewnętrzna');
    await waitFor(() => expect(internal.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(internal)).toBe('Ta nazwa wewnętrzna jest już zajęta. Wybierz inną.');
    expect(document.activeElement).toBe(internal);
    expect(screen.getByRole('alert').textContent).toContain('Coś jeszcze.'); // the banner keeps them all

    onSubmit.mockImplementation(async () => ({
      ok: false,
      error: { errors: [{ name: 'keys.0.name', description: 'Nazwa klucza: To pole jest wymagane.' }] },
    }));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const key = screen.getByLabelText('Nazwa klucza');
    await waitFor(() => expect(messageOf(key)).toBe('Nazwa klucza: To pole jest wymagane.'));
    expect(internal.getAttribute('aria-invalid')).toBeNull();
  });

  it('counts characters the Polish way', () => {
    expect([1, 2, 5, 12, 22, 25].map(characters)).toEqual([
      '1 znak',
      '2 znaki',
      '5 znaków',
      '12 znaków',
      '22 znaki',
      '25 znaków',
    ]);
  });
});

describe('leaving an edited form', () => {
  it('asks before another screen, and stays or leaves as answered', async () => {
    const router = renderRouted(<TimerForm />);
    fireEvent.click(screen.getByRole('link', { name: TEXT.cancel }));
    expect(await screen.findByText('Lista liczników')).toBeTruthy(); // nothing typed: no question

    await act(() => router.navigate('/timer/1'));
    fireEvent.change(await screen.findByLabelText('Nazwa'), { target: { value: 'Do wiosny' } });
    fireEvent.click(screen.getByRole('link', { name: TEXT.cancel }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(LEAVE.title)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: LEAVE.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Nazwa').value).toBe('Do wiosny');

    await act(() => router.navigate(-1)); // Back asks too
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: LEAVE.leave }));
    expect(await screen.findByText('Lista liczników')).toBeTruthy();
  });

  it('asks the browser before the tab closes, and not once saved', async () => {
    const onDone = vi.fn();
    renderRouted(<TimerForm onDone={onDone} />);
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    fireEvent.change(await screen.findByLabelText('Nazwa'), { target: { value: 'Do wiosny' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ewa@example.pl' } });
    await waitFor(() => expect(closing()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    await waitFor(() => expect(closing()).toBe(false)); // once the effects of the saved form ran
  });
});

describe('a record saved by someone else meanwhile', () => {
  const timers = defineResource({ kind: 'timer', base: '/timer' });
  const fields = [
    { name: 'name', label: 'Nazwa', required: true },
    { name: 'text_below', label: 'Tekst pod licznikiem' },
    { name: 'countdown', label: 'Odwrotne liczenie', type: 'checkbox' },
  ];
  const loaded = { id: 1, name: 'Do końca sezonu', text_below: 'Ogrzewaj czysto.', countdown: 1 };
  const saved = { ...loaded, name: 'Do wiosny' };
  const refusal = 'Ktoś zmienił ten element po wczytaniu formularza: ewa@example.pl (pole „Nazwa”).';

  function server() {
    let record = loaded;
    let etag = '"v1-aa"';
    const calls = mockApi((call) => {
      if (call.method === 'get') return [...ok(record), { etag }];
      if (call.headers['If-Match'] !== etag)
        return fail(412, 'CHANGED_MEANWHILE', [{ name: '', description: refusal }]);
      record = { ...record, ...call.data };
      etag = '"v3-cc"';
      return [...ok(record), { etag }];
    });
    const changeMeanwhile = () => {
      record = saved;
      etag = '"v2-bb"';
    };
    return { calls, changeMeanwhile };
  }

  const screenOf = () => (
    <FormScreen resource={timers} id="1" crumbs={[{ label: 'Edycja licznika' }]} fields={fields} back="/timer" />
  );

  it('is refused with the saved values beside the operator’s own; Zapisz mimo to keeps both changes', async () => {
    const { calls, changeMeanwhile } = server();
    renderRouted(screenOf());
    fireEvent.change(await screen.findByLabelText('Tekst pod licznikiem'), { target: { value: 'Wietrz krótko.' } });
    changeMeanwhile();
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));

    const panel = await screen.findByRole('region', { name: CHANGED.heading });
    // The server's reason heads the banner, not "check the data you sent"
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(refusal);
    expect(alert.textContent).not.toContain(TEXT.error);
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Nazwa', 'Do końca sezonu', 'Do wiosny', CHANGED.keepTheirs],
      ['Tekst pod licznikiem', 'Wietrz krótko.', 'Ogrzewaj czysto.', CHANGED.keepMine],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading')));
    expect(calls.filter((c) => c.method === 'post').map((c) => c.headers['If-Match'])).toEqual(['"v1-aa"']);

    fireEvent.click(screen.getByRole('button', { name: TEXT.save })); // not knowingly yet: refused again
    await waitFor(() => expect(calls.filter((c) => c.method === 'post')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: CHANGED.overwrite }));
    await screen.findByText(TEXT.success);
    const posts = calls.filter((c) => c.method === 'post');
    expect(posts.map((c) => c.headers['If-Match'])).toEqual(['"v1-aa"', '"v1-aa"', '"v2-bb"']);
    // Only the operator's own change goes over the saved version: the colleague's name stays
    expect(posts[2].data).toMatchObject({ name: 'Do wiosny', text_below: 'Wietrz krótko.' });
  });

  it('Wczytaj aktualną wersję shows the saved values with the operator’s own changes kept', async () => {
    const { calls, changeMeanwhile } = server();
    renderRouted(screenOf());
    fireEvent.change(await screen.findByLabelText('Tekst pod licznikiem'), { target: { value: 'Wietrz krótko.' } });
    changeMeanwhile();
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    fireEvent.click(await screen.findByRole('button', { name: CHANGED.reload }));
    await waitFor(() => expect(screen.getByLabelText('Nazwa').value).toBe('Do wiosny'));
    expect(screen.getByLabelText('Tekst pod licznikiem').value).toBe('Wietrz krótko.');
    expect(screen.queryByRole('region', { name: CHANGED.heading })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull(); // the refusal is over: the form shows the saved version
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const posts = calls.filter((c) => c.method === 'post');
    expect(posts.map((c) => c.headers['If-Match'])).toEqual(['"v1-aa"', '"v2-bb"']);
    expect(posts[1].data).toMatchObject({ name: 'Do wiosny', text_below: 'Wietrz krótko.' });
  });

  it('a field both changed is chosen in the table, for saving and for loading alike', async () => {
    const { calls, changeMeanwhile } = server();
    renderRouted(screenOf());
    fireEvent.change(await screen.findByLabelText('Nazwa'), { target: { value: 'Do lata' } });
    fireEvent.change(screen.getByLabelText('Tekst pod licznikiem'), { target: { value: 'Wietrz krótko.' } });
    changeMeanwhile();
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    const panel = await screen.findByRole('region', { name: CHANGED.heading });
    const choice = within(panel).getByRole('group', { name: 'Nazwa' });
    expect(within(choice).getByRole('radio', { name: CHANGED.keepMine }).checked).toBe(true);
    fireEvent.click(within(choice).getByRole('radio', { name: CHANGED.keepTheirs }));
    fireEvent.click(within(panel).getByRole('button', { name: CHANGED.reload }));
    await waitFor(() => expect(screen.getByLabelText('Nazwa').value).toBe('Do wiosny'));
    expect(screen.getByLabelText('Tekst pod licznikiem').value).toBe('Wietrz krótko.');
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.filter((c) => c.method === 'post')[1].data).toMatchObject({
      name: 'Do wiosny',
      text_below: 'Wietrz krótko.',
    });
  });
});
