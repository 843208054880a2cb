// 'Prośby o publikację' as a reviewer meets it: the requests it may decide, approving one and
// sending one back with a comment.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, resetStore } from '@smogpanel/kit/testing';
import { App } from '../App.jsx';
import { STALE_NOTE } from './PublishRequests.jsx';

const ME = { id: 2, email: 'jan@example.pl', firstname: 'Jan', lastname: 'Kowalski', super: 0 };
const ROW = {
  id: 7,
  kind: 'timer',
  kind_label: 'licznik',
  record_id: 5,
  name: 'Koniec sezonu',
  path: '/timer/5',
  note: 'Nowy tekst na sezon',
  requested_by: 'ewa@example.pl',
  requested_at: '2026-11-25T10:00:00+00:00',
  current: true,
};

function serve(list) {
  let open = [...list];
  return mockApi(({ method, url, data }) => {
    if (url === '/plugins') return ok([]);
    if (url === '/user/me') return ok(ME);
    if (url === '/publish-requests/') return ok({ list: open, count: open.length });
    if (method === 'post' && url === '/timer/5/publish-request/approve') {
      open = open.filter((row) => row.record_id !== 5);
      return ok({ live: 1, published: 1, list: [] });
    }
    if (method === 'post' && url === '/timer/6/publish-request/reject') {
      if (!data.comment) return fail(400, 'VALIDATION_FAILED', [{ name: 'comment', description: 'Napisz' }]);
      open = open.filter((row) => row.record_id !== 6);
      return ok({ live: null, list: [] });
    }
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

describe('Prośby o publikację', () => {
  it('approves a request, which publishes, and says so', async () => {
    const calls = serve([ROW]);
    renderAt('/publish-requests');
    const approve = await screen.findByRole('button', { name: 'Zatwierdź i opublikuj: Koniec sezonu' });
    const row = approve.closest('tr');
    expect(within(row).getByRole('link', { name: 'Koniec sezonu' }).getAttribute('href')).toBe('/timer/5');
    expect(row.textContent).toContain('ewa@example.pl');
    expect(row.textContent).toContain('Nowy tekst na sezon');
    fireEvent.click(approve);
    expect(await screen.findByText('Opublikowano: Koniec sezonu (wersja 1).')).toBeTruthy();
    expect(await screen.findByText('Nikt nie czeka teraz na Twoją decyzję.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/timer/5/publish-request/approve')).toBe(true);
  });

  it('sends a request back with a comment, and offers no approval of a draft changed since', async () => {
    const calls = serve([{ ...ROW, id: 8, record_id: 6, name: 'Stary licznik', path: '/timer/6', current: false }]);
    renderAt('/publish-requests');
    const approve = await screen.findByRole('button', { name: 'Zatwierdź i opublikuj: Stary licznik' });
    expect(approve.disabled).toBe(true);
    expect(screen.getByText(STALE_NOTE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Odeślij do poprawy: Stary licznik' }));
    const send = await screen.findByRole('button', { name: 'Odeślij' });
    expect(send.disabled).toBe(true); // a comment first
    fireEvent.change(screen.getByLabelText(/Co poprawić/), { target: { value: 'Popraw datę' } });
    fireEvent.click(send);
    expect(await screen.findByText('Odesłano prośbę o publikację: Stary licznik.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/timer/6/publish-request/reject').data).toEqual({
        comment: 'Popraw datę',
      }),
    );
  });
});
