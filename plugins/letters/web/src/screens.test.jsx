// The letters' screens over the kit (SPEC 2.10): the lists, the forms' payloads, the import.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { fail, mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

const LETTER = {
  id: 5,
  name: 'Apel',
  internal_name: 'apel',
  recipient_group_id: 2,
  cover_path: null,
  cover_url: null,
  title: 'Apel mieszkańców',
  content: '<p>Prosimy o <strong>czyste</strong> powietrze.</p>',
  gdpr_agreement: '',
  gdpr_info: 'Info',
  sent: 4,
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-01-02T10:00:00+00:00',
};
const GROUPS = ok({
  order: 'name',
  asc: true,
  list: [
    { id: 2, name: 'Radni' },
    { id: 3, name: 'Posłowie' },
  ],
});
const RECIPIENT = {
  id: 7,
  name: 'Jan Kowalski',
  email: 'jan@example.org',
  recipient_group_id: 2,
  sent: 1,
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-01-01T10:00:00+00:00',
};

const show = (path) => renderAt(routes, path);

beforeEach(resetStore);

it('declares the screens of SPEC 2.10 under /letter', () => {
  expect(routes.map((r) => r.path)).toEqual([
    '/letter',
    '/letter/add',
    '/letter/:letterId',
    '/letter/:letterId/sender',
    '/letter/recipient_group',
    '/letter/recipient_group/add',
    '/letter/recipient_group/:recipientGroupId',
    '/letter/recipient_group/:recipientGroupId/recipient',
    '/letter/recipient_group/:recipientGroupId/recipient/add',
    '/letter/recipient_group/:recipientGroupId/recipient/import',
    '/letter/recipient_group/:recipientGroupId/recipient/:recipientId',
  ]);
});

describe('letters', () => {
  it('lists id, name, link slug, sent, updated with embed, edit, delete and the two links', async () => {
    const calls = mockApi(() => ok({ order: 'id', asc: false, list: [LETTER] }));
    show('/letter');
    const slug = await screen.findByRole('link', { name: 'apel' });
    expect(slug.getAttribute('href')).toBe('/view/letter/apel');
    expect(calls[0]).toMatchObject({ url: '/letter/', params: { order: 'id', asc: 0 } });
    for (const name of ['ID', 'Nazwa', 'Nazwa wewnętrzna', 'Wysłane', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Apel/ });
    expect(within(row).getByRole('button', { name: 'Osadź' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/letter/5');
    expect(within(row).getByRole('button', { name: 'Usuń' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dodaj list' }).getAttribute('href')).toBe('/letter/add');
    expect(screen.getByRole('link', { name: 'Zarządzaj grupami adresatów' }).getAttribute('href')).toBe(
      '/letter/recipient_group',
    );
  });

  it('edit keeps the content from the editor and leaves internal_name out', async () => {
    const calls = mockApi(({ url, method }) =>
      url === '/recipient_group/' ? GROUPS : method === 'post' ? ok(LETTER) : ok(LETTER),
    );
    show('/letter/5');
    expect((await screen.findByLabelText(/Nazwa wewnętrzna/)).disabled).toBe(true);
    await waitFor(() => expect(screen.getByLabelText(/Grupa adresatów/).value).toBe('2'));
    expect(calls.find((c) => c.url === '/recipient_group/').params).toEqual({ order: 'name', asc: 1 }); // the select: by name
    expect([...screen.getByLabelText(/Grupa adresatów/).options].map((o) => o.textContent)).toEqual([
      '— wybierz —',
      'Radni',
      'Posłowie',
    ]);
    await screen.findByRole('toolbar', { name: 'Formatowanie tekstu' }, { timeout: 10000 });
    expect(screen.getByRole('button', { name: 'Pogrubienie' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Grupa adresatów/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const sent = calls.find((c) => c.method === 'post');
    expect(sent.url).toBe('/letter/5');
    expect(sent.data).toEqual({
      name: 'Apel',
      recipient_group_id: 3,
      cover_path: null,
      title: 'Apel mieszkańców',
      content: '<p>Prosimy o <strong>czyste</strong> powietrze.</p>',
      gdpr_agreement: '',
      gdpr_info: 'Info',
    });
  });
});

describe('recipient groups', () => {
  it('lists id descending like every list (SPEC 2.1)', async () => {
    const calls = mockApi(() =>
      ok({
        order: 'id',
        asc: false,
        list: [
          { id: 3, name: 'Posłowie' },
          { id: 2, name: 'Radni' },
        ],
      }),
    );
    show('/letter/recipient_group');
    await screen.findByRole('row', { name: /Posłowie/ });
    expect(calls[0]).toMatchObject({ url: '/recipient_group/', params: { order: 'id', asc: 0 } });
  });

  it('shows why a group that letters use was not deleted', async () => {
    const refusal = { name: 'recipient_group_id', description: 'Nie usunięto grupy adresatów: używa jej list „Apel”.' };
    mockApi(({ method }) =>
      method === 'delete'
        ? fail(409, 'CONFLICT', [refusal])
        : ok({ order: 'id', asc: false, list: [{ id: 2, name: 'Radni' }] }),
    );
    show('/letter/recipient_group');
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Radni/ })).getByRole('button', { name: TEXT.delete }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Tak, chcę.' }));
    expect(await screen.findByText(refusal.description)).toBeTruthy();
  });
});

describe('recipients', () => {
  it('lists id, name, email, sent, updated of a group with add, import and back', async () => {
    const calls = mockApi(({ url }) =>
      url === '/recipient_group/2' ? ok({ id: 2, name: 'Radni' }) : ok({ order: 'id', asc: false, list: [RECIPIENT] }),
    );
    show('/letter/recipient_group/2/recipient');
    await screen.findByRole('row', { name: /Jan Kowalski/ });
    expect(calls.find((c) => c.url === '/recipient/recipient_group/2')).toBeTruthy();
    for (const name of ['ID', 'Nazwa', 'E-mail', 'Wysłane', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Importuj adresatów' }).getAttribute('href')).toBe(
      '/letter/recipient_group/2/recipient/import',
    );
    expect(await screen.findByText('Adresaci grupy „Radni”')).toBeTruthy();
  });

  it('add sends name, email and the group', async () => {
    const calls = mockApi(({ method, url }) =>
      url === '/recipient_group/2'
        ? ok({ id: 2, name: 'Radni' })
        : method === 'post'
          ? ok(RECIPIENT)
          : ok({ order: 'id', asc: false, list: [] }),
    );
    show('/letter/recipient_group/2/recipient/add');
    fireEvent.change(screen.getByLabelText(/Nazwa/), { target: { value: 'Jan Kowalski' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'jan@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/recipient/',
      data: { name: 'Jan Kowalski', email: 'jan@example.org', recipient_group_id: 2 },
    });
    await waitFor(() => expect(where().pathname).toBe('/letter/recipient_group/2/recipient'), { timeout: 3000 });
  });

  it('the import sends the file and the two columns, then shows what was skipped', async () => {
    const answer = {
      created: 2,
      updated: 0,
      skipped: [{ name: 'wiersz 3', description: 'Wiersz 3: „x” nie jest poprawnym adresem e-mail.' }],
    };
    const calls = mockApi(({ method, url }) =>
      url === '/recipient_group/2'
        ? ok({ id: 2, name: 'Radni' })
        : method === 'post'
          ? ok(answer)
          : ok({ order: 'id', asc: false, list: [RECIPIENT] }),
    );
    show('/letter/recipient_group/2/recipient/import');
    const file = new File(['Nazwa;E-mail\nJan;jan@example.org\n'], 'adresaci.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText(/Plik/), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText(/Kolumna z nazwą/), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText(/Kolumna z adresem e-mail/), { target: { value: 'E-mail' } });
    // jsdom's FileList cannot be filled, so its required check would fail: the browser test
    // (tests/test_browser.py) uploads a real file; here the requirement is only checked.
    expect(screen.getByLabelText(/Plik/).required).toBe(true);
    screen.getByLabelText(/Plik/).required = false;
    await new Promise((resolve) => setTimeout(resolve, 50)); // FileReader
    fireEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    await screen.findByText(TEXT.success);
    const sent = calls.find((c) => c.method === 'post');
    expect(sent.url).toBe('/recipient/import');
    expect(sent.data).toMatchObject({
      recipient_group_id: 2,
      name_column: 'A',
      email_column: 'E-mail',
      file: { name: 'adresaci.csv' },
    });
    expect(sent.data.file.data).toMatch(/^data:text\/csv;base64,/);
    expect(await screen.findByText('Dodano adresatów: 2. Pominięto wierszy: 1.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Wiersz 3: „x” nie jest poprawnym adresem e-mail.')).toBeTruthy();
  });
});

describe('senders', () => {
  const SENDER = {
    id: 9,
    name: '[ukryte]',
    email: '[ukryte]',
    created: '2026-01-01T10:00:00+00:00',
    confirmed: '2026-01-01T10:05:00+00:00',
    erased: null,
    messages: 3,
    delivered: 3,
    failed: 0,
    state: 'delivered',
  };
  const answer =
    (personal, list) =>
    ({ url }) =>
      url === '/letter/5' ? ok(LETTER) : ok({ order: 'id', asc: 0, list, personal });

  it('says why names and addresses are hidden to an account without the permission', async () => {
    mockApi(answer(false, [SENDER]));
    show('/letter/5/sender');
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      expect.stringContaining('Twoje konto nie ma uprawnienia „dane nadawców”'),
    );
    const row = screen.getByRole('row', { name: /doręczony/ });
    expect(within(row).getAllByText('[ukryte]')).toHaveLength(2);
    expect(within(row).getByText('3 z 3')).toBeTruthy();
  });

  it('shows no note to an account that sees them', async () => {
    mockApi(answer(true, [{ ...SENDER, name: 'Ewa Mieszkanka', email: 'ewa@example.net' }]));
    show('/letter/5/sender');
    expect(await screen.findByText('ewa@example.net')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
