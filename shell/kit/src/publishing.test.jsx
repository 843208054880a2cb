// Publishing in the kit as the operator meets it: the state badge on a public record's edit screen
// and in its list, the publish dialog (what changes, where it is shown, scheduling with the
// server's Polish refusal under 'Zaplanuj na', going back to a version), and the embed dialog's
// "ta wersja".
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { EmbedFrameDialog } from './EmbedFrameDialog.jsx';
import { warsawDay } from './dates.js';
import { PublicationBadge, pinnedPath, withPublicationColumn } from './publishing.jsx';
import { doneText } from './PublishDialog.jsx';
import { defineResource } from './resource.js';
import { EditLoader } from './screens.jsx';
import { fail, mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

const VERSIONS = {
  live: 2,
  draft_changed: true,
  state: 'changed',
  state_label: 'Opublikowany (zmiany nieopublikowane)',
  scheduled: [],
  list: [
    { seq: 2, published_at: '2027-01-12T09:00:00+00:00', published_by: 'szef@example.pl', note: '', note_kind: null },
    {
      seq: 1,
      published_at: '2027-01-10T09:00:00+00:00',
      published_by: 'szef@example.pl',
      note: 'Pierwsza',
      note_kind: 'correction',
    },
  ],
};
const DIFF = {
  live: 2,
  base: 2,
  draft_changed: true,
  rows: [{ field: 'text_above', label: 'Tekst nad licznikiem', before: 'Stary tekst', after: 'Nowy tekst' }],
};
const REACH = {
  from: '2027-01-01',
  to: '2027-01-12',
  sites: [{ site: 'https://gmina.example.pl', label: 'https://gmina.example.pl', views: 1200 }],
};
const TIMER = {
  id: 4,
  name: 'Sezon',
  internal_name: 'sezon',
  publication: { state: 'changed', label: 'Opublikowany (zmiany nieopublikowane)', live: 2 },
};
const SPRING_GAP = 'Godzina 02:30 dnia 2027-03-28 nie istnieje w czasie polskim (zmiana czasu). Podaj inną.';

function editScreen(handler) {
  const calls = mockApi(handler);
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

function server({ publish, preview } = {}) {
  return ({ method, url, data }) => {
    if (method === 'get' && url === '/timer/4') return [200, { success: true, message: TIMER }, { etag: '"v7"' }];
    if (url === '/timer/4/versions') return ok(VERSIONS);
    if (url === '/timer/4/versions/diff') return ok(DIFF);
    if (url === '/reach/') return ok(REACH);
    if (method === 'post' && url === '/timer/4/publish') return publish(data);
    if (method === 'delete' && url === '/timer/4/scheduled') return ok({ ...VERSIONS, scheduled: [] });
    if (url === '/timer/4/preview') return preview ? preview(method) : fail(404, 'NOT_FOUND');
    return fail(404, 'NOT_FOUND');
  };
}

describe('state badges', () => {
  // First in its file: the badge's colours (publication.jsx) are not loaded yet.
  it('a badge shows its text at once, in its place, before its colours load', async () => {
    render(<PublicationBadge state="published" label="Opublikowany" />);
    const first = screen.getByText('Opublikowany'); // no wait: the list's columns must not move later
    expect(first.className).toContain('badge');
    await waitFor(() => expect(screen.getByText('Opublikowany').dataset.publication).toBe('published'));
    expect(screen.getByText('Opublikowany').className).toContain('text-bg-success');
  });

  it('a list of public records gets the column Stan with each row’s badge, other lists none', async () => {
    const columns = [
      { name: 'name', label: 'Nazwa' },
      { name: 'updated', label: 'Zmieniono', type: 'date' },
    ];
    const rows = [{ id: 1, publication_state: 'scheduled', publication_label: 'Zaplanowany' }];
    const shown = withPublicationColumn(columns, rows);
    expect(shown.map((c) => c.label)).toEqual(['Nazwa', 'Stan', 'Zmieniono']);
    render(<div>{shown[1].render(rows[0])}</div>);
    expect((await screen.findByText('Zaplanowany')).className).toContain('text-bg-info'); // loaded on demand
    expect(withPublicationColumn(columns, [{ id: 1 }])).toBe(columns);
  });

  it('the edit screen shows the record’s state and, for whoever may publish, Publikacja', async () => {
    editScreen(server());
    await screen.findByText('Formularz: Sezon');
    expect((await screen.findByTestId('publication-state')).textContent).toBe(
      'Stan publikacji: Opublikowany (zmiany nieopublikowane)',
    );
    expect(screen.getByRole('button', { name: 'Publikacja' })).toBeTruthy();
  });
});

describe('the publish dialog', () => {
  it('shows the changes in the form’s words and the partner sites, then publishes with If-Match', async () => {
    let sent;
    const calls = editScreen(
      server({
        publish: (data) => {
          sent = data;
          return ok({ ...VERSIONS, live: 3, state: 'published', published: 3 });
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publikacja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publikacja: Sezon' });
    const diff = await within(dialog).findByTestId('publish-diff');
    expect(
      within(diff)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PoleTeraz publicznie (wersja 2)Po publikacji', 'Tekst nad licznikiemStary tekstNowy tekst']);
    expect((await within(dialog).findByTestId('publish-sites')).textContent).toBe('https://gmina.example.pl (1200)');
    fireEvent.change(within(dialog).getByLabelText('Notatka do wersji'), { target: { value: 'Poprawka daty' } });
    fireEvent.change(within(dialog).getByLabelText('Rodzaj notatki'), { target: { value: 'correction' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opublikuj' }));
    await within(dialog).findByText('Opublikowano wersję 3.');
    expect(sent).toEqual({ note: 'Poprawka daty', note_kind: 'correction' });
    expect(calls.find((c) => c.url === '/timer/4/publish').headers['If-Match']).toBe('"v7"');
  });

  it('shows the server’s refusal of a time under Zaplanuj na, a time it takes as scheduled, and calls it off', async () => {
    const sent = [];
    editScreen(
      server({
        publish: (data) => {
          sent.push(data);
          if (data.at === '2027-03-28T02:30')
            return fail(400, 'VALIDATION_FAILED', [{ name: 'at', description: SPRING_GAP }]);
          return ok({
            ...VERSIONS,
            state: 'scheduled',
            state_label: 'Zaplanowany',
            scheduled: [{ action: 'publish', at: '2027-03-28T01:30:00+00:00', seq: 3 }],
            published: 3,
          });
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publikacja' }));
    const dialog = await screen.findByRole('dialog');
    const at = within(dialog).getByLabelText('Zaplanuj na');
    fireEvent.change(at, { target: { value: '2027-03-28T02:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zaplanuj publikację' }));
    await within(dialog).findByText(SPRING_GAP);
    expect(at.getAttribute('aria-invalid')).toBe('true');
    expect(at.getAttribute('aria-describedby')).toBe('publish-at-error');
    expect(within(dialog).queryByRole('alert')).toBeNull(); // the field says it, no banner

    fireEvent.change(at, { target: { value: '2027-03-28T03:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zaplanuj publikację' }));
    await within(dialog).findByText('Zaplanowano publikację wersji 3 na 2027-03-28 03:30.');
    expect(sent.at(-1)).toEqual({ at: '2027-03-28T03:30' });
    expect(within(dialog).getByTestId('publish-scheduled').textContent).toBe('Publikacja wersji 3: 2027-03-28 03:30');
    expect(within(dialog).getByText('Zaplanowany')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Odwołaj zaplanowane zmiany' }));
    await within(dialog).findByText('Odwołano zaplanowane zmiany.');
    expect(within(dialog).queryByTestId('publish-scheduled')).toBeNull();
  });

  it('publishes an earlier version again and offers a place for more actions', async () => {
    const sent = [];
    mockApi(
      server({
        publish: (data) => {
          sent.push(data);
          return ok({ ...VERSIONS, live: 3, published: 3 });
        },
      }),
    );
    const { default: PublishDialog } = await import('./PublishDialog.jsx');
    render(
      <PublishDialog
        show
        onHide={() => {}}
        kind="timer"
        id={4}
        name="Sezon"
        extraActions={({ busy }) => (
          <button type="button" disabled={busy}>
            Poproś o akceptację
          </button>
        )}
      />,
    );
    const versions = await screen.findByTestId('publish-versions');
    expect(within(versions).queryByRole('button', { name: 'Opublikuj ponownie wersję 2' })).toBeNull(); // the live one
    fireEvent.click(within(versions).getByRole('button', { name: 'Opublikuj ponownie wersję 1' }));
    await screen.findByText('Opublikowano wersję 3.');
    expect(sent).toEqual([{ seq: 1 }]);
    expect(screen.getByRole('button', { name: 'Poproś o akceptację' })).toBeTruthy();
  });

  it('says what was done', () => {
    expect(doneText('unpublish', { scheduled: [] }, '')).toBe('Wycofano.');
    expect(doneText('unpublish', { scheduled: [{}] }, '2027-01-12T10:00')).toBe(
      'Zaplanowano wycofanie na 2027-01-12 10:00.',
    );
  });
});

describe('preview links in the publish dialog', () => {
  const LINK = { url: 'https://panel.example.pl/preview/abc.def', expires_at: '2027-01-19T09:05:00+00:00' };

  it('makes a link, shown selectable with its expiry in Polish time and a copy button', async () => {
    const copied = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text) => copied.push(text) },
    });
    const calls = editScreen(server({ preview: (method) => (method === 'post' ? ok(LINK) : ok({ revoked: true })) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publikacja' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Utwórz odnośnik do podglądu' }));
    const field = await within(dialog).findByLabelText('Odnośnik do podglądu');
    expect(field.value).toBe(LINK.url);
    expect(field.readOnly).toBe(true);
    expect(field.getAttribute('aria-describedby')).toBe('preview-link-expiry');
    expect(document.getElementById('preview-link-expiry').textContent).toContain('Ważny do 19.01.2027 10:05');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kopiuj odnośnik' }));
    await within(dialog).findByText('Skopiowano do schowka.');
    expect(copied).toEqual([LINK.url]);
    expect(calls.filter((c) => c.url === '/timer/4/preview').map((c) => c.method)).toEqual(['post']);
  });

  it('revokes every link of the record after a confirmation, with a banner', async () => {
    const calls = editScreen(server({ preview: (method) => (method === 'post' ? ok(LINK) : ok({ revoked: true })) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publikacja' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Utwórz odnośnik do podglądu' }));
    await within(dialog).findByLabelText('Odnośnik do podglądu');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wycofaj odnośniki do podglądu' }));
    expect(within(dialog).getByText(/Każdy wysłany odnośnik przestanie działać/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nie' }));
    expect(calls.some((c) => c.method === 'delete' && c.url === '/timer/4/preview')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wycofaj odnośniki do podglądu' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tak, wycofaj odnośniki' }));
    await within(dialog).findByText('Wycofano wszystkie odnośniki do podglądu: żaden już się nie otworzy.');
    expect(calls.some((c) => c.method === 'delete' && c.url === '/timer/4/preview')).toBe(true);
    expect(within(dialog).queryByLabelText('Odnośnik do podglądu')).toBeNull(); // the old link is gone
  });

  it('shows the server’s Polish refusal', async () => {
    const refusal = 'Twoje konto ma tylko podgląd: nie może niczego zmieniać.';
    editScreen(server({ preview: () => fail(403, 'FORBIDDEN', [{ name: '', description: refusal }]) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publikacja' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Utwórz odnośnik do podglądu' }));
    expect((await within(dialog).findByText(refusal)).closest('[role="alert"]')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Odnośnik do podglądu')).toBeNull();
  });

  it('writes a moment as DD.MM.RRRR GG:MM in Warsaw time, summer and winter', () => {
    expect(warsawDay('2027-07-01T22:30:00+00:00')).toBe('02.07.2027 00:30');
    expect(warsawDay('2027-01-01T22:30:00Z')).toBe('01.01.2027 23:30');
    expect(warsawDay(null)).toBe('');
  });
});

describe('the embed dialog’s version', () => {
  it('pins a public page to a version', () => {
    expect(pinnedPath('/view/timer/sezon/embed', 3)).toBe('/view/timer/sezon/v/3/embed');
    expect(pinnedPath('/view/timer/sezon', 3)).toBe('/view/timer/sezon/v/3');
    expect(pinnedPath('/view/timer/sezon/embed', null)).toBe('/view/timer/sezon/embed');
  });

  it('is the newest by default; “ta wersja” puts the live version’s number in the code', async () => {
    mockApi(({ url }) => (url === '/timer/4/versions' ? ok(VERSIONS) : ok({ source: '', licence: '' })));
    render(
      <EmbedFrameDialog
        show
        path="/view/timer/sezon/embed"
        frameTitle="Licznik"
        attribution={{ kind: 'timer', id: 4 }}
        onHide={() => {}}
      />,
    );
    const code = await screen.findByLabelText('Fragment kodu HTML do wklejenia na stronę');
    expect(screen.getByLabelText('zawsze najnowsza').checked).toBe(true);
    expect(code.value).toContain('/view/timer/sezon/embed/');
    const pinned = await screen.findByLabelText('ta wersja (2)');
    fireEvent.click(pinned);
    await waitFor(() => expect(code.value).toContain('/view/timer/sezon/v/2/embed/'));
  });
});
