// The shell as an operator meets it: public screens, the signed-in frame, accounts.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { fail, mockApi, ok, resetStore } from '@smogpanel/kit/testing';
import { App } from './App.jsx';

const PLUGINS = [
  {
    name: 'second',
    label: 'Rankingi',
    path: '/rank',
    entry: '/x.js',
    scope: 'smogpanel_second',
    module: './routes',
    order: 20,
  },
  {
    name: 'first',
    label: 'Województwa',
    path: '/voivodeship',
    entry: '/y.js',
    scope: 'smogpanel_first',
    module: './routes',
    order: 10,
  },
];
const ME = { id: 1, email: 'anna@example.pl', firstname: 'Anna', lastname: 'Nowak', super: 1 };
const USERS = [
  {
    id: 1,
    email: 'anna@example.pl',
    firstname: 'Anna',
    lastname: 'Nowak',
    super: 1,
    created: '2026-01-01T10:00:00+00:00',
    updated: '2026-01-01T10:00:00+00:00',
  },
  {
    id: 2,
    email: 'jan@example.pl',
    firstname: 'Jan',
    lastname: '',
    super: 0,
    created: '2026-01-01T10:00:00+00:00',
    updated: '2026-01-01T10:00:00+00:00',
  },
];

function api(me = ME) {
  return mockApi(({ method, url }) => {
    if (url === '/plugins') return ok(PLUGINS);
    if (url === '/user/me') return ok(me);
    if (url === '/user/' && method === 'get') return ok({ order: 'updated', asc: false, list: USERS });
    if (url === '/auth/login') return ok('new-token');
    return fail(404, 'NOT_FOUND');
  });
}

let location;
function Where() {
  location = useLocation();
  return null;
}

function renderAt(path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetStore();
  vi.spyOn(console, 'error').mockImplementation(() => {}); // remotes cannot load in jsdom
});
afterEach(() => vi.restoreAllMocks());

describe('public screens', () => {
  it('show the login form with the links when no token is stored', async () => {
    api();
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Logowanie' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Przywracanie hasła' }).getAttribute('href')).toBe('/forgot-password');
    const support = new URL(screen.getByRole('link', { name: 'Wsparcie techniczne' }).getAttribute('href'));
    expect(support.searchParams.get('version')).toBe('3.8.0');
    expect(support.searchParams.get('address')).toBe(window.location.href);
    expect(document.title).toBe('Logowanie | Smogpanel v3.8.0');
  });

  it('redirect to the first plugin when a token is stored', async () => {
    window.localStorage.setItem('token', 't');
    api();
    renderAt('/forgot-password');
    await waitFor(() => expect(location.pathname).toBe('/voivodeship'));
  });

  it('login stores the token, shows success and goes on after 2000 ms', async () => {
    const calls = api();
    renderAt('/');
    fireEvent.change(await screen.findByLabelText(/Adres e-mail/), { target: { value: 'anna@example.pl' } });
    fireEvent.change(screen.getByLabelText(/Hasło/), { target: { value: 'sekret' } });
    const started = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText(TEXT.success)).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(calls[0].data).toEqual({ email: 'anna@example.pl', password: 'sekret' });
    await waitFor(() => expect(location.pathname).toBe('/voivodeship'), { timeout: 4000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('an account with a second factor gets the second step and is signed in by its code', async () => {
    const calls = mockApi(({ url }) => {
      if (url === '/auth/login') return ok({ two_factor: 'required', ticket: 'bilet', methods: ['totp', 'recovery'] });
      if (url === '/auth/login/second-factor') return ok('token-po-kodzie');
      if (url === '/plugins') return ok(PLUGINS);
      if (url === '/user/me') return ok(ME);
      return fail(404, 'NOT_FOUND');
    });
    renderAt('/');
    fireEvent.change(await screen.findByLabelText(/Adres e-mail/), { target: { value: 'anna@example.pl' } });
    fireEvent.change(screen.getByLabelText(/Hasło/), { target: { value: 'sekret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull(); // the ticket is no token
    fireEvent.click(screen.getByRole('button', { name: 'Użyj kodu odzyskiwania' }));
    fireEvent.change(screen.getByLabelText(/Kod odzyskiwania/), { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('token-po-kodzie'));
    expect(calls.find((call) => call.url === '/auth/login/second-factor').data).toEqual({
      ticket: 'bilet',
      code: 'abcd-efgh-jkmn-pqrs',
    });
    await waitFor(() => expect(location.pathname).toBe('/voivodeship'), { timeout: 4000 });
  });

  it('an account the setting makes enrol lands on its profile', async () => {
    window.localStorage.setItem('token', 't');
    api({ ...ME, must_enrol: true });
    renderAt('/voivodeship');
    await waitFor(() => expect(location.pathname).toBe('/user/profile'));
  });

  it('a failed login shows the error banner and stays', async () => {
    mockApi(() => fail(401, 'UNAUTHORISED'));
    renderAt('/');
    fireEvent.change(await screen.findByLabelText(/Adres e-mail/), { target: { value: 'a@b.pl' } });
    fireEvent.change(screen.getByLabelText(/Hasło/), { target: { value: 'zle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TEXT.error);
    expect(location.pathname).toBe('/');
  });

  it('a server whose database cannot serve says so in Polish, not the generic error', async () => {
    const description = 'Baza danych nie ma najnowszych migracji: uruchom smogpanel init.';
    mockApi(() => fail(503, 'MIGRATIONS_PENDING', [{ name: '', description }]));
    renderAt('/');
    fireEvent.change(await screen.findByLabelText(/Adres e-mail/), { target: { value: 'a@b.pl' } });
    fireEvent.change(screen.getByLabelText(/Hasło/), { target: { value: 'haslo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(description);
    expect(alert.textContent).not.toContain(TEXT.error);
  });
});

describe('signed-in shell', () => {
  beforeEach(() => window.localStorage.setItem('token', 't'));

  it('without a token any panel path goes to /', async () => {
    window.localStorage.clear();
    api();
    renderAt('/account');
    await waitFor(() => expect(location.pathname).toBe('/'));
  });

  it('builds the navigation from the plugins in their order, with the user menu and footer', async () => {
    api();
    renderAt('/account');
    const nav = await screen.findByRole('navigation', { name: 'Główna nawigacja' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links.slice(1, 3)).toEqual(['Województwa', 'Rankingi']);
    fireEvent.click(screen.getByRole('button', { name: 'Anna Nowak' }));
    expect(screen.getByRole('link', { name: 'Mój profil' }).getAttribute('href')).toBe('/user/profile');
    const support = new URL(screen.getByRole('link', { name: 'Wsparcie techniczne' }).getAttribute('href'));
    expect(support.searchParams.get('email')).toBe('anna@example.pl');
    expect(support.searchParams.get('firstname')).toBe('Anna');
    expect(screen.getByText('System dumnie rozwijany w Krakowie')).toBeTruthy();
    expect(screen.getByText('Smogpanel v3.8.0')).toBeTruthy();
  });

  it('refreshes the token every 60000 ms and stores the new one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = mockApi(({ url }) => (url === '/auth/extend' ? ok('fresh') : url === '/plugins' ? ok([]) : ok(ME)));
    renderAt('/user/profile');
    await screen.findByRole('heading', { name: 'Mój profil' });
    vi.advanceTimersByTime(59999);
    expect(calls.some((c) => c.url === '/auth/extend')).toBe(false);
    vi.advanceTimersByTime(1);
    vi.useRealTimers(); // waitFor polls with setInterval
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('fresh'));
    expect(calls.filter((c) => c.url === '/auth/extend')).toHaveLength(1);
  });

  it('shows the waiting page while the current user loads', async () => {
    mockApi(() => new Promise(() => {}));
    renderAt('/account');
    expect(await screen.findByText(TEXT.wait)).toBeTruthy();
    expect(screen.getByText(TEXT.componentsLoading)).toBeTruthy();
  });

  it('sends an unknown path to /', async () => {
    api();
    renderAt('/nothing/here');
    await waitFor(() => expect(location.pathname).toBe('/voivodeship'));
  });

  it.each(['/RANK', '/Account', '/account/ADD', '/User/Profile', '/account/add/', '/voivodeship/', '/rank/'])(
    'routes are exact (SPEC 2.1): %s goes to / and on to the start',
    async (path) => {
      api();
      renderAt(path);
      await waitFor(() => expect(location.pathname).toBe('/voivodeship'));
    },
  );

  it('leads /user/add to /account/add with the access warning', async () => {
    api();
    renderAt('/user/add');
    expect(await screen.findByText(/dostęp do całego panelu/)).toBeTruthy();
    expect(location.pathname).toBe('/account/add');
  });
});

describe('accounts', () => {
  beforeEach(() => window.localStorage.setItem('token', 't'));

  it('a super administrator sees Typ and Delete, and cannot delete themselves', async () => {
    api();
    renderAt('/account');
    expect(await screen.findByText('jan@example.pl')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Typ/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Aktualizacja/ }).textContent).toContain('▼');
    const own = screen.getByText('anna@example.pl').closest('tr');
    fireEvent.click(within(own).getByRole('button', { name: 'Usuń' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(TEXT.selfDelete);
  });

  it('the account form never offers super administrator rights (the system administrator grants them)', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url === '/plugins') return ok(PLUGINS);
      if (url === '/user/me') return ok(ME);
      if (url === '/user/' && method === 'post') return ok({ ...USERS[1], id: 3 });
      if (url === '/user/' && method === 'get') return ok({ order: 'updated', asc: false, list: USERS });
      return fail(404, 'NOT_FOUND');
    });
    renderAt('/account/add');
    fireEvent.change(await screen.findByLabelText(/Adres e-mail/), { target: { value: 'nowy@example.pl' } });
    expect(screen.queryByLabelText(/Superadministrator/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'post')).toBe(true));
    const sent = calls.find((call) => call.method === 'post').data;
    expect(sent).toEqual({ email: 'nowy@example.pl', firstname: '', lastname: '' });
  });

  it('a plain user sees neither Typ nor Delete', async () => {
    api({ ...ME, super: 0 });
    renderAt('/account');
    expect(await screen.findByText('jan@example.pl')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Typ/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Usuń' })).toBeNull();
  });

  it('the profile sends the password only when typed', async () => {
    const calls = mockApi(({ url }) => (url === '/plugins' ? ok([]) : url === '/user/me' ? ok(ME) : ok(null)));
    renderAt('/user/profile');
    fireEvent.change(await screen.findByLabelText(/Imię/), { target: { value: 'Ania' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const update = calls.find((c) => c.url === '/user/update');
    expect(update.data).toEqual({ email: 'anna@example.pl', firstname: 'Ania', lastname: 'Nowak' });
  });
});
