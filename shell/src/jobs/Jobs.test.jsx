// 'Zadania' as a super administrator meets it, and what others see.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, resetStore } from '@smogpanel/kit/testing';
import { App } from '../App.jsx';
import { duration, every } from './Jobs.jsx';

const SUPER = { id: 1, email: 'anna@example.pl', firstname: 'Anna', lastname: 'Nowak', super: 1 };
const OPERATOR = { ...SUPER, id: 2, super: 0, firstname: 'Jan', lastname: 'Kowalski' };
const JOBS = [
  {
    code: 'core.outbox',
    title: 'Ponowne wysyłanie wiadomości z kolejki',
    interval: 60,
    running: false,
    started: '2026-11-25T10:00:00+00:00',
    finished: '2026-11-25T10:00:00+00:00',
    duration_ms: 12,
    outcome: 'ok',
    error: null,
    summary: 'Wysłano: 1, nieudane: 0.',
    runs: 30,
    failures: 0,
    next_run: '2026-11-25T10:01:00+00:00',
  },
  {
    code: 'items.refresh',
    title: 'Odświeżanie integracji elementów',
    interval: 3600,
    running: false,
    started: '2026-11-25T09:00:00+00:00',
    finished: '2026-11-25T09:00:02+00:00',
    duration_ms: 2300,
    outcome: 'error',
    error: 'Nie udało się połączyć z serwerem. Szczegóły są w dzienniku serwera.',
    summary: null,
    runs: 3,
    failures: 1,
  },
  {
    code: 'letters.purge',
    title: 'Usuwanie niepotwierdzonych zgłoszeń listów',
    interval: 86400,
    running: false,
    started: null,
    finished: null,
    duration_ms: null,
    outcome: null,
    error: null,
    summary: null,
    runs: 0,
    failures: 0,
  },
];

function api(me) {
  return mockApi(({ url }) => {
    if (url === '/plugins') return ok([]);
    if (url === '/user/me') return ok(me);
    if (url === '/job/') return me.super ? ok(JOBS) : fail(403, 'FORBIDDEN');
    return fail(404, 'NOT_FOUND');
  });
}

function renderAt(path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetStore();
  window.localStorage.setItem('token', 't');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('Zadania', () => {
  it('lists every job with its schedule, last run, duration, outcome and error', async () => {
    const calls = api(SUPER);
    renderAt('/jobs');
    expect(await screen.findByRole('heading', { name: 'Zadania' })).toBeTruthy();
    await screen.findByText('co 1 min'); // the screen is loaded on demand, then its list
    const rows = await screen.findAllByRole('row');
    const cells = (row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual([
      'Ponowne wysyłanie wiadomości z kolejkicore.outbox',
      'co 1 min',
      '2026-11-25 11:00',
      '2026-11-25 11:01',
      '12 ms',
      'Udane',
      'Wysłano: 1, nieudane: 0.',
      '30 (0)',
      'Uruchom teraz',
    ]);
    expect(cells(rows[2])).toEqual([
      'Odświeżanie integracji elementówitems.refresh',
      'co 1 godz.',
      '2026-11-25 10:00',
      '',
      '2,3 s',
      'Błąd',
      'Nie udało się połączyć z serwerem. Szczegóły są w dzienniku serwera.',
      '3 (1)',
      'Uruchom teraz',
    ]);
    expect(cells(rows[3])).toEqual([
      'Usuwanie niepotwierdzonych zgłoszeń listówletters.purge',
      'co 24 godz.',
      '',
      '',
      '',
      'Jeszcze nie uruchomione',
      '',
      '0 (0)',
      'Uruchom teraz',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/job/')).toHaveLength(2));
  });

  it('runs a job now, follows it while it runs, and shows the Polish refusal when it is running', async () => {
    let running = false;
    const calls = mockApi(({ method, url }) => {
      if (url === '/plugins') return ok([]);
      if (url === '/user/me') return ok(SUPER);
      if (url === '/job/') return ok(JOBS.map((job) => (job.code === 'core.outbox' ? { ...job, running } : job)));
      if (method === 'post' && url === '/job/core.outbox/run') {
        running = true;
        return ok({ code: 'core.outbox', started: true });
      }
      if (method === 'post' && url === '/job/items.refresh/run') {
        return fail(409, 'CONFLICT', [
          {
            name: 'code',
            description: 'Zadanie „Odświeżanie integracji elementów” właśnie trwa. Poczekaj, aż się skończy.',
          },
        ]);
      }
      return fail(404, 'NOT_FOUND');
    });
    renderAt('/jobs');
    const button = await screen.findByRole('button', { name: 'Uruchom teraz: Ponowne wysyłanie wiadomości z kolejki' });
    fireEvent.click(button);
    expect(
      await screen.findByText(/Zadanie „Ponowne wysyłanie wiadomości z kolejki” zostało uruchomione\./),
    ).toBeTruthy();
    await waitFor(() => expect(button.disabled).toBe(true));
    running = false; // the run ends: the screen, asking again while it ran, shows it
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Uruchom teraz: Odświeżanie integracji elementów' }));
    expect((await screen.findByRole('alert')).textContent).toContain('właśnie trwa. Poczekaj, aż się skończy.');
    expect(calls.filter((call) => call.method === 'post')).toHaveLength(2);
  });

  it('is in the user menu of a super administrator only', async () => {
    api(SUPER);
    renderAt('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Anna Nowak' }));
    expect(screen.getByRole('link', { name: 'Zadania' }).getAttribute('href')).toBe('/jobs');
  });

  it('tells an operator it is for super administrators, without asking the server', async () => {
    const calls = api(OPERATOR);
    renderAt('/jobs');
    expect(await screen.findByText('Zadania okresowe widzi tylko superadministrator.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jan Kowalski' }));
    expect(screen.queryByRole('link', { name: 'Zadania' })).toBeNull();
    expect(calls.some((call) => call.url === '/job/')).toBe(false);
  });

  it('writes intervals and durations the Polish way', () => {
    expect([every(1), every(60), every(90), every(3600), every(86400)]).toEqual([
      'co 1 s',
      'co 1 min',
      'co 90 s',
      'co 1 godz.',
      'co 24 godz.',
    ]);
    expect([duration(null), duration(0), duration(999), duration(1500)]).toEqual(['', '0 ms', '999 ms', '1,5 s']);
  });
});

describe('late scheduled publishes', () => {
  it('each shows Opublikuj teraz, which publishes that version again now', async () => {
    const { LatePublishes } = await import('./Jobs.jsx');
    const late = [
      { kind: 'timer', record_id: 4, action: 'publish', seq: 3, at: '2027-01-12T09:00:00+00:00', name: 'Sezon' },
      { kind: 'timer', record_id: 5, action: 'unpublish', seq: null, at: '2027-01-12T09:00:00+00:00', name: 'Inny' },
    ];
    const clicked = [];
    render(<LatePublishes late={late} onPublish={(change, key) => clicked.push([change.record_id, key])} />);
    const list = screen.getByTestId('late-publishes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Opóźniona publikacja: Sezon (wersja 3, plan: 2027-01-12 10:00)Opublikuj teraz']);
    fireEvent.click(within(list).getByRole('button', { name: 'Opublikuj teraz: Sezon' }));
    expect(clicked).toEqual([[4, 'timer-4-3']]);
  });
});
