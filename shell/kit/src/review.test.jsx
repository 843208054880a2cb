// Review of publishing on an edit screen: an editor who may not publish asks ('Poproś o
// publikację'); one who may finds the open request in the publish dialog and approves it or
// sends it back with a comment.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadMe } from './auth.js';
import { ACTIONS, changeRows } from './history.js';
import { defineResource } from './resource.js';
import { EditLoader } from './screens.jsx';
import { fail, mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

const TIMER = {
  id: 4,
  name: 'Sezon',
  internal_name: 'sezon',
  publication: { state: 'draft', label: 'Szkic', live: null },
};
const REQUEST = {
  id: 9,
  requested_by: 'ewa@example.pl',
  requested_at: '2027-01-12T09:00:00+00:00',
  note: 'Gotowe',
  current: true,
};
const VERSIONS = { live: null, draft_changed: true, state: 'draft', state_label: 'Szkic', scheduled: [], list: [] };

async function editScreen(me, handler) {
  const calls = mockApi(({ method, url, data }) => {
    if (url === '/user/me') return ok(me);
    if (method === 'get' && url === '/timer/4') return [200, { success: true, message: TIMER }, { etag: '"v1"' }];
    if (url === '/timer/4/versions/diff') return ok({ live: null, base: null, draft_changed: true, rows: [] });
    if (url === '/reach/') return ok({ sites: [] });
    return handler({ method, url, data });
  });
  await loadMe();
  const timers = defineResource({ kind: 'timer', base: '/timer' });
  render(
    <MemoryRouter>
      <EditLoader resource={timers} id="4">
        {(item) => <p>Formularz: {item.name}</p>}
      </EditLoader>
    </MemoryRouter>,
  );
  return calls;
}

describe('review of publishing', () => {
  it('an editor who may not publish asks for publication with a note', async () => {
    const me = { id: 3, email: 'ewa@example.pl', super: 0, may: { timer: ['read', 'update'] } };
    const calls = await editScreen(me, ({ method, url }) =>
      method === 'post' && url === '/timer/4/publish-request'
        ? ok({ ...VERSIONS, request: REQUEST })
        : fail(404, 'NOT_FOUND'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Poproś o publikację' }));
    expect(screen.queryByRole('button', { name: 'Publikacja' })).toBeNull();
    fireEvent.change(await screen.findByLabelText('Notatka dla osoby zatwierdzającej'), {
      target: { value: 'Gotowe' },
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.modal-footer .btn-primary'));
    expect(await screen.findByText(/^Prośba wysłana\./)).toBeTruthy();
    expect(calls.find((call) => call.url === '/timer/4/publish-request').data).toEqual({ note: 'Gotowe' });
  });

  it('one who may publish sees the open request in the dialog and approves or sends it back', async () => {
    const me = { id: 2, email: 'jan@example.pl', super: 0, may: { timer: ['read', 'update', 'publish'] } };
    let open = true;
    const calls = await editScreen(me, ({ method, url }) => {
      if (url === '/timer/4/versions') return ok(open ? { ...VERSIONS, request: REQUEST } : { ...VERSIONS, live: 1 });
      if (method === 'post' && url === '/timer/4/publish-request/approve') {
        open = false;
        return ok({ ...VERSIONS, live: 1, published: 1 });
      }
      return fail(404, 'NOT_FOUND');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publikacja' }));
    expect(await screen.findByText(/Prośba o publikację: ewa@example\.pl/)).toBeTruthy();
    expect(screen.getByText(/Gotowe/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Odeślij do poprawy' }).disabled).toBe(true); // a comment first
    fireEvent.change(screen.getByLabelText('Co poprawić (komentarz dla autora prośby)'), { target: { value: 'x' } });
    expect(screen.getByRole('button', { name: 'Odeślij do poprawy' }).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Zatwierdź prośbę i opublikuj' }));
    expect(await screen.findByText('Prośba zatwierdzona: szkic opublikowany.')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === '/timer/4/publish-request/approve')).toBe(true));
  });

  it('history names the request, its decision and their fields in Polish', () => {
    const entry = {
      action: 'reject',
      changes: { comment: [null, 'Popraw datę'], requested_by: [null, 'ewa@example.pl'] },
    };
    expect(ACTIONS[entry.action]).toBe('Odesłanie prośby o publikację');
    expect(changeRows(entry).map((row) => [row.label, row.after])).toEqual([
      ['Komentarz', 'Popraw datę'],
      ['Prosi', 'ewa@example.pl'],
    ]);
  });
});
