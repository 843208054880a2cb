// An import screen whose type choice comes from GET /import/ shows its form only once the types
// have come: sent before, the form refused its own chosen type (the choice had no options yet),
// then selected the type beside that error (ranks' browser test met it on a loaded machine).
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, expect, it } from 'vitest';
import { ImportScreen, importFileField, importTypeField } from './Import.jsx';
import { TEXT } from './texts.js';
import { held, mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

const TYPES = [
  { code: 'RB_XLS', choice: 'Ranking gmin (RB_XLS)', imports: ['/api/place/import'], description: '', columns: [] },
];

function renderImport(types) {
  mockApi((call) => (call.url === '/import/' ? types : ok({})));
  render(
    <MemoryRouter>
      <ImportScreen
        crumbs={[{ label: 'Miejsca', to: '/place' }, { label: 'Import' }]}
        fields={[importTypeField('/place/import'), importFileField()]}
        initial={{ type: 'RB_XLS', file: null }}
        send={async () => ({ ok: true, payload: {} })}
        back="/place"
      />
    </MemoryRouter>,
  );
}

it('waits for the import types before it offers the form', async () => {
  // The screen's code loaded first (it is loaded on demand), so what waits below is the form alone.
  renderImport(Promise.resolve(ok(TYPES)));
  await screen.findByRole('button', { name: 'Importuj' });
  cleanup();
  const types = held();
  renderImport(types.promise);
  expect(screen.getByText(TEXT.tableLoading)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Importuj' })).toBeNull();
  types.release(ok(TYPES));
  await screen.findByRole('button', { name: 'Importuj' });
  const choice = screen.getByLabelText(/Typ pliku/);
  expect(choice.value).toBe('RB_XLS');
  expect(choice.validity.valueMissing).toBe(false);
});

it('offers the form when the import types cannot be had, its type then unchosen', async () => {
  renderImport(Promise.resolve([500, { success: false, message: 'Błąd' }]));
  await screen.findByRole('button', { name: 'Importuj' });
  expect(screen.getByLabelText(/Typ pliku/).validity.valueMissing).toBe(true);
});
