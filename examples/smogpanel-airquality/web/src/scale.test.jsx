// The plugin's screen renders at its path through the kit, as the shell would render it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

describe('/airquality', () => {
  it("lists GIOŚ's index categories under its heading, the page titled by its crumb", () => {
    renderAt(routes, '/airquality');
    expect(screen.getByRole('heading', { name: 'Indeks jakości powietrza GIOŚ' })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '0Bardzo dobry',
      '1Dobry',
      '2Umiarkowany',
      '3Dostateczny',
      '4Zły',
      '5Bardzo zły',
      'brakBrak indeksu',
    ]);
    expect(document.title).toBe('Jakość powietrza | Smogpanel v3.8.0');
  });
});
