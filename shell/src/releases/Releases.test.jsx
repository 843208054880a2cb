// What the 'Publikacje' screen says of a release's item, calling off a scheduled release, and an
// open release's preview link.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, resetStore } from '@smogpanel/kit/testing';
import { itemState, Releases, stateBadge } from './Releases.jsx';

const ITEM = { kind: 'timer', id: 5, name: 'Licznik', action: 'publish', seq: null, changed: false, problem: null };

beforeEach(resetStore);

describe('itemState', () => {
  it('says an open item is unchanged, changed since prepared, or why it cannot be published', () => {
    const { rerender } = render(<div>{itemState(ITEM, true)}</div>);
    expect(screen.getByText('Bez zmian')).toBeTruthy();
    rerender(<div>{itemState({ ...ITEM, changed: true }, true)}</div>);
    expect(screen.getByText('Zmieniony od przygotowania')).toBeTruthy();
    rerender(<div>{itemState({ ...ITEM, problem: 'element został usunięty.' }, true)}</div>);
    expect(screen.getByText('element został usunięty.')).toBeTruthy();
  });

  it('names the version a published item became, and a withdrawal', () => {
    expect(itemState({ ...ITEM, seq: 3 }, false)).toBe('wersja 3');
    expect(itemState({ ...ITEM, action: 'unpublish' }, false)).toBe('wycofany');
  });

  it('shows the state label', () => {
    render(<div>{stateBadge({ state: 'scheduled', state_label: 'Zaplanowana' })}</div>);
    expect(screen.getByText('Zaplanowana').className).toContain('text-bg-info');
  });
});

const SCHEDULED = {
  id: 3,
  name: 'Sezon',
  state: 'scheduled',
  state_label: 'Zaplanowana',
  at: '2027-01-12T09:00:00+00:00',
  prepared: '2027-01-10T09:00:00+00:00',
  published: '2027-01-10T09:05:00+00:00',
  items_count: 2,
  items: [
    { ...ITEM, action_label: 'publikacja', seq: 2, kind_label: 'licznik' },
    { ...ITEM, id: 6, name: 'Drugi', action_label: 'publikacja', seq: 1, kind_label: 'licznik' },
  ],
};
const OPEN = { ...SCHEDULED, state: 'open', state_label: 'Otwarta', at: null, published: null };
const LINK = {
  url: 'https://panel.example.pl/preview/abc.def',
  expires_at: '2027-01-19T09:05:00+00:00',
  items: [
    { n: 1, kind: 'timer', id: 5, name: 'Licznik', url: 'https://panel.example.pl/preview/abc.def/1' },
    { n: 2, kind: 'timer', id: 6, name: 'Drugi', url: 'https://panel.example.pl/preview/abc.def/2' },
  ],
};

function screenOf(release, answers = {}) {
  let now = release;
  const calls = mockApi(({ method, url }) => {
    if (url === '/release/') return ok({ list: [now], kinds: [{ kind: 'timer', label: 'licznik' }] });
    if (url === '/release/3' && method === 'get') return ok(now);
    const answer = answers[`${method} ${url}`];
    if (!answer) return fail(404, 'NOT_FOUND');
    const [status, body] = answer();
    if (status === 200 && body.message.items && body.message.state) now = body.message;
    return [status, body];
  });
  render(
    <MemoryRouter>
      <Releases />
    </MemoryRouter>,
  );
  return calls;
}

async function opened() {
  fireEvent.click(await screen.findByRole('button', { name: 'Otwórz publikację: Sezon' }));
  return screen.findByRole('region', { name: /Publikacja „Sezon”/ });
}

describe('a scheduled release', () => {
  it('is called off after a confirmation: open again, with no time', async () => {
    const calls = screenOf(SCHEDULED, { 'delete /release/3/scheduled': () => ok(OPEN) });
    const detail = await opened();
    expect(within(detail).queryByRole('button', { name: 'Utwórz odnośnik do podglądu' })).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Odwołaj zaplanowaną publikację' }));
    const confirm = await screen.findByRole('dialog', { name: 'Odwołać zaplanowaną publikację?' });
    expect(confirm.textContent).toContain('w terminie 2027-01-12 10:00');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Odwołaj' }));
    await within(detail).findByText('Odwołano zaplanowaną publikację „Sezon”: znów jest otwarta, bez terminu.');
    expect(calls.filter((c) => c.method === 'delete').map((c) => c.url)).toEqual(['/release/3/scheduled']);
    expect(within(detail).getAllByText('Otwarta').length).toBeGreaterThan(0);
    expect(within(detail).queryByRole('button', { name: 'Odwołaj zaplanowaną publikację' })).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Opublikuj teraz' })).toBeTruthy();
  });

  it('shows the server’s Polish refusal and stays scheduled', async () => {
    const refusal = 'Jeden z elementów jest już w innej otwartej publikacji. Usuń go stamtąd i spróbuj ponownie.';
    screenOf(SCHEDULED, {
      'delete /release/3/scheduled': () => fail(409, 'CONFLICT', [{ name: 'items', description: refusal }]),
    });
    const detail = await opened();
    fireEvent.click(within(detail).getByRole('button', { name: 'Odwołaj zaplanowaną publikację' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Odwołaj' }));
    expect((await within(detail).findByText(refusal)).closest('[role="alert"]')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Odwołaj zaplanowaną publikację' })).toBeTruthy();
  });
});

describe('an open release’s preview link', () => {
  it('shows one link for its drafts and each record’s page', async () => {
    const calls = screenOf(OPEN, { 'post /release/3/preview': () => ok(LINK) });
    const detail = await opened();
    fireEvent.click(within(detail).getByRole('button', { name: 'Utwórz odnośnik do podglądu' }));
    const field = await within(detail).findByLabelText('Odnośnik do podglądu publikacji');
    expect(field.value).toBe(LINK.url);
    expect(within(detail).getByText(/Ważny do 19\.01\.2027 10:05/)).toBeTruthy();
    const each = within(detail).getByRole('list', { name: 'Podgląd każdego elementu' });
    expect(within(each).getByRole('link', { name: 'Drugi' }).getAttribute('href')).toBe(LINK.items[1].url);
    expect(within(detail).getByText('Utworzono odnośnik do podglądu 2 elementów.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'post' && c.url === '/release/3/preview')).toBe(true);
  });
});

describe('the record picker', () => {
  const TIMERS = Array.from({ length: 2477 }, (_, index) => ({ id: index + 1, name: `Licznik ${index + 1}` }));

  it('asks the server for what the operator types, a page at a time, never the whole list', async () => {
    const calls = mockApi(({ url, params }) => {
      if (url === '/release/') return ok({ list: [], kinds: [{ kind: 'timer', label: 'licznik' }] });
      if (url === '/timer/') {
        const words = (params.q || '').toLowerCase();
        const matching = TIMERS.filter((row) => row.name.toLowerCase().includes(words));
        return ok({ list: matching.slice(0, params.per_page), total: matching.length, page: 1 });
      }
      return fail(404, 'NOT_FOUND');
    });
    render(
      <MemoryRouter>
        <Releases />
      </MemoryRouter>,
    );
    // The kinds come with the list of releases: the screen's select is there before them, and a
    // kind chosen before its option exists is no choice (seen under a loaded .ci/run).
    await screen.findByRole('option', { name: 'licznik' });
    fireEvent.change(screen.getByLabelText('Rodzaj'), { target: { value: 'timer' } });
    const records = screen.getByLabelText('Element');
    expect(await screen.findByText('Pokazano 20 z 2477: wpisz fragment nazwy, by zawęzić.')).toBeTruthy();
    expect(records.querySelectorAll('option')).toHaveLength(21); // — wybierz — and a page of 20
    fireEvent.change(screen.getByLabelText('Szukaj elementu'), { target: { value: 'Licznik 2476' } });
    expect(await screen.findByText('Pasujących: 1.')).toBeTruthy();
    expect(within(records).getByRole('option', { name: 'Licznik 2476' })).toBeTruthy();
    const asked = calls.filter((c) => c.url === '/timer/');
    expect(asked.at(-1).params).toEqual({ q: 'Licznik 2476', page: 1, per_page: 20 });
    expect(asked.every((c) => c.params.per_page === 20)).toBe(true);

    fireEvent.change(records, { target: { value: '2476' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj element' }));
    const chosen = screen.getByRole('list', { name: 'Elementy nowej publikacji' });
    expect(chosen.textContent).toContain('Licznik 2476');
    fireEvent.change(screen.getByLabelText('Szukaj elementu'), { target: { value: 'nie ma takiego' } });
    expect(await screen.findByText('Nic nie pasuje do wpisanego tekstu.')).toBeTruthy();
  });
});
