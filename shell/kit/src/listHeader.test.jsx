// A list screen's header (and an import screen's crumbs) stays the same elements while the screen
// loads: drawn anew (the lazy part's Suspense fallback, then the list; a schema list's own frame,
// then the list), a press on 'Dodaj…' before it and the release after reached two links and made
// no click (the lost clicks of docs/performance.md). Each test holds what the screen waits for
// until it has the link.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, expect, it } from 'vitest';
import { loadMe } from './auth.js';
import { SchemaListScreen } from './helpers/index.js';
import { ImportScreen } from './Import.jsx';
import { defineResource } from './resource.js';
import { ListScreen } from './screens.jsx';
import { TEXT } from './texts.js';
import { held, mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

const places = defineResource({ kind: 'place', base: '/place' });
const FORM = { type: 'object', properties: { name: { type: 'string', title: 'Nazwa', 'x-widget': 'text' } } };
const rows = ok({ order: 'id', asc: false, list: [{ id: 1, name: 'Kraków' }], total: 1 });

const header = { crumbs: [{ label: 'Miejsca' }], actions: [{ label: 'Dodaj miejsce', to: '/place/add' }] };

// First in this file: the lazy list part is not loaded yet, so the Suspense fallback is what is drawn first.
it('keeps the header’s link while the list part loads and its rows arrive', async () => {
  const answer = held();
  mockApi(() => answer.promise);
  render(
    <MemoryRouter>
      <ListScreen resource={places} {...header} columns={[{ name: 'name', label: 'Nazwa' }]} />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Dodaj miejsce' });
  expect(screen.getAllByText(TEXT.tableLoading).length).toBeGreaterThan(0);
  answer.release(rows);
  await screen.findByText('Wierszy: 1');
  expect(screen.getByRole('link', { name: 'Dodaj miejsce' })).toBe(link);
});

it('keeps the header’s link while a schema list’s form description loads', async () => {
  const description = held();
  mockApi((call) => (call.url === '/form/place' ? description.promise : rows));
  render(
    <MemoryRouter>
      <SchemaListScreen resource={places} {...header} columns={[{ name: 'name' }]} />
    </MemoryRouter>,
  );
  const link = await screen.findByRole('link', { name: 'Dodaj miejsce' });
  description.release(ok(FORM));
  await screen.findByText('Wierszy: 1');
  expect(screen.getByRole('columnheader', { name: /Nazwa/ })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Dodaj miejsce' })).toBe(link);
});

it('offers no header action the account may not do', async () => {
  const answer = held();
  mockApi((call) => (call.url === '/user/me' ? ok({ id: 1, super: 0, may: { place: ['read'] } }) : answer.promise));
  await loadMe();
  render(
    <MemoryRouter>
      <ListScreen resource={places} {...header} columns={[{ name: 'name', label: 'Nazwa' }]} />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('link', { name: 'Dodaj miejsce' })).toBeNull();
  answer.release(rows);
  await screen.findByText('Wierszy: 1');
  expect(screen.queryByRole('link', { name: 'Dodaj miejsce' })).toBeNull();
});

it('keeps an import screen’s crumb links while the screen loads', async () => {
  const types = held();
  mockApi(() => types.promise);
  render(
    <MemoryRouter>
      <ImportScreen
        crumbs={[{ label: 'Miejsca', to: '/place' }, { label: 'Import' }]}
        fields={[{ name: 'file', label: 'Plik', type: 'file' }]}
        initial={{ file: null }}
        send={async () => ({ ok: true, payload: {} })}
        back="/place"
      />
    </MemoryRouter>,
  );
  const crumb = screen.getByRole('link', { name: 'Miejsca' });
  await screen.findByRole('button', { name: 'Importuj' });
  types.release(ok([]));
  expect(screen.getByRole('link', { name: 'Miejsca' })).toBe(crumb);
});
