// 'Zasięg' as the operator reads it: beside 'Historia' on the edit screen of a public kind only,
// the record's views per day drawn as a line, the sites, a letter's funnel, and the days asked.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ReachPanel, { reachQuery } from './ReachPanel.jsx';
import { defineResource } from './resource.js';
import { EditLoader } from './screens.jsx';
import { mockApi, ok, fail, resetStore } from './testing.js';

const FIGURES = {
  kind: 'letter',
  record_id: 4,
  from: '2026-11-25',
  to: '2026-11-26',
  views: 1234,
  days: [
    { day: '2026-11-25', views: 34, events: { view: 34 } },
    { day: '2026-11-26', views: 1200, events: { view: 1200, sent: 12 } },
  ],
  sites: [
    { site: 'https://gmina.example.pl', label: 'https://gmina.example.pl', views: 1000 },
    { site: '', label: 'Strona panelu (bez osadzenia)', views: 234 },
  ],
  records: [{ kind: 'letter', kind_label: 'List', record_id: 4, name: 'apel', views: 1234 }],
  funnel: [
    { event: 'view', label: 'Formularz wyświetlony', count: 1234 },
    { event: 'sent', label: 'Prośba wysłana', count: 12 },
    { event: 'confirmed', label: 'Adres potwierdzony', count: 9 },
  ],
};

function publicKinds(kinds) {
  document.getElementById('smogpanel-config')?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'smogpanel-config';
  element.textContent = JSON.stringify({ publicKinds: kinds });
  document.head.appendChild(element);
}

beforeEach(resetStore);
afterEach(() => document.getElementById('smogpanel-config')?.remove());

describe('Zasięg', () => {
  it('asks for the record and the days chosen only', () => {
    expect(reachQuery({ kind: 'timer', id: 3 }, { from: '2026-11-01', to: '' })).toEqual({
      kind: 'timer',
      record_id: 3,
      from: '2026-11-01',
    });
    expect(reachQuery({ kind: '', id: 0 }, { from: '', to: '' })).toEqual({});
  });

  it('is offered beside Historia on the edit screen of a public kind, loaded on demand', async () => {
    publicKinds(['letter']);
    const letters = defineResource({ kind: 'letter', base: '/letter' });
    const calls = mockApi(({ method, url }) => {
      if (method === 'get' && url === '/letter/4') return ok({ id: 4, name: 'Apel' });
      if (method === 'get' && url === '/reach/') return ok(FIGURES);
      return fail(404, 'NOT_FOUND');
    });
    render(
      <MemoryRouter>
        <EditLoader resource={letters} id="4">
          {(item) => <p>Formularz: {item.name}</p>}
        </EditLoader>
      </MemoryRouter>,
    );
    await screen.findByText('Formularz: Apel');
    expect(calls.some((c) => c.url === '/reach/')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Zasięg' }));
    await screen.findByText('Formularz wyświetlony');
    expect(calls.find((c) => c.url === '/reach/').params).toEqual({ kind: 'letter', record_id: 4 });
    const funnel = screen.getByRole('table', { name: 'Lejek' });
    expect(
      within(funnel)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['KrokLiczba', 'Formularz wyświetlony1\u00a0234', 'Prośba wysłana12', 'Adres potwierdzony9']);
    const sites = screen.getByRole('table', { name: 'Strony, na których oglądano widżety' });
    expect(within(sites).getByText('Strona panelu (bez osadzenia)')).toBeTruthy();
    // The line is the shared chart module's: a mark per day, each with its value. It is drawn in an
    // effect, which React runs in a task after the tables are committed: wait for it as a reader
    // would (a loaded machine let the test read the empty chart in between).
    const chart = await within(screen.getByTestId('reach-chart')).findByRole('img', { name: 'Wyświetlenia dziennie' });
    expect(chart.tagName).toBe('svg');
  });

  it('is not offered for records no one sees in public', async () => {
    publicKinds(['letter']);
    const districts = defineResource({ kind: 'district', base: '/district' });
    mockApi(({ url }) => (url === '/district/2' ? ok({ id: 2, name: 'krakowski' }) : fail(404, 'NOT_FOUND')));
    render(
      <MemoryRouter>
        <EditLoader resource={districts} id="2">
          {(item) => <p>Powiat: {item.name}</p>}
        </EditLoader>
      </MemoryRouter>,
    );
    await screen.findByText('Powiat: krakowski');
    expect(screen.queryByRole('button', { name: 'Zasięg' })).toBeNull();
  });

  it('asks again for the days chosen and lists the widgets most seen for the whole panel', async () => {
    const calls = mockApi(({ url }) => (url === '/reach/' ? ok(FIGURES) : fail(404, 'NOT_FOUND')));
    render(<ReachPanel />);
    await screen.findByText('List: apel');
    fireEvent.change(screen.getByLabelText('Od dnia'), { target: { value: '2026-11-01' } });
    await screen.findByText('List: apel');
    expect(calls.at(-1).params).toEqual({ from: '2026-11-01' });
  });
});
